// The notifications module's front door: what other modules may use of it.
export { notificationsSuppressed, notify, publicSiteUrl } from './notify';
export { notifyInApp } from './in-app-notifications';
export { eraseNotificationsData, exportNotificationsData } from './personal-data';
export { configureNotifications, withoutNotifications } from './notify';
