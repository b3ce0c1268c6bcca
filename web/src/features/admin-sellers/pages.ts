// The routed pages of features/admin-sellers, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminSellersPage = () => import('./AdminSellersPage');
export const AdminSettingsPage = () => import('./AdminSettingsPage');
