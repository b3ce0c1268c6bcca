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
