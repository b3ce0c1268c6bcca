// The front door of features/assignments: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { CourseAssignmentsSettings } from './CourseAssignmentsSettings';
export { ModuleAssignmentsEditor } from './ModuleAssignmentsEditor';
export { ModuleAssignmentsList } from './ModuleAssignmentsList';
