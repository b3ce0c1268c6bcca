import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMailTime } from '../mail';
import { courseFactsSql, courseModulesSql } from '../courses';
import { openEnrollmentsSql } from '../learning';
import { userDisplayNamesSql } from '../users';
import { notificationsSuppressed, notifyInApp, notify, publicSiteUrl } from '../notifications';
import { dueAtSql } from './assignment-access';

interface ReminderRow {
  assignment_id: string;
  learner_id: string;
  title: string;
  course_title: string;
  due_at: Date;
  time_zone: string | null;
}

/**
 * The subject and text of the reminder mail (and the in-app line). The due moment is stated in the
 * learner's time zone (`users.time_zone`, the browser's; UTC when not known), as booking mails are.
 */
export function dueReminderContent(
  r: { assignmentId: string; title: string; courseTitle: string; dueAt: Date; timeZone: string | null },
  siteUrl: string,
): { subject: string; text: string; link: string } {
  const link = `/assignments/${r.assignmentId}`;
  const when = formatMailTime(r.dueAt, r.timeZone ?? 'UTC');
  return {
    subject: `Due tomorrow: ${r.title} (${r.courseTitle})`,
    text:
      `Your video for "${r.title}" in "${r.courseTitle}" is due within a day (${when}).\n` +
      `A video submitted later is still accepted, marked late.\n\nSubmit it here: ${siteUrl}${link}\n`,
    link,
  };
}

/**
 * The reminders a day before the due moment: every open enrolment whose due moment for an
 * assignment is less than a day away and who has not submitted it gets one mail (kind
 * `assignments`, through `notify`: the learner's preference applies) and an in-app notification.
 * Exactly once per learner and assignment: the `assignment_due_reminders` row is inserted by the
 * same statement that picks the learners (`on conflict do nothing`), in the transaction of the
 * mails; a second run, even at the same moment, finds the rows (or waits on them) and sends nothing.
 * Returns how many learners were reminded.
 */
export async function sendDueReminders(em: EntityManager): Promise<number> {
  if (notificationsSuppressed()) return 0;
  return em.transactional(async (tem) => {
    const rows = await tem.execute<ReminderRow[]>(
      `with due as (
         select a.id as assignment_id, e.user_id as learner_id, a.title, c.title as course_title,
                ${dueAtSql('a', 'e')} as due_at, u.time_zone
           from assignments a
           join (${courseModulesSql}) m on m.id = a.module_id
           join (${courseFactsSql}) c on c.id = m.course_id
           join (${openEnrollmentsSql}) e on e.course_id = m.course_id
           join (${userDisplayNamesSql}) u on u.id = e.user_id
          where a.due_days_after_enrollment is not null
            and now() < ${dueAtSql('a', 'e')}
            and now() >= ${dueAtSql('a', 'e')} - interval '24 hours'
            and not exists (select 1 from assignment_submissions s
                             where s.assignment_id = a.id and s.learner_id = e.user_id)
       ), sent as (
         insert into assignment_due_reminders (assignment_id, learner_id)
         select assignment_id, learner_id from due
         on conflict do nothing
         returning assignment_id, learner_id
       )
       select due.* from due join sent using (assignment_id, learner_id)`,
    );
    const siteUrl = publicSiteUrl();
    for (const r of rows) {
      const { subject, text, link } = dueReminderContent(
        {
          assignmentId: r.assignment_id,
          title: r.title,
          courseTitle: r.course_title,
          dueAt: new Date(r.due_at),
          timeZone: r.time_zone,
        },
        siteUrl,
      );
      await notify(tem, { userId: r.learner_id, kind: 'assignments', subject, text });
      await notifyInApp(tem, { userId: r.learner_id, title: subject, body: '', link });
    }
    return rows.length;
  });
}
