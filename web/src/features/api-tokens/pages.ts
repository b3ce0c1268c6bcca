// The routed pages of features/api-tokens, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminApiTokensPage = () => import('./AdminApiTokensPage');
