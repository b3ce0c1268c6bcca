import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { defineJob, defineSchedule, JobQueue, jobs } from '.';
import {
  PRUNE_LOGIN_ATTEMPTS_JOB,
  PRUNE_REGISTRATION_ATTEMPTS_JOB,
  PRUNE_SESSIONS_JOB,
} from '../modules/auth/auth-housekeeping.jobs';
import { EXPIRE_LAPSED_HOLDS_JOB } from '../modules/bookings/booking-holds.jobs';
import { RETRY_DUE_REFUNDS_JOB } from '../modules/orders/automatic-refund.jobs';
import { RELEASE_MATURED_EARNINGS_JOB } from '../modules/sellers/earnings.jobs';
import { PRUNE_ABANDONED_UPLOADS_JOB } from '../modules/uploads/abandoned-uploads.jobs';

const HOUSEKEEPING = [
  PRUNE_LOGIN_ATTEMPTS_JOB,
  PRUNE_REGISTRATION_ATTEMPTS_JOB,
  PRUNE_SESSIONS_JOB,
  PRUNE_ABANDONED_UPLOADS_JOB,
  RETRY_DUE_REFUNDS_JOB,
  EXPIRE_LAPSED_HOLDS_JOB,
  RELEASE_MATURED_EARNINGS_JOB,
];

// A job due every minute, worked by two queues (two processes): pg-boss's cron sends it once a
// minute across both, and one of them runs it.
const EVERY_MINUTE_JOB = 'test.every-minute';
const minuteRuns: string[] = [];
defineJob(EVERY_MINUTE_JOB, async (_data, ctx) => {
  minuteRuns.push(ctx.id);
});
defineSchedule(EVERY_MINUTE_JOB, '* * * * *');

let t: TestApp;
let second: JobQueue;
const db = () => t.orm.em.fork().getConnection();
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
  // A second "process": its own pg-boss (with cron) on the same database, working every job.
  second = new JobQueue(t.databaseUrl, {
    orm: t.orm,
    config: t.config,
    pollingIntervalSeconds: 0.5,
    cronIntervalSeconds: 1,
  });
  await second.start();
  await second.workRegistered();
  await second.scheduleRegistered();
});
afterAll(async () => {
  await second?.stop();
  await t?.close();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends job `name` now and runs it in this test (the queues' own workers are stopped for it). */
async function runNow(name: string): Promise<string> {
  await t.handle.jobs.boss.offWork(name);
  await second.boss.offWork(name);
  const id = await jobs.send(name, {});
  expect(await t.handle.jobs.runDue(name)).toBeGreaterThanOrEqual(1);
  const [row] = await db().execute<{ state: string; output: unknown }[]>(
    `select state, output from pgboss.job where name = ? and id = ?`,
    [name, id],
  );
  // A failure's message is in `output`: shown with the state when it is not `completed`.
  return row.state === 'completed' ? row.state : `${row.state}: ${JSON.stringify(row.output)}`;
}

describe('housekeeping on the job queue', () => {
  it('every housekeeping task is a pg-boss schedule (no timer in the process)', async () => {
    const rows = await db().execute<{ name: string; cron: string }[]>(
      `select name, cron from pgboss.schedule`,
    );
    const scheduled = new Map(rows.map((r) => [r.name, r.cron]));
    for (const name of HOUSEKEEPING) expect(scheduled.get(name), name).toMatch(/^[\d*/]+ [\d*/]+ \* \* \*$/);
  });

  it('the auth jobs delete expired sessions and old sign-in and registration attempts, and keep the rest', async () => {
    await db().execute(
      `insert into "session" (sid, sess, expire) values
        ('hk-expired', '{}', to_timestamp(?)), ('hk-live', '{}', to_timestamp(?))`,
      [(Date.now() - MINUTE) / 1000, (Date.now() + 60 * MINUTE) / 1000],
    );
    await db().execute(
      `insert into login_attempts (key, created_at) values ('ip:hk-old', ?), ('ip:hk-new', now())`,
      [new Date(Date.now() - 16 * MINUTE)],
    );
    await db().execute(
      `insert into registration_attempts (address, created_at) values ('hk-old', ?), ('hk-new', now())`,
      [new Date(Date.now() - 61 * MINUTE)],
    );

    expect(await runNow(PRUNE_SESSIONS_JOB)).toBe('completed');
    expect(await runNow(PRUNE_LOGIN_ATTEMPTS_JOB)).toBe('completed');
    expect(await runNow(PRUNE_REGISTRATION_ATTEMPTS_JOB)).toBe('completed');

    const sessions = await db().execute<{ sid: string }[]>(`select sid from "session" where sid like 'hk-%'`);
    expect(sessions.map((r) => r.sid)).toEqual(['hk-live']);
    const attempts = await db().execute<{ key: string }[]>(
      `select key from login_attempts where key like 'ip:hk-%'`,
    );
    expect(attempts.map((r) => r.key)).toEqual(['ip:hk-new']);
    const registrations = await db().execute<{ address: string }[]>(
      `select address from registration_attempts where address like 'hk-%'`,
    );
    expect(registrations.map((r) => r.address)).toEqual(['hk-new']);
  });

  it('the uploads job removes an upload abandoned for a day, with its file', async () => {
    const [owner] = await db().execute<{ id: string }[]>(`select id from users where username = 'seller'`);
    const id = randomUUID();
    const key = `pending/${id}`;
    const file = path.join(t.config.privateDir, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'bytes');
    await db().execute(
      `insert into uploads (id, owner_id, storage_key, file_name, size_bytes, content_type, kind, public, created_at)
       values (?, ?, ?, 'f', 5, 'application/pdf', 'document', false, ?)`,
      [id, owner.id, key, new Date(Date.now() - 25 * 60 * MINUTE)],
    );

    expect(await runNow(PRUNE_ABANDONED_UPLOADS_JOB)).toBe('completed');
    expect(await db().execute(`select 1 from uploads where id = ?`, [id])).toHaveLength(0);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('the refunds, holds and earnings jobs run to completion', async () => {
    for (const name of [RETRY_DUE_REFUNDS_JOB, EXPIRE_LAPSED_HOLDS_JOB, RELEASE_MATURED_EARNINGS_JOB]) {
      expect(await runNow(name), name).toBe('completed');
    }
  });

  it('a scheduled job worked by two processes runs once per due minute', async () => {
    // Both queues started with cron: a `* * * * *` schedule is due at once, so a run comes soon.
    await until(() => minuteRuns.length >= 1, 30_000);
    await new Promise((r) => setTimeout(r, 3000));
    const sent = await db().execute<{ id: string; state: string }[]>(
      `select id, state from pgboss.job where name = ?`,
      [EVERY_MINUTE_JOB],
    );
    // One job per due minute (a second only if the minute turned meanwhile), each run once.
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent.every((job) => job.state === 'completed')).toBe(true);
    expect([...minuteRuns].sort()).toEqual(sent.map((job) => job.id).sort());
  });
});
