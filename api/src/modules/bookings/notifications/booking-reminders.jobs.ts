import { defineJob } from '../../../jobs';
import { BOOKING_REMINDER_JOB, sendReminder, type ReminderJobData } from './booking-notifications';

/** The reminder mails 24 h and 1 h before a confirmed booking (queued by scheduleReminders). */
defineJob<ReminderJobData>(BOOKING_REMINDER_JOB, async (data, { em, config }) => {
  await sendReminder(em, data, config.publicUrl);
});
