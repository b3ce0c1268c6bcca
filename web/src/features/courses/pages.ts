// The routed pages of features/courses, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const CoursesPage = () => import('./CoursesPage');
export const CourseDetailsPage = () => import('./CourseDetailsPage');
