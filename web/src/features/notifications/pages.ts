// The routed pages of features/notifications, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const UnsubscribePage = () => import('./UnsubscribePage');
export const NotificationsPage = () => import('./NotificationsPage');
