import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/test-app';
import {
  type Agent,
  codes,
  db,
  FOUNDATIONS,
  idByTitle,
  ok,
  signInDemoUsers,
} from '../courses/course-fixtures.test';
import { createSubmissionUpload } from './assignment-fixtures.test';
import { jobs } from '../../jobs';
import { ASSIGNMENT_DUE_REMINDERS_CRON, ASSIGNMENT_DUE_REMINDERS_JOB } from './assignments.jobs';
import { sendDueReminders } from './due-reminders';

let t: TestApp;
let as: Record<string, Agent>;
let idOf: Record<string, string>;
let courseId: string;
let dueId: string;
let openId: string;

const CREATE = `mutation ($input: AssignmentCreateInput!) { assignmentCreate(input: $input) {
  assignment { id } userErrors { code field message } } }`;
const STATS = `query ($id: ID!) { courseAssignmentStats(courseId: $id) {
  assignmentId title enrolled submitted waiting passed resubmit late overdue } }`;

/** Moves `user`'s enrolment in the course to `sql` (an expression of now()). */
async function enrolledAt(user: string, sql: string): Promise<void> {
  await db(t).execute(`update enrollments set created_at = ${sql} where user_id = ? and course_id = ?`, [
    user,
    courseId,
  ]);
}

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signInDemoUsers(t));
  courseId = await idByTitle(t, FOUNDATIONS);
  // Only this test's learners: member, seller, multi and officer (staff may enrol too).
  await db(t).execute(`delete from enrollments where course_id = ?`, [courseId]);
  for (const name of ['member', 'seller', 'multi', 'officer']) {
    await db(t).execute(
      `insert into enrollments (id, user_id, course_id, source) values (?, ?, ?, 'granted')`,
      [randomUUID(), idOf[name], courseId],
    );
  }
  const modules = await db(t).execute(`select id from course_modules where course_id = ? order by position`, [
    courseId,
  ]);
  const due = await ok(t, as.instructor, CREATE, {
    input: { moduleId: modules[0].id, title: 'Due in 14 days', dueDaysAfterEnrollment: 14 },
  });
  dueId = due.assignmentCreate.assignment.id;
  const open = await ok(t, as.instructor, CREATE, {
    input: { moduleId: modules[0].id, title: 'No due date' },
  });
  openId = open.assignmentCreate.assignment.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('assignment due dates', () => {
  it('a submission after the due moment is accepted and marked late by the database', async () => {
    // Due in two minutes: on time.
    await enrolledAt(idOf.member, `now() - interval '14 days' + interval '2 minutes'`);
    expect((await createSubmissionUpload(as.member, dueId, 1000)).status).toBe(201);
    // Due a second ago: late.
    await enrolledAt(idOf.member, `now() - interval '14 days' - interval '1 second'`);
    expect((await createSubmissionUpload(as.member, dueId, 1000)).status).toBe(201);
    // No due rule: never late.
    expect((await createSubmissionUpload(as.member, openId, 1000)).status).toBe(201);

    const mine = await ok(
      t,
      as.member,
      `query ($id: ID!) { assignment(id: $id) { dueAt mySubmissions { attempt late current } } }`,
      { id: dueId },
    );
    expect(mine.assignment.mySubmissions).toEqual([
      { attempt: 2, late: true, current: true },
      { attempt: 1, late: false, current: false },
    ]);
    const [enrolment] = await db(t).execute(
      `select created_at + interval '14 days' as due from enrollments where user_id = ? and course_id = ?`,
      [idOf.member, courseId],
    );
    expect(new Date(mine.assignment.dueAt).getTime()).toBe(new Date(enrolment.due).getTime());
    const [open] = await db(t).execute(
      `select late from assignment_submissions where assignment_id = ? and learner_id = ?`,
      [openId, idOf.member],
    );
    expect(open.late).toBe(false);

    const queue = await ok(
      t,
      as.instructor,
      `query ($id: ID!) { assignmentReviewQueue(courseId: $id) { assignmentId late } }`,
      { id: courseId },
    );
    expect(queue.assignmentReviewQueue).toEqual(
      expect.arrayContaining([
        { assignmentId: dueId, late: true },
        { assignmentId: openId, late: false },
      ]),
    );
  });

  it('reminds a learner once a day before the due moment, even when run twice at the same time', async () => {
    // seller: due in 23 hours, nothing submitted → reminded. multi: due in 9 days. officer: overdue.
    await enrolledAt(idOf.seller, `now() - interval '13 days' - interval '1 hour'`);
    await enrolledAt(idOf.multi, `now() - interval '5 days'`);
    await enrolledAt(idOf.officer, `now() - interval '20 days'`);
    // The learner's browser told the app its time zone: the mail states the due moment in it.
    const zone = await t.gql(
      as.seller,
      `mutation { profileUpdate(input: { timeZone: "America/Los_Angeles" }) { userErrors { code } } }`,
    );
    expect(zone.data.profileUpdate.userErrors).toEqual([]);
    const runs = await Promise.all([
      sendDueReminders(t.orm.em.fork()),
      sendDueReminders(t.orm.em.fork()),
      sendDueReminders(t.orm.em.fork()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDueReminders(t.orm.em.fork())).toBe(0);

    const mails = await db(t).execute(
      `select o."to", o."text", u.id as user_id from mail_outbox o join users u on u.email = o."to"
        where o.subject like 'Due tomorrow: Due in 14 days%'`,
    );
    expect(mails.map((m) => m.user_id)).toEqual([idOf.seller]);
    const [{ due_at }] = await db(t).execute(
      `select e.created_at + interval '14 days' as due_at from enrollments e where e.user_id = ? and e.course_id = ?`,
      [idOf.seller, courseId],
    );
    const local = DateTime.fromJSDate(new Date(due_at), { zone: 'America/Los_Angeles' }).setLocale('en-US');
    // e.g. "(Mon, Dec 7, 2026, 1:07 AM PST)"
    expect(mails[0].text).toContain(
      `(${local.toFormat('ccc, LLL d, yyyy, h:mm a')} ${local.offsetNameShort})`,
    );
    expect(mails[0].text).not.toMatch(/UTC/);
    const inApp = await ok(t, as.seller, `{ myNotifications { title link } }`);
    expect(
      inApp.myNotifications.filter((n: { title: string }) => n.title.startsWith('Due tomorrow')),
    ).toEqual([{ title: expect.stringContaining('Due in 14 days'), link: `/assignments/${dueId}` }]);
  });

  it('a learner can set only a real time zone (profileUpdate), and clear it', async () => {
    const set = (zone: string | null) =>
      t.gql(
        as.multi,
        `mutation ($z: String) { profileUpdate(input: { timeZone: $z }) { userErrors { code field } } }`,
        {
          z: zone,
        },
      );
    expect((await set('Mars/Olympus_Mons')).data.profileUpdate.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'timeZone' },
    ]);
    expect((await set('Europe/Berlin')).data.profileUpdate.userErrors).toEqual([]);
    const zoneOf = async () =>
      (await db(t).execute(`select time_zone from users where id = ?`, [idOf.multi]))[0].time_zone;
    expect(await zoneOf()).toBe('Europe/Berlin');
    expect((await set(null)).data.profileUpdate.userErrors).toEqual([]);
    expect(await zoneOf()).toBeNull();
  });

  it('the reminders are an hourly pg-boss schedule; a run through the queue sends nothing twice', async () => {
    const [schedule] = await db(t).execute(`select cron from pgboss.schedule where name = ?`, [
      ASSIGNMENT_DUE_REMINDERS_JOB,
    ]);
    expect(schedule?.cron).toBe(ASSIGNMENT_DUE_REMINDERS_CRON);
    await t.handle.jobs.boss.offWork(ASSIGNMENT_DUE_REMINDERS_JOB);
    const id = await jobs.send(ASSIGNMENT_DUE_REMINDERS_JOB, {});
    expect(await t.handle.jobs.runDue(ASSIGNMENT_DUE_REMINDERS_JOB)).toBeGreaterThanOrEqual(1);
    const [job] = await db(t).execute(`select state, output from pgboss.job where name = ? and id = ?`, [
      ASSIGNMENT_DUE_REMINDERS_JOB,
      id,
    ]);
    expect(job.state, JSON.stringify(job.output)).toBe('completed');
    const [mails] = await db(t).execute(
      `select count(*)::int as n from mail_outbox where subject like 'Due tomorrow: Due in 14 days%'`,
    );
    expect(mails.n).toBe(1);
  });

  it('counts each assignment’s learners for the course’s instructor and staff', async () => {
    // multi: asked to resubmit the due one (on time), passed the other.
    await db(t).execute(
      `insert into assignment_submissions (id, assignment_id, learner_id, attempt, status)
       values (?, ?, ?, 1, 'RESUBMIT'), (?, ?, ?, 1, 'PASSED')`,
      [randomUUID(), dueId, idOf.multi, randomUUID(), openId, idOf.multi],
    );
    const mine = await ok(t, as.instructor, STATS, { id: courseId });
    expect(mine.courseAssignmentStats).toEqual([
      {
        assignmentId: dueId,
        title: 'Due in 14 days',
        enrolled: 4,
        submitted: 2,
        waiting: 1,
        passed: 0,
        resubmit: 1,
        late: 1,
        overdue: 1,
      },
      {
        assignmentId: openId,
        title: 'No due date',
        enrolled: 4,
        submitted: 2,
        waiting: 1,
        passed: 1,
        resubmit: 0,
        late: 0,
        overdue: 0,
      },
    ]);
    // Staff see the same figures.
    const staff = await ok(t, as.officer, STATS, { id: courseId });
    expect(staff.courseAssignmentStats).toEqual(mine.courseAssignmentStats);
  });

  it('refuses the figures to learners, other instructors and unknown courses', async () => {
    expect(codes(await t.gql(as.member, STATS, { id: courseId }))).toEqual(['FORBIDDEN']);
    expect(codes(await t.gql(as.multi, STATS, { id: courseId }))).toEqual(['FORBIDDEN']);
    expect(codes(await t.gql(t.agent(), STATS, { id: courseId }))).toEqual(['UNAUTHENTICATED']);
    expect(codes(await t.gql(as.instructor, STATS, { id: '00000000-0000-4000-8000-000000000000' }))).toEqual([
      'BAD_USER_INPUT',
    ]);
  });
});
