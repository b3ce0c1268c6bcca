import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { SESSION_TOUCH_INTERVAL_MS } from './session-middleware';
import { pruneExpiredSessions } from './auth-housekeeping.jobs';
import { SessionStore } from './session-store';

let t: TestApp;
let pool: Pool;
const json = { 'content-type': 'application/json' };
const DAY = 24 * 60 * 60 * 1000;
const NOWHERE = { ip: null, userAgent: null, createdAt: 0 };

beforeAll(async () => {
  t = await startTestApp();
  pool = new Pool({ connectionString: t.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

async function signIn(browser = t.agent()) {
  const res = await browser
    .post('/api/login')
    .set(json)
    .send({ username: 'member', password: 'drx-demo-2026' });
  expect(res.status).toBe(200);
  const cookie = res.headers['set-cookie']?.[0] ?? '';
  const sid = decodeURIComponent(cookie.split(';')[0].slice('drx.sid='.length)).slice(2).split('.')[0];
  return { browser, cookie, sid };
}

async function sessionRow(sid: string) {
  const { rows } = await pool.query<{ user_id: string | null; expire_ms: number }>(
    `select sess->>'userId' as user_id, extract(epoch from expire::timestamptz) * 1000 as expire_ms
     from session where sid = $1`,
    [sid],
  );
  return rows[0];
}

const me = (cookie?: string) => {
  const req = t.agent().get('/api/user');
  return cookie ? req.set('cookie', cookie) : req;
};

describe('sessions', () => {
  it('sign-in stores the session and sets a signed HttpOnly, SameSite=Lax cookie lasting 30 days', async () => {
    const { cookie, sid } = await signIn();
    expect(cookie).toMatch(/^drx\.sid=s%3A[\w-]+\.[\w%]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]);
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const row = await sessionRow(sid);
    expect(row.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Number(row.expire_ms) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const res = await me(cookie.split(';')[0]);
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('member');
    // a request within the touch interval writes nothing and sets no cookie
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('treats a forged, malformed or unknown cookie as a guest without setting a cookie', async () => {
    const { cookie } = await signIn();
    const value = cookie.split(';')[0];
    const forged = `${value.slice(0, -3)}abc`;
    for (const bad of [forged, 'drx.sid=garbage', 'drx.sid=s%3Aunknown.sig', 'drx.sid=%E0%A4%A']) {
      const res = await me(bad);
      expect(res.status).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // a session id signed with another secret is refused too
    const other = await t
      .agent()
      .get('/api/user')
      .set('cookie', value.replace(/\.[^.]+$/, '.AAAA'));
    expect(other.status).toBe(401);
  });

  it('finds the cookie among others', async () => {
    const { cookie } = await signIn();
    const res = await me(`theme=dark; ${cookie.split(';')[0]}; other=1`);
    expect(res.status).toBe(200);
  });

  it('ends an expired session', async () => {
    const { cookie, sid } = await signIn();
    await pool.query(`update session set expire = now() - interval '1 second' where sid = $1`, [sid]);
    expect((await me(cookie.split(';')[0])).status).toBe(401);
  });

  // The cart poll reads the session in its own statement (sessionWithRows), the rest through the middleware.
  it.for(['/api/user', '/api/cart'])(
    'pushes the expiry and the cookie forward once the touch interval has passed (%s)',
    async (path) => {
      const { cookie, sid } = await signIn();
      const stale = Date.now() + 30 * DAY - SESSION_TOUCH_INTERVAL_MS - 60_000;
      await pool.query('update session set expire = to_timestamp($2) where sid = $1', [sid, stale / 1000]);
      const res = await t.agent().get(path).set('cookie', cookie.split(';')[0]);
      expect(res.status).toBe(200);
      const renewed = res.headers['set-cookie']?.[0] ?? '';
      expect(renewed.split(';')[0]).toBe(cookie.split(';')[0]);
      expect(
        Math.abs(Date.parse(/Expires=([^;]+)/.exec(renewed)![1]) - (Date.now() + 30 * DAY)),
      ).toBeLessThan(60_000);
      expect(Math.abs(Number((await sessionRow(sid)).expire_ms) - (Date.now() + 30 * DAY))).toBeLessThan(
        60_000,
      );
    },
  );

  it('signing in again replaces the session (the old id is gone: no fixation)', async () => {
    const first = await signIn();
    const second = await signIn(first.browser);
    expect(second.sid).not.toBe(first.sid);
    expect(await sessionRow(first.sid)).toBeUndefined();
    expect((await me(first.cookie.split(';')[0])).status).toBe(401);
    expect((await me(second.cookie.split(';')[0])).status).toBe(200);
  });

  it('sign-out deletes the session and clears the cookie', async () => {
    const { browser, sid } = await signIn();
    const res = await browser.post('/api/logout').set(json).send({});
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']?.[0]).toMatch(
      /^drx\.sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly/,
    );
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it('prunes expired sessions only', async () => {
    const store = new SessionStore(pool, {
      columns: ['id'],
      types: { getTypeParser: () => (v: string) => v } as never,
    });
    await store.create('prune-expired', 'nobody', Date.now() - 1000, NOWHERE);
    await store.create('prune-live', 'nobody', Date.now() + DAY, NOWHERE);
    expect(await pruneExpiredSessions(t.orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect(await sessionRow('prune-expired')).toBeUndefined();
    expect(await sessionRow('prune-live')).toBeDefined();
  });
});

describe("the cart poll's session, read in the cart's own statement", () => {
  const poll = (cookie: string) => t.agent().get('/api/cart').set('cookie', cookie);

  it('answers the signed-in member with their cart and sets no cookie within the touch interval', async () => {
    const { browser, cookie } = await signIn();
    await browser
      .post('/api/cart')
      .set(json)
      .send({ itemType: 'course', itemId: await paidCourse() });
    const res = await poll(cookie.split(';')[0]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([expect.objectContaining({ itemType: 'course' })]));
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a forged, unknown, expired or signed-out session as a guest, without a cookie', async () => {
    const { cookie } = await signIn();
    const value = cookie.split(';')[0];
    for (const bad of [`${value.slice(0, -3)}abc`, 'drx.sid=s%3Aunknown.sig', 'drx.sid=garbage']) {
      const res = await poll(bad);
      expect(res.status).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const expired = await signIn();
    await pool.query(`update session set expire = now() - interval '1 second' where sid = $1`, [expired.sid]);
    expect((await poll(expired.cookie.split(';')[0])).status).toBe(401);
    const out = await signIn();
    await out.browser.post('/api/logout').set(json).send({});
    expect((await poll(out.cookie.split(';')[0])).status).toBe(401);
  });
});

/** A published paid course open to every member: a cart line. */
async function paidCourse(): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `select id from courses where published and not member_only and price_cents > 0 limit 1`,
  );
  return rows[0].id;
}
