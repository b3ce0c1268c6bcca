// The routed pages of features/admin-store, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminStorePage = () => import('./AdminStorePage');
export const AdminStoreProductsPage = () => import('./AdminStoreProductsPage');
export const AdminStoreOrdersPage = () => import('./AdminStoreOrdersPage');
