// The routed pages of features/connect, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const ConnectPage = () => import('./ConnectPage');
export const InstructorPage = () => import('./InstructorPage');
export const BookingPage = () => import('./BookingPage');
export const MyBookingsPage = () => import('./MyBookingsPage');
