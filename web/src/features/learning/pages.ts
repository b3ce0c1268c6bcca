// The routed pages of features/learning, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const ModulePage = () => import('./ModulePage');
export const LessonPage = () => import('./LessonPage');
export const QuizPage = () => import('./QuizPage');
export const MyCoursesPage = () => import('./MyCoursesPage');
