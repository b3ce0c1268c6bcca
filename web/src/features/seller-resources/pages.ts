// The routed pages of features/seller-resources, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const ResourceUploadPage = () => import('./ResourceUploadPage');
export const ResourceEditPage = () => import('./ResourceEditPage');
export const SellerResourcesPage = () => import('./SellerResourcesPage');
