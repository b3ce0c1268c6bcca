import { Pool } from 'pg';
import type { SessionData, Store } from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { createSessionStore } from './session-store';

let t: TestApp;
let pool: Pool;
let store: Store;

const call = (fn: (done: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

const sessionExpiring = (at: Date): SessionData =>
  ({ cookie: { originalMaxAge: 1000, expires: at }, userId: 'someone' }) as unknown as SessionData;

async function storedExpiry(sid: string): Promise<number> {
  const { rows } = await pool.query<{ expire: Date }>('select expire from session where sid = $1', [sid]);
  return rows[0].expire.getTime();
}

beforeAll(async () => {
  t = await startTestApp();
  pool = new Pool({ connectionString: t.databaseUrl, max: 2 });
  store = createSessionStore(pool, 3600);
});

afterAll(async () => {
  (store as unknown as { close(): void }).close();
  await pool.end();
  await t.close();
});

describe('the session store', () => {
  it('extends a session’s expiry on the first touch and then at most once per interval', async () => {
    const sid = 'throttle-test-session';
    const base = Date.now() + 60_000;
    await call((done) => store.set(sid, sessionExpiring(new Date(base)), done));
    expect(await storedExpiry(sid)).toBe(Math.ceil(base / 1000) * 1000);

    await call((done) => store.touch!(sid, sessionExpiring(new Date(base + 3_600_000)), done));
    const touched = await storedExpiry(sid);
    expect(touched).toBe(Math.ceil((base + 3_600_000) / 1000) * 1000);

    // a poll a moment later does not write again
    await call((done) => store.touch!(sid, sessionExpiring(new Date(base + 7_200_000)), done));
    expect(await storedExpiry(sid)).toBe(touched);
  });

  it('still destroys sessions', async () => {
    const sid = 'destroy-test-session';
    await call((done) => store.set(sid, sessionExpiring(new Date(Date.now() + 60_000)), done));
    await call((done) => store.destroy(sid, done));
    const { rows } = await pool.query('select 1 from session where sid = $1', [sid]);
    expect(rows).toEqual([]);
  });
});
