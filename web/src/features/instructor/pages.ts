// The routed pages of features/instructor, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const InstructorDashboardPage = () => import('./InstructorDashboardPage');
export const InstructorCoursesPage = () => import('./InstructorCoursesPage');
export const InstructorCourseCreatePage = () => import('./InstructorCourseCreatePage');
export const InstructorCourseEditPage = () => import('./InstructorCourseEditPage');
export const InstructorStudentsPage = () => import('./InstructorStudentsPage');
export const InstructorQuizzesPage = () => import('./InstructorQuizzesPage');
