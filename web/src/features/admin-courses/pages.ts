// The routed pages of features/admin-courses, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminCoursesPage = () => import('./AdminCoursesPage');
export const AdminCourseCategoriesPage = () => import('./AdminCourseCategoriesPage');
export const AdminDanceStylesPage = () => import('./AdminDanceStylesPage');
export const AdminCourseCreatorPage = () => import('./AdminCourseCreatorPage');
