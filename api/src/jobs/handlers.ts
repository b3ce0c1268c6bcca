/**
 * Imports every module that declares jobs (`defineJob`), so the boot registers them all. Add a
 * line for a new module's jobs file.
 */
import '../modules/mail/mail';
import '../modules/bookings/notifications/booking-reminders.jobs';
import '../modules/bookings/booking-holds.jobs';
import '../modules/memberships/membership.jobs';
import '../modules/shop/shop.jobs';
import '../modules/auth/auth-housekeeping.jobs';
import '../modules/account/account.jobs';
import '../modules/uploads/abandoned-uploads.jobs';
import '../modules/orders/automatic-refund.jobs';
import '../modules/sellers/earnings.jobs';
import '../modules/webhooks/webhooks.jobs';
import '../http/rate-limit.jobs';
