// The routed pages of features/instructor-connect, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const InstructorProfilePage = () => import('./InstructorProfilePage');
export const InstructorAvailabilityPage = () => import('./InstructorAvailabilityPage');
export const InstructorConnectSettingsPage = () => import('./InstructorSettingsPage');
export const InstructorBookingsPage = () => import('./InstructorBookingsPage');
