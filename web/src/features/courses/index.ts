// The front door of features/courses: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { ConfirmButton } from './ConfirmButton';
export { coursePath } from './CourseCard';
export { CourseForm, courseInputOf } from './CourseForm';
export { coursePriceLabel, formatMinutes, plural } from './courseFormat';
export { useCourseMutation } from './useCourseMutation';
export type { CourseUserError } from './useCourseMutation';
