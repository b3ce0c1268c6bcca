// The routed pages of features/misc, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const InfoPage = () => import('./InfoPage');
export const NotFoundPage = () => import('./NotFoundPage');
