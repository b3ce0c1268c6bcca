import type { Config } from '../../../config';
import { setBookingChangeListener } from '../booking-events';
import { notifyBookingChange } from './booking-notifications';

/**
 * Hooks the booking mails and reminders into booking-events.ts: every booking state change the
 * bookings module reports (inside its transaction) mails the client and the instructor and queues
 * the reminders, on that same transaction. Called once by the app's boot.
 */
export function installBookingNotifications(config: Pick<Config, 'publicUrl'>): void {
  setBookingChangeListener(async (em, bookingId, what) => {
    await notifyBookingChange(em, bookingId, what, config.publicUrl);
  });
}
