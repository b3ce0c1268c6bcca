// The front door of features/notifications: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { HeaderNotificationsSlot } from './HeaderNotificationsSlot';
export { NotificationSettings } from './NotificationSettings';
export { tokenFromSearch } from './notificationText';
