// The routed pages of features/seller, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const SellerDashboardPage = () => import('./SellerDashboardPage');
export const SellerAnalyticsPage = () => import('./SellerAnalyticsPage');
export const SellerPaymentsPage = () => import('./SellerPaymentsPage');
export const SellerSettingsPage = () => import('./SellerSettingsPage');
