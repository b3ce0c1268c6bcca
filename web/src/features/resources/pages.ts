// The routed pages of features/resources, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const CurriculumPage = () => import('./CurriculumPage');
export const ResourceDetailsPage = () => import('./ResourceDetailsPage');
export const SellerStorePage = () => import('./SellerStorePage');
export const MyResourcesPage = () => import('./MyResourcesPage');
