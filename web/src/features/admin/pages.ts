// The routed pages of features/admin, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const AdminDashboardPage = () => import('./AdminDashboardPage');
export const AdminUsersPage = () => import('./AdminUsersPage');
export const AdminUserPage = () => import('./AdminUserPage');
export const AdminRolesPage = () => import('./AdminRolesPage');
export const AdminDocumentationPage = () => import('./AdminDocumentationPage');
export const AdminDeploymentPage = () => import('./AdminDeploymentPage');
