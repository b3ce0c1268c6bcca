import { defineJob, defineSchedule } from '../../jobs';
import { sendDueReminders } from './due-reminders';

/**
 * The reminder a day before an assignment's due moment (due-reminders.ts), as a pg-boss cron job:
 * once an hour across every process; a retry or a second run sends nothing twice.
 */
export const ASSIGNMENT_DUE_REMINDERS_JOB = 'assignments.due-reminders';
export const ASSIGNMENT_DUE_REMINDERS_CRON = '7 * * * *';

defineJob(ASSIGNMENT_DUE_REMINDERS_JOB, async (_data, ctx) => {
  await sendDueReminders(ctx.em);
});
defineSchedule(ASSIGNMENT_DUE_REMINDERS_JOB, ASSIGNMENT_DUE_REMINDERS_CRON);
