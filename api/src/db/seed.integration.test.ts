import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { seedDatabase } from './seeders/seed';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
/** Seeded as the test app seeds: the staff without the demo two-step key (test/test-app.ts). */
const AS_THE_TEST_APP = { demoTwoStep: false };

/** The demo accounts and their roles (issue 2, item 2). */
const DEMO_ACCOUNTS: [string, string[]][] = [
  ['admin', ['admin']],
  ['officer', ['curriculum_officer']],
  ['seller', ['seller']],
  ['instructor', ['instructor']],
  ['member', ['user']],
  ['multi', ['seller', 'instructor']],
];

function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute(query, params);
}

async function usernames(): Promise<string[]> {
  const rows = await sql<{ username: string }>('select username from users order by username');
  return rows.map((r) => r.username);
}

describe('demo accounts', () => {
  it.each(DEMO_ACCOUNTS)(
    '%s exists with roles %j and signs in with drx-demo-2026',
    async (username, roles) => {
      // when the demo account signs in
      const res = await t.agent().post('/api/login').set(json).send({ username, password: 'drx-demo-2026' });
      // then it is the seeded account with the roles
      expect(res.status).toBe(200);
      expect(res.body.username).toBe(username);
      expect([...res.body.roles].sort()).toEqual([...roles].sort());
      expect(roles).toContain(res.body.role);
    },
  );

  it('are the only users of a fresh database (with the demo store sellers), one row each', async () => {
    expect(await usernames()).toEqual([...DEMO_ACCOUNTS.map(([u]) => u), 'rhythm', 'studio', 'lena'].sort());
  });
});

describe('seeding again', () => {
  it('is recorded once in seed_runs and does not duplicate users', async () => {
    // given a seeded database
    const before = await sql('select id, username, password_hash from users order by id');
    // when the seed runs again
    const ran = await seedDatabase(t.orm.em.fork(), undefined, AS_THE_TEST_APP);
    // then no seeder runs and the users are exactly the same rows
    expect(ran).toEqual([]);
    expect(await sql('select id, username, password_hash from users order by id')).toEqual(before);
    expect(await sql('select name from seed_runs order by name')).toEqual([
      { name: 'demo-bookings' },
      { name: 'demo-courses' },
      { name: 'demo-instructors' },
      { name: 'demo-messages' },
      { name: 'demo-orders' },
      { name: 'demo-plans' },
      { name: 'demo-resources' },
      { name: 'demo-sellers' },
      { name: 'demo-users' },
    ]);
  });

  it('does not recreate a demo user that was renamed or deleted', async () => {
    // given the seller renamed and the member deleted
    await sql(
      `update users set username = 'shopkeeper', username_key = 'shopkeeper' where username_key = 'seller'`,
    );
    await sql(`delete from users where username_key = 'member'`);
    const before = await usernames();
    expect(before).not.toContain('seller');
    expect(before).not.toContain('member');
    // when the seed runs again
    const ran = await seedDatabase(t.orm.em.fork(), undefined, AS_THE_TEST_APP);
    // then neither comes back
    expect(ran).toEqual([]);
    expect(await usernames()).toEqual(before);
  });

  it('(control) would recreate missing demo users if its seed_runs record were gone', async () => {
    // given the same edited database without its seed_runs record
    await sql(`delete from seed_runs where name = 'demo-users'`);
    // when the seed runs
    const ran = await seedDatabase(t.orm.em.fork(), undefined, AS_THE_TEST_APP);
    // then the demo-users seeder runs again: it recreates the missing accounts and keeps the others as they are
    expect(ran).toEqual(['demo-users']);
    const names = await usernames();
    expect(names).toEqual(expect.arrayContaining(['seller', 'member', 'shopkeeper']));
    expect(names.filter((n) => n === 'admin')).toHaveLength(1);
    expect(await sql('select name from seed_runs order by name')).toEqual([
      { name: 'demo-bookings' },
      { name: 'demo-courses' },
      { name: 'demo-instructors' },
      { name: 'demo-messages' },
      { name: 'demo-orders' },
      { name: 'demo-plans' },
      { name: 'demo-resources' },
      { name: 'demo-sellers' },
      { name: 'demo-users' },
    ]);
  });
});

describe('servers starting together', () => {
  it('run each seeder exactly once', async () => {
    // given a database whose demo-users seed has not run yet (and lost the accounts that teach nothing)
    await sql(`delete from seed_runs where name = 'demo-users'`);
    await sql(`delete from users where username in ('admin','officer','seller','member')`);
    // when three servers seed it at the same moment
    const results = await Promise.all(
      [1, 2, 3].map(() => seedDatabase(t.orm.em.fork(), undefined, AS_THE_TEST_APP)),
    );
    // then exactly one of them ran the seeder, none failed, and each demo user exists once
    expect(results.flat()).toEqual(['demo-users']);
    const counts = await sql<{ username: string; n: string }>(
      'select username, count(*) as n from users group by username having count(*) > 1',
    );
    expect(counts).toEqual([]);
    expect((await usernames()).filter((u) => DEMO_ACCOUNTS.some(([d]) => d === u))).toHaveLength(6);
  });
});

describe('migrations', () => {
  it('running the migrator up() again is a no-op', async () => {
    // given a migrated database
    const migrator = t.orm.getMigrator();
    const executed = await migrator.getExecutedMigrations();
    expect(executed.length).toBeGreaterThan(0);
    const tables = await sql<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['users', 'login_attempts', 'session', 'seed_runs']),
    );
    // when up() runs again
    const applied = await migrator.up();
    // then nothing is applied and nothing is pending
    expect(applied).toEqual([]);
    expect(await migrator.getPendingMigrations()).toEqual([]);
    expect((await migrator.getExecutedMigrations()).map((m) => m.name)).toEqual(executed.map((m) => m.name));
  });
});
