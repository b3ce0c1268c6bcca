import type { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDemoStore } from '../../../../dev/demo-store/src';
import { type AppHandle, createApp } from '../../app';
import { DEFAULT_REGISTRATION_CHALLENGE_AFTER } from '../../config';
import { openDatabase } from '../../db/database';
import { startTestApp, type TestApp } from '../../test/test-app';
import { RegistrationThrottle } from './registration-throttle';
import { SIGNUP_CHALLENGE } from './signup-challenge';

// The defaults (3 registrations per address and hour free, then a proof-of-work challenge each; a
// hard ceiling set low here to test it), on two app instances ("replicas", each with its own ORM
// and pools) sharing one database.
const FREE = DEFAULT_REGISTRATION_CHALLENGE_AFTER;
const CEILING = 8;
let t: TestApp;
let replicaOrm: MikroORM;
let replica: AppHandle;

beforeAll(async () => {
  t = await startTestApp({ registrationLimit: CEILING, registrationChallengeAfter: FREE });
  replicaOrm = await openDatabase(t.databaseUrl, { seed: false, silent: true });
  replica = await createApp(replicaOrm, t.config, t.databaseUrl, { createDemoStore });
});
afterAll(async () => {
  await replica?.close();
  await replicaOrm?.close(true);
  await t?.close();
});
beforeEach(async () => {
  await sql('delete from registration_attempts');
});

const LIMITED = 'Too many accounts have been registered from your address. Please try again in an hour.';
const REQUIRED =
  'Several accounts have been registered from your network in the last hour: solve the sign-up challenge from GET /api/altcha/challenge and send its solution as `altcha`.';
const INVALID =
  'The sign-up challenge solution is not valid. Solve a new challenge from GET /api/altcha/challenge.';
const EXPIRED = 'The sign-up challenge has expired. Solve a new challenge from GET /api/altcha/challenge.';
const USED =
  'This sign-up challenge solution has already been used. Solve a new challenge from GET /api/altcha/challenge.';
const json = { 'content-type': 'application/json' };
const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { user { username } userErrors { code field message } } }`;
let seq = 0;
const newName = () => `reg${Date.now().toString(36)}${++seq}`;

function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute(query, params);
}

function restRegister(ip: string, username = newName(), altcha?: string, app = t.handle.app) {
  return request(app)
    .post('/api/register')
    .set(json)
    .set('X-Forwarded-For', ip)
    .send({ username, password: 'long-enough-1', ...(altcha === undefined ? {} : { altcha }) });
}

function graphRegister(ip: string, username = newName(), altcha?: string) {
  return request(t.handle.app)
    .post('/graphql')
    .set(json)
    .set('X-Forwarded-For', ip)
    .send({ query: REGISTER, variables: { input: { username, password: 'long-enough-1', altcha } } });
}

interface Challenge {
  parameters: Record<string, unknown> & { nonce: string; expiresAt: number };
  signature: string;
}

/** A challenge from the endpoint, as the widget fetches it. */
async function fetchChallenge(): Promise<Challenge> {
  const res = await request(t.handle.app).get('/api/altcha/challenge');
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body as Challenge;
}

/** Solves a challenge as the widget does (altcha-lib's solver) and encodes the widget's payload. */
async function solve(challenge: Challenge): Promise<string> {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const solved = async () => solve(await fetchChallenge());

async function accounts(username: string): Promise<number> {
  const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from users where username_key = ?', [
    username.toLowerCase(),
  ]);
  return n;
}

async function registerFree(ip: string) {
  for (let i = 0; i < FREE; i++) {
    const res = await restRegister(ip, newName(), undefined, i % 2 ? replica.app : t.handle.app);
    expect(res.status, `registration ${i + 1}`).toBe(201);
  }
}

describe('registrations per address', () => {
  it('issues signed PBKDF2/SHA-256 challenges that expire', async () => {
    const challenge = await fetchChallenge();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: SIGNUP_CHALLENGE.cost });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const inMinutes = (challenge.parameters.expiresAt * 1000 - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(19);
    expect(inMinutes).toBeLessThanOrEqual(20);
    // a fresh one each time
    expect((await fetchChallenge()).parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('needs nothing for the first 3 from an address, then a solved challenge for each further one (REST and GraphQL, across app instances)', async () => {
    // given 3 registrations from one address without any challenge, on both instances
    await registerFree('10.20.0.1');
    // when the 4th comes without a solution (REST)
    const name = newName();
    const rest = await restRegister('10.20.0.1', name);
    // then it is refused with 428 and a message naming the challenge endpoint, and no account is made
    expect(rest.status).toBe(428);
    expect(rest.body).toMatchObject({ code: 'CHALLENGE_REQUIRED', field: 'altcha', message: REQUIRED });
    expect(await accounts(name)).toBe(0);
    expect((await restRegister('10.20.0.1', newName(), undefined, replica.app)).status).toBe(428);
    // and the graph's register answers a CHALLENGE_REQUIRED userError
    const graph = await graphRegister('10.20.0.1', name);
    expect(graph.body.data.register).toEqual({
      user: null,
      userErrors: [{ code: 'CHALLENGE_REQUIRED', field: 'altcha', message: REQUIRED }],
    });
    expect(await accounts(name)).toBe(0);
    // and the refused attempts did not count
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from registration_attempts where address = '10.20.0.1'`,
    );
    expect(n).toBe(FREE);

    // when it comes with a solved challenge, it is admitted, over REST…
    const restName = newName();
    const admitted = await restRegister('10.20.0.1', restName, await solved());
    expect(admitted.status).toBe(201);
    expect(admitted.body).toMatchObject({ username: restName });
    expect(await accounts(restName)).toBe(1);
    // …and over GraphQL, on either instance's challenge
    const graphName = newName();
    const viaGraph = await graphRegister('10.20.0.1', graphName, await solved());
    expect(viaGraph.body.data.register).toEqual({ user: { username: graphName }, userErrors: [] });
    // and another address still registers without one
    expect((await restRegister('10.20.0.2')).status).toBe(201);
  });

  it('refuses a solution used before (REST and GraphQL), even two racing with it', async () => {
    await registerFree('10.21.0.1');
    const altcha = await solved();
    expect((await restRegister('10.21.0.1', newName(), altcha)).status).toBe(201);
    // the same solution again: refused over REST, on the other instance too, and over GraphQL
    const name = newName();
    const again = await restRegister('10.21.0.1', name, altcha);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'CHALLENGE_FAILED', field: 'altcha', message: USED });
    expect((await restRegister('10.21.0.1', newName(), altcha, replica.app)).body.message).toBe(USED);
    const graph = await graphRegister('10.21.0.1', name, altcha);
    expect(graph.body.data.register.userErrors).toEqual([
      { code: 'CHALLENGE_FAILED', field: 'altcha', message: USED },
    ]);
    expect(await accounts(name)).toBe(0);

    // a fresh solution sent by two requests at once, from two addresses owing one: one gets in
    await registerFree('10.21.0.2');
    const shared = await solved();
    const [a, b] = await Promise.all([
      restRegister('10.21.0.1', newName(), shared),
      restRegister('10.21.0.2', newName(), shared, replica.app),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect([a.body.message, b.body.message]).toContain(USED);
  });

  it('refuses an expired, a tampered, a wrong or a foreign solution, and creates nothing', async () => {
    await registerFree('10.22.0.1');
    const challenge = await fetchChallenge();
    const good = await solve(challenge);
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const cases: [string, string, string][] = [
      // the expiry moved into the past: says so (its signature would not hold either)
      [
        'expired',
        encode({
          ...decoded,
          challenge: {
            ...decoded.challenge,
            parameters: { ...decoded.challenge.parameters, expiresAt: 1_000_000 },
          },
        }),
        EXPIRED,
      ],
      // an easier challenge than the one signed
      [
        'tampered cost',
        encode({
          ...decoded,
          challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 1 } },
        }),
        INVALID,
      ],
      // the signature of another secret
      [
        'tampered signature',
        encode({ ...decoded, challenge: { ...decoded.challenge, signature: '0'.repeat(64) } }),
        INVALID,
      ],
      // a key that is not the solution
      [
        'wrong key',
        encode({ ...decoded, solution: { ...decoded.solution, derivedKey: 'ab'.repeat(32) } }),
        INVALID,
      ],
      // the widget's test mode, and what is no payload at all
      ['test mode', encode({ challenge: null, solution: null, test: true }), INVALID],
      ['garbage', 'not base64 json', INVALID],
    ];
    for (const [what, altcha, message] of cases) {
      const name = newName();
      const res = await restRegister('10.22.0.1', name, altcha);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ code: 'CHALLENGE_FAILED', field: 'altcha', message });
      expect(await accounts(name), what).toBe(0);
    }
    const graph = await graphRegister('10.22.0.1', newName(), cases[2][1]);
    expect(graph.body.data.register.userErrors).toEqual([
      { code: 'CHALLENGE_FAILED', field: 'altcha', message: INVALID },
    ]);
    // the untouched solution, once its challenge has expired (21 minutes later), is refused as expired
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 21 * 60_000 });
    try {
      const late = await restRegister('10.22.0.1', newName(), good);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ code: 'CHALLENGE_FAILED', message: EXPIRED });
    } finally {
      vi.useRealTimers();
    }
    // and in time it still works: none of the refusals used it
    expect((await restRegister('10.22.0.1', newName(), good)).status).toBe(201);
  });

  it('ignores a solution an address does not owe (it stays unused)', async () => {
    const altcha = await solved();
    expect((await restRegister('10.23.0.1', newName(), altcha)).status).toBe(201);
    expect(
      await sql('select 1 from signup_challenge_solutions where nonce = ?', [nonceOf(altcha)]),
    ).toHaveLength(0);
  });

  it('keeps a hard ceiling per address as a last resort, even with solutions', async () => {
    await registerFree('10.24.0.1');
    for (let i = FREE; i < CEILING; i++) {
      expect(
        (await restRegister('10.24.0.1', newName(), await solved())).status,
        `registration ${i + 1}`,
      ).toBe(201);
    }
    const name = newName();
    const res = await restRegister('10.24.0.1', name, await solved());
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: LIMITED });
    expect(await accounts(name)).toBe(0);
  });

  it('lets exactly the free registrations of a parallel burst through without solutions', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => restRegister('10.25.0.1')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(FREE);
    expect(statuses.filter((s) => s === 428)).toHaveLength(10 - FREE);
  });

  it('counts only the last hour, and prunes old attempts and expired solutions', async () => {
    // given the free registrations from one address, made 61 minutes ago
    for (let i = 0; i < FREE; i++) {
      await sql(
        `insert into registration_attempts (address, created_at) values ('10.26.0.1', now() - interval '61 minutes')`,
      );
    }
    await sql(
      `insert into signup_challenge_solutions (nonce, expires_at) values ('old', now() - interval '1 minute')`,
    );
    // then that address registers again without a challenge
    expect((await restRegister('10.26.0.1')).status).toBe(201);
    // and prune() forgets the old rows and keeps the new one
    expect(await new RegistrationThrottle(t.orm.em.fork()).prune()).toBe(FREE);
    expect(await sql(`select 1 from registration_attempts where address = '10.26.0.1'`)).toHaveLength(1);
    expect(await sql(`select 1 from signup_challenge_solutions where nonce = 'old'`)).toHaveLength(0);
  });

  it('does not count input refused by validation (no hash was made)', async () => {
    for (let i = 0; i < FREE + 2; i++) {
      const res = await request(t.handle.app)
        .post('/api/register')
        .set(json)
        .set('X-Forwarded-For', '10.27.0.1')
        .send({ username: newName(), password: 'short' });
      expect(res.status).toBe(400);
    }
    expect((await restRegister('10.27.0.1')).status).toBe(201);
  });
});

function nonceOf(altcha: string): string {
  return (JSON.parse(Buffer.from(altcha, 'base64').toString()) as { challenge: Challenge }).challenge
    .parameters.nonce;
}
