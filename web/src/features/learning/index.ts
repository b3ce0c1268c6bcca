// The front door of features/learning: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { default as CourseEnrollmentActions } from './CourseEnrollmentActions';
export { InstructorCourseFilter, useCourseFilterParam } from './InstructorCourseFilter';
export { messageOf } from './learningErrors';
export { sourceLabel } from './learningFormat';
export { coursePath } from './learningPaths';
