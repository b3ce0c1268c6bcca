// The routed pages of features/dashboard, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const UserDashboardPage = () => import('./UserDashboardPage');
export const MultiDashboardPage = () => import('./MultiDashboardPage');
export const DashboardRedirect = () => import('./DashboardRedirect');
