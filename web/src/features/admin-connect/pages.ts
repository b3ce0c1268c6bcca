// The routed pages of features/admin-connect, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminInstructorsPage = () => import('./AdminInstructorsPage');
export const AdminBookingsPage = () => import('./AdminBookingsPage');
