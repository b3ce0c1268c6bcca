import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { LoginThrottle } from './login-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
// Every scenario starts with no recorded failures.
beforeEach(async () => {
  await sql('delete from login_attempts');
});

const PASSWORD = 'drx-demo-2026';
const THROTTLED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const json = { 'content-type': 'application/json' };
const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) { user { username } userErrors { code field message } } }`;

function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute(query, params);
}

/** A REST sign-in from the given client address (the test app trusts one proxy hop). */
function restLogin(username: string, password: string, ip: string) {
  return t.agent().post('/api/login').set(json).set('X-Forwarded-For', ip).send({ username, password });
}

async function gqlLogin(username: string, password: string, ip: string) {
  const res = await t
    .agent()
    .post('/graphql')
    .set(json)
    .set('X-Forwarded-For', ip)
    .send({ query: LOGIN, variables: { input: { username, password } } });
  return res.body.data.login as {
    user: { username: string } | null;
    userErrors: { code: string; message: string }[];
  };
}

async function failTimes(n: number, username: (i: number) => string, ip: (i: number) => string) {
  for (let i = 0; i < n; i++) {
    const res = await restLogin(username(i), 'wrong-password', ip(i));
    expect(res.status, `failure ${i + 1}`).toBe(401);
  }
}

describe('per account', () => {
  it('after 5 failures from different addresses, even the right password answers 429; other accounts are unaffected', async () => {
    // given 5 failed sign-ins for member, each from a different address
    await failTimes(
      5,
      () => 'member',
      (i) => `10.0.0.${i + 1}`,
    );
    // when member signs in with the right password from yet another address
    const rest = await restLogin('member', PASSWORD, '10.0.0.99');
    // then REST answers 429 with the throttle message
    expect(rest.status).toBe(429);
    expect(rest.body.message).toBe(THROTTLED);
    // and the graph answers a TOO_MANY_ATTEMPTS userError (the name is matched case-insensitively)
    const graph = await gqlLogin('MEMBER', PASSWORD, '10.0.0.98');
    expect(graph.user).toBeNull();
    expect(graph.userErrors).toEqual([
      expect.objectContaining({ code: 'TOO_MANY_ATTEMPTS', message: THROTTLED }),
    ]);
    // and another account can still sign in from another address
    const seller = await restLogin('seller', PASSWORD, '10.0.1.1');
    expect(seller.status).toBe(200);
    expect(seller.body.username).toBe('seller');
  });

  it('4 failures are still allowed', async () => {
    await failTimes(
      4,
      () => 'member',
      (i) => `10.0.2.${i + 1}`,
    );
    const res = await restLogin('member', PASSWORD, '10.0.2.99');
    expect(res.status).toBe(200);
  });

  it('a success before the 5th failure clears the account count (4 failures, success, 4 failures → allowed)', async () => {
    // given 4 failures, then a success
    await failTimes(
      4,
      () => 'instructor',
      (i) => `10.0.3.${i + 1}`,
    );
    expect((await restLogin('instructor', PASSWORD, '10.0.3.50')).status).toBe(200);
    // and 4 more failures
    await failTimes(
      4,
      () => 'instructor',
      (i) => `10.0.3.${i + 11}`,
    );
    // when the right password is used
    const res = await restLogin('instructor', PASSWORD, '10.0.3.51');
    // then it is still allowed (8 failures in the window, but only 4 since the success)
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('instructor');
  });
});

/** A REST sign-in from a given browser (an agent that keeps its cookies) and address. */
function browserLogin(browser: ReturnType<TestApp['agent']>, username: string, password: string, ip: string) {
  return browser.post('/api/login').set(json).set('X-Forwarded-For', ip).send({ username, password });
}

/** The Set-Cookie headers of a response, in order. */
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  (res.headers['set-cookie'] ?? []) as string[];

/** A browser in which `username` has signed in (and out) before: it holds the signed device cookie. */
async function ownersBrowser(username: string, ip: string) {
  const browser = t.agent();
  expect((await browserLogin(browser, username, PASSWORD, ip)).status).toBe(200);
  expect((await browser.post('/api/logout').set(json).send({})).status).toBe(200);
  return browser;
}

describe('known browsers (OWASP device cookies)', () => {
  it("after an attacker's 5 failures, the owner still signs in from a browser they used before; unknown browsers stay locked", async () => {
    // given the admin signed in on their browser earlier (and signed out)
    const owner = await ownersBrowser('admin', '10.2.0.1');
    // and an attacker's 5 wrong passwords for admin, each from a different address
    await failTimes(
      5,
      () => 'admin',
      (i) => `10.2.1.${i + 1}`,
    );
    // then the right password from an unknown browser is refused (the attacker's lock holds)
    const stranger = await restLogin('admin', PASSWORD, '10.2.2.1');
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe(THROTTLED);
    // when the owner signs in from their browser
    const res = await browserLogin(owner, 'admin', PASSWORD, '10.2.0.1');
    // then they are in
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('admin');
    expect((await owner.get('/api/user')).body.username).toBe('admin');
    // and their success did not lift the lock for unknown browsers (still 5 failures counted)
    expect((await restLogin('admin', PASSWORD, '10.2.2.2')).status).toBe(429);
    // and the owner's browser works through the graph too, from another address
    const graph = await owner
      .post('/graphql')
      .set(json)
      .set('X-Forwarded-For', '10.2.0.2')
      .send({ query: LOGIN, variables: { input: { username: 'admin', password: PASSWORD } } });
    expect(graph.body.data.login.user).toEqual({ username: 'admin' });
  });

  it("a known browser's own failures lock that browser only, and do not count against the account", async () => {
    // given a browser where seller signed in before
    const browser = await ownersBrowser('seller', '10.3.0.1');
    // when it tries 5 wrong passwords (from different addresses, so no address is throttled)
    for (let i = 0; i < 5; i++) {
      expect((await browserLogin(browser, 'seller', 'wrong-password', `10.3.1.${i + 1}`)).status).toBe(401);
    }
    // then that browser is throttled even with the right password
    const locked = await browserLogin(browser, 'seller', PASSWORD, '10.3.2.1');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(THROTTLED);
    // and the failures were counted against the browser, not the account
    const keys = await sql<{ key: string }>(
      `select distinct key from login_attempts where key not like 'ip:%' order by key`,
    );
    expect(keys.map((r) => r.key)).toEqual([
      expect.stringMatching(/^device:[A-Za-z0-9_-]{22}:[0-9a-f-]{36}$/),
    ]);
    // so another browser still signs in to the account
    expect((await restLogin('seller', PASSWORD, '10.3.2.2')).status).toBe(200);
  });

  it('counts only for the accounts that signed in on it; an altered or foreign cookie is an unknown browser', async () => {
    // given a browser known for officer, and member locked for unknown browsers
    const browser = await ownersBrowser('officer', '10.4.0.1');
    await failTimes(
      5,
      () => 'member',
      (i) => `10.4.1.${i + 1}`,
    );
    // then member's right password from officer's browser is refused
    expect((await browserLogin(browser, 'member', PASSWORD, '10.4.0.1')).status).toBe(429);
    // and a device cookie edited to name member (signature kept) is not trusted
    const [{ id: memberId }] = await sql<{ id: string }>(
      `select id from users where username_key = 'member'`,
    );
    const [{ id: officerId }] = await sql<{ id: string }>(
      `select id from users where username_key = 'officer'`,
    );
    const issued = await browserLogin(t.agent(), 'officer', PASSWORD, '10.4.0.2');
    const cookie = cookiesOf(issued)
      .find((c) => c.startsWith('drx.device='))!
      .split(';')[0];
    const forged = cookie.replace(officerId, memberId);
    expect(forged).not.toBe(cookie);
    const res = await t
      .agent()
      .post('/api/login')
      .set(json)
      .set('X-Forwarded-For', '10.4.0.3')
      .set('Cookie', forged)
      .send({ username: 'member', password: PASSWORD });
    expect(res.status).toBe(429);
    // and a cookie signed with another secret is not trusted either
    const otherSecret = cookie.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const other = await t
      .agent()
      .post('/api/login')
      .set(json)
      .set('X-Forwarded-For', '10.4.0.4')
      .set('Cookie', otherSecret)
      .send({ username: 'officer', password: 'wrong-password' });
    expect(other.status).toBe(401);
    expect(await sql(`select 1 from login_attempts where key = 'user:officer'`)).toHaveLength(1);
  });

  it('is still subject to the per-address limit', async () => {
    const browser = await ownersBrowser('instructor', '10.5.0.1');
    await failTimes(
      5,
      (i) => `ghost-${i}`,
      () => '10.5.0.9',
    );
    expect((await browserLogin(browser, 'instructor', PASSWORD, '10.5.0.9')).status).toBe(429);
    expect((await browserLogin(browser, 'instructor', PASSWORD, '10.5.0.1')).status).toBe(200);
  });

  it('is set at sign-in and at registration after the session cookie: HttpOnly, SameSite=Lax, a year, signed', async () => {
    const login = await browserLogin(t.agent(), 'multi', PASSWORD, '10.6.0.1');
    const [session, device] = cookiesOf(login);
    expect(session).toMatch(/^drx\.sid=/);
    expect(device).toMatch(
      /^drx\.device=[A-Za-z0-9_-]{22}:[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}; Path=\/; Expires=/,
    );
    expect(device).toMatch(/; HttpOnly; SameSite=Lax$/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(device)![1]);
    expect(expires - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    const registered = await t
      .agent()
      .post('/api/register')
      .set(json)
      .set('X-Forwarded-For', '10.6.0.2')
      .send({ username: `device${Date.now()}`, password: 'long-enough-1' });
    expect(registered.status).toBe(201);
    expect(cookiesOf(registered)[1]).toMatch(/^drx\.device=/);
  });
});

describe('per client address', () => {
  it('after 5 failures from one address over different usernames, that address gets 429; another address can sign in', async () => {
    // given 5 failures from one address, each for a different username (some of which do not exist)
    const names = ['member', 'seller', 'ghost-1', 'ghost-2', 'officer'];
    await failTimes(
      5,
      (i) => names[i],
      () => '10.0.4.7',
    );
    // when that address signs in to an account with no failures of its own, with the right password
    const blocked = await restLogin('admin', PASSWORD, '10.0.4.7');
    // then it is refused with 429
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(THROTTLED);
    expect((await gqlLogin('multi', PASSWORD, '10.0.4.7')).userErrors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    // and another address can sign in to the same account
    const other = await restLogin('admin', PASSWORD, '10.0.4.8');
    expect(other.status).toBe(200);
    expect(other.body.username).toBe('admin');
  });
});

describe('aliased sign-ins in one request', () => {
  it('count one by one: 10 wrong guesses for one account check 5, throttle the rest, and a later right password is refused', async () => {
    // given one request with 10 aliased wrong-password sign-ins for member, then the right password
    // (11 aliases: within the alias limit of 15)
    const guesses = Array.from(
      { length: 10 },
      (_, i) => `g${i + 1}: login(input: { username: "member", password: "guess-${i + 1}" }) { ...Answer }`,
    );
    const query = `mutation {
      ${guesses.join('\n      ')}
      right: login(input: { username: "member", password: "${PASSWORD}" }) { ...Answer }
    }
    fragment Answer on AuthPayload { user { username } userErrors { code } }`;
    // when it is posted
    const res = await t.agent().post('/graphql').set(json).set('X-Forwarded-For', '10.0.8.1').send({ query });
    // then every alias ran the resolver in turn (mutation fields run serially) and was counted
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const codes = Object.entries(
      res.body.data as Record<string, { user: unknown; userErrors: { code: string }[] }>,
    ).map(([alias, answer]) => [
      alias,
      answer.user === null ? answer.userErrors.map((e) => e.code).join() : 'SIGNED_IN',
    ]);
    expect(codes).toEqual([
      ...Array.from({ length: 5 }, (_, i) => [`g${i + 1}`, 'UNAUTHORIZED']),
      ...Array.from({ length: 5 }, (_, i) => [`g${i + 6}`, 'TOO_MANY_ATTEMPTS']),
      ['right', 'TOO_MANY_ATTEMPTS'],
    ]);
    // and no session was started
    expect(res.headers['set-cookie']).toBeUndefined();
    // and exactly the 5 checked guesses are recorded against the account and the address
    const rows = await sql<{ key: string; n: string }>(
      `select key, count(*) as n from login_attempts group by key order by key`,
    );
    expect(rows.map((r) => [r.key, Number(r.n)])).toEqual([
      ['ip:10.0.8.1', 5],
      ['user:member', 5],
    ]);
  });
});

describe('window', () => {
  it('failures older than 15 minutes do not count', async () => {
    // given 5 failures for member, 2 of which are 16 minutes old
    await failTimes(
      5,
      () => 'member',
      (i) => `10.0.5.${i + 1}`,
    );
    await sql(
      `update login_attempts set created_at = now() - interval '16 minutes'
        where id in (select id from login_attempts where key = 'user:member' order by id limit 2)`,
    );
    // when member signs in with the right password
    const res = await restLogin('member', PASSWORD, '10.0.5.99');
    // then only 3 failures are in the window, so it is allowed
    expect(res.status).toBe(200);
  });

  it('failures just inside the window still count', async () => {
    // given 5 failures for seller, all 14 minutes old
    for (let i = 0; i < 5; i++) {
      await sql(
        `insert into login_attempts (key, created_at) values ('user:seller', now() - interval '14 minutes')`,
      );
    }
    // when seller signs in with the right password
    const res = await restLogin('seller', PASSWORD, '10.0.6.1');
    // then it is throttled
    expect(res.status).toBe(429);
    // and once those rows are 16 minutes old, it is allowed again
    await sql(
      `update login_attempts set created_at = now() - interval '16 minutes' where key = 'user:seller'`,
    );
    expect((await restLogin('seller', PASSWORD, '10.0.6.2')).status).toBe(200);
  });

  it('an address with 5 failures older than 15 minutes is not throttled', async () => {
    for (let i = 0; i < 5; i++) {
      await sql(
        `insert into login_attempts (key, created_at) values ('ip:10.0.7.7', now() - interval '16 minutes')`,
      );
    }
    expect((await restLogin('officer', PASSWORD, '10.0.7.7')).status).toBe(200);
    // control: the same rows inside the window do throttle that address
    await sql(`update login_attempts set created_at = now() where key = 'ip:10.0.7.7'`);
    expect((await restLogin('officer', PASSWORD, '10.0.7.7')).status).toBe(429);
  });

  it('a burst of parallel wrong guesses gets at most 5 checked; the rest are throttled', async () => {
    // when 20 wrong-password sign-ins for member arrive at once from one address
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => restLogin('member', 'burst-guess', '10.9.9.9')),
    );
    const statuses = answers.map((r) => r.status);
    // then no more than 5 reached the password check, and the others were refused with 429
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // and exactly the checked guesses are recorded as failures of the account
    const checked = statuses.filter((s) => s === 401).length;
    const [{ n }] = await sql<{ n: string }>(
      `select count(*) as n from login_attempts where key = 'user:member'`,
    );
    expect(Number(n)).toBe(checked);
    // so the right password is refused only once five guesses were really checked
    expect((await restLogin('member', PASSWORD, '10.9.9.10')).status).toBe(checked === 5 ? 429 : 200);
  });

  it('prune() forgets attempts older than the window and keeps recent ones', async () => {
    await sql(
      `insert into login_attempts (key, created_at) values ('user:old', now() - interval '16 minutes')`,
    );
    await sql(`insert into login_attempts (key) values ('user:recent')`);
    expect(await new LoginThrottle(t.orm.em.fork()).prune()).toBe(1);
    const keys = await sql<{ key: string }>('select key from login_attempts order by key');
    expect(keys.map((r) => r.key)).toEqual(['user:recent']);
  });
});
