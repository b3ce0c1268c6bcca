// The routed pages of features/home, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const HomePage = () => import('./HomePage');
export const AboutPage = () => import('./AboutPage');
