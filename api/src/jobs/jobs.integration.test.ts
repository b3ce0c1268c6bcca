import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { startTestApp, type TestApp } from '../test/test-app';
import { defineJob, JobQueue, jobs, singletonJobId } from '.';

// Handlers of this file's jobs record each run (one process: both queues below share them).
const runs: string[] = [];
defineJob<{ tag: string }>('test.record', async ({ tag }) => {
  runs.push(tag);
});
defineJob<{ tag: string }>('test.manual', async ({ tag }) => {
  runs.push(tag);
});

let t: TestApp;
let second: JobQueue;

beforeAll(async () => {
  t = await startTestApp();
  // A second "process": its own pg-boss on the same database, working the same jobs.
  second = new JobQueue(t.databaseUrl, { orm: t.orm, config: t.config, pollingIntervalSeconds: 0.5 });
  await second.start();
  await second.workRegistered();
});
afterAll(async () => {
  await second?.stop();
  await t?.close();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stateOf(name: string, id: string): Promise<string | undefined> {
  const rows = await t.orm.em
    .fork()
    .getConnection()
    .execute(`select "state" from "pgboss"."job" where "name" = ? and "id" = ?`, [name, id]);
  return rows[0]?.state;
}

describe('jobs (pg-boss)', () => {
  it('runs a sent job in the app process, with its data', async () => {
    const id = await jobs.send('test.record', { tag: 'hello' });
    expect(id).toBeTruthy();
    await until(() => runs.includes('hello'));
    await until(async () => (await stateOf('test.record', id!)) === 'completed');
  });

  it('a job sent twice with one singletonKey runs once', async () => {
    const first = await jobs.send('test.record', { tag: 'single' }, { singletonKey: 'booking-1' });
    const again = await jobs.send('test.record', { tag: 'single' }, { singletonKey: 'booking-1' });
    expect(first).toBe(singletonJobId('test.record', 'booking-1'));
    expect(again).toBeNull();
    await until(async () => (await stateOf('test.record', first!)) === 'completed');
    // Sent again after it ran: still the same job, not a second run.
    expect(await jobs.send('test.record', { tag: 'single' }, { singletonKey: 'booking-1' })).toBeNull();
    await new Promise((r) => setTimeout(r, 1200));
    expect(runs.filter((r) => r === 'single')).toHaveLength(1);
  });

  it('two queues on one database run each job exactly once', async () => {
    const tags = Array.from({ length: 40 }, (_, i) => `many-${i}`);
    await Promise.all(tags.map((tag, i) => (i % 2 ? second : t.handle.jobs).send('test.record', { tag })));
    await until(() => tags.every((tag) => runs.includes(tag)), 20_000);
    await new Promise((r) => setTimeout(r, 1200));
    for (const tag of tags) expect(runs.filter((r) => r === tag)).toHaveLength(1);
  });

  it('runDue runs only jobs that are due; startAfter holds one back', async () => {
    // Both processes poll this name: stop their workers, so only runDue runs these.
    await t.handle.jobs.boss.offWork('test.manual');
    await second.boss.offWork('test.manual');
    await jobs.send('test.manual', { tag: 'later' }, { startAfter: new Date(Date.now() + 60 * 60_000) });
    await jobs.send('test.manual', { tag: 'now' });
    expect(await t.handle.jobs.runDue('test.manual')).toBe(1);
    expect(runs).toContain('now');
    expect(runs).not.toContain('later');
  });

  it('a job sent in a transaction exists only if it commits', async () => {
    const em = t.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        await jobs.send('test.manual', { tag: 'rolled-back' }, { em: tx, singletonKey: 'tx-1' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await stateOf('test.manual', singletonJobId('test.manual', 'tx-1'))).toBeUndefined();
    await em.transactional(async (tx) => {
      await jobs.send('test.manual', { tag: 'committed' }, { em: tx, singletonKey: 'tx-2' });
    });
    expect(await stateOf('test.manual', singletonJobId('test.manual', 'tx-2'))).toBe('created');
    expect(await t.handle.jobs.runDue('test.manual')).toBe(1);
    expect(runs).toContain('committed');
    expect(runs).not.toContain('rolled-back');
  });

  it('several processes starting at once on a new database all get their queues', async () => {
    const db = await createTestDatabase();
    const queues = Array.from(
      { length: 4 },
      () => new JobQueue(db.url, { orm: t.orm, config: t.config, pollingIntervalSeconds: 0.5 }),
    );
    try {
      await Promise.all(queues.map((q) => q.start()));
      await Promise.all(queues.map((q) => q.workRegistered()));
      const id = await queues[0].send('test.record', { tag: 'fresh-db' });
      expect(id).toBeTruthy();
      await until(() => runs.includes('fresh-db'));
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await db.drop();
    }
  });
});
