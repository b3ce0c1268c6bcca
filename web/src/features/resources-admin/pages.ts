// The routed pages of features/resources-admin, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminResourcesPage = () => import('./AdminResourcesPage');
export const AdminResourceCategoriesPage = () => import('./AdminResourceCategoriesPage');
export const CurriculumOfficerPage = () => import('./CurriculumOfficerPage');
