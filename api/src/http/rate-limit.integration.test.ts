import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import request from 'supertest';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZIP_LOOKUP_LIMIT_PER_MINUTE } from '../modules/locations/zipcode-lookup.route';
import { startTestApp, type TestApp } from '../test/test-app';
import { GATHER_FLUSH_MS, RATE_LIMIT_TABLE, rateLimited, refuseRequest, SharedRateLimit } from './rate-limit';
import { pruneRateLimits } from './rate-limit.jobs';

// Two app instances on one PostgreSQL database, as two machines behind a load balancer: the
// limits are one budget across both, because they count in the database (http/rate-limit.ts).

const PER_ADDRESS = 5;
const PER_TOKEN = 8;
const json = { 'content-type': 'application/json' };

let a: TestApp;
let b: TestApp;
const servers: Server[] = [];
/** Each instance listening on its own port (real HTTP, as behind a load balancer). */
const url: { a: string; b: string } = { a: '', b: '' };
let pool: Pool;

async function listen(app: TestApp): Promise<string> {
  const server = app.handle.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const limits = { rateLimitPerMinute: PER_ADDRESS, rateLimitTokenPerMinute: PER_TOKEN };
  a = await startTestApp(limits);
  b = await startTestApp(limits, { databaseUrl: a.databaseUrl });
  url.a = await listen(a);
  url.b = await listen(b);
  pool = new Pool({ connectionString: a.databaseUrl, max: 2 });
}, 120_000);

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await pool?.end();
  await b?.close();
  await a?.close();
});

let addresses = 0;
/** A client address of its own for each test (TRUST_PROXY is on in tests: X-Forwarded-For counts). */
const freshAddress = () => `198.51.100.${++addresses}`;

/** POSTs `{ __typename }` to /graphql on instance `on` from `address`. */
function graph(on: 'a' | 'b', address: string, headers: Record<string, string> = {}) {
  return request(url[on])
    .post('/graphql')
    .set(json)
    .set('x-forwarded-for', address)
    .set(headers)
    .send({ query: '{ __typename }' });
}

/** Ends the current window of a key, as if its minute had passed. */
async function endWindow(key: string): Promise<void> {
  await pool.query(`update ${RATE_LIMIT_TABLE} set expire = $2 where key = $1`, [key, Date.now() - 1]);
}

describe('the per-address limit, shared by two instances', () => {
  it('counts requests to either instance against one budget, then answers 429 with Retry-After', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await graph(i % 2 ? 'b' : 'a', address);
      expect(res.status, `request ${i + 1}`).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(PER_ADDRESS));
      expect(res.headers['ratelimit-remaining']).toBe(String(PER_ADDRESS - i - 1));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      expect(res.headers['ratelimit-policy']).toBe(`${PER_ADDRESS};w=60`);
    }
    for (const on of ['a', 'b'] as const) {
      const refused = await graph(on, address);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(refused.headers['ratelimit-reset']).toBe(String(retryAfter));
      // GraphQL-shaped, so GraphQL clients show it as they show any error
      expect(refused.body).toEqual({
        errors: [
          {
            message: `Too many requests: ${PER_ADDRESS} a minute are allowed per client address. Try again in ${retryAfter} s.`,
            extensions: { code: 'RATE_LIMITED', retryAfterSeconds: retryAfter },
          },
        ],
      });
    }
    // another address has its own budget
    expect((await graph('b', freshAddress())).status).toBe(200);
  });

  it('starts a new budget when the window ends', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await graph('a', address)).status).toBe(200);
    expect((await graph('b', address)).status).toBe(429);
    await endWindow(`requests:ip:${address}`);
    const again = await graph('b', address);
    expect(again.status).toBe(200);
    expect(again.headers['ratelimit-remaining']).toBe(String(PER_ADDRESS - 1));
  });

  it('answers /api/* over the limit with a JSON message', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await request(url[i % 2 ? 'a' : 'b'])
        .get('/api/auth')
        .set('x-forwarded-for', address);
      expect(res.status).toBe(200);
    }
    const refused = await request(url.a).get('/api/auth').set('x-forwarded-for', address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(/^Too many requests: 5 a minute are allowed per client address/),
      code: 'RATE_LIMITED',
      retryAfterSeconds: Number(refused.headers['retry-after']),
    });
    // the graph shares the budget with the REST adapter
    expect((await graph('b', address)).status).toBe(429);
  });

  it('counts the cart poll (answered before the other routes) on the same budget', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const poll = await request(url[i % 2 ? 'a' : 'b'])
        .get('/api/cart')
        .set('x-forwarded-for', address);
      expect(poll.status, `poll ${i + 1}`).toBe(401); // a guest's, counted all the same
      expect(poll.headers['ratelimit-remaining']).toBe(String(PER_ADDRESS - i - 1));
      expect(poll.headers['ratelimit-policy']).toBe(`${PER_ADDRESS};w=60`);
    }
    const refused = await request(url.a).get('/api/cart').set('x-forwarded-for', address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await graph('b', address)).status).toBe(429);
  });

  it('does not count the web app, static files, the health check or signed webhooks', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      for (const path of ['/', '/courses', '/healthz', '/robots.txt']) {
        const res = await request(url.a).get(path).set('x-forwarded-for', address);
        expect(res.status, path).toBe(200);
        expect(res.headers['ratelimit-limit'], path).toBeUndefined();
      }
      // refused for its signature (or a missing secret), never for the rate
      const hook = await request(url.b)
        .post('/api/webhooks/stripe')
        .set('x-forwarded-for', address)
        .set(json)
        .send('{}');
      expect(hook.status).not.toBe(429);
      expect(hook.headers['ratelimit-limit']).toBeUndefined();
    }
    expect((await graph('a', address)).headers['ratelimit-remaining']).toBe(String(PER_ADDRESS - 1));
  });
});

describe('the per-token limit', () => {
  let secret: string;
  let tokenId: string;

  beforeAll(async () => {
    // signed in from an address of its own, so these requests spend nobody else's budget
    const home = freshAddress();
    const member = request.agent(url.a);
    const login = await member
      .post('/api/login')
      .set(json)
      .set('x-forwarded-for', home)
      .send({ username: 'member', password: 'drx-demo-2026' });
    expect(login.status).toBe(200);
    const created = await member
      .post('/graphql')
      .set(json)
      .set('x-forwarded-for', home)
      .send({
        query: `mutation($input: ApiTokenCreateInput!) { apiTokenCreate(input: $input) {
          token apiToken { id } userErrors { code message } } }`,
        variables: { input: { name: 'rate limit test', scopes: ['catalog:read'] } },
      });
    expect(created.body.data.apiTokenCreate.userErrors).toEqual([]);
    secret = created.body.data.apiTokenCreate.token;
    tokenId = created.body.data.apiTokenCreate.apiToken.id;
  });

  it('counts a token’s requests on their own budget, whatever the address, across instances', async () => {
    const address = freshAddress();
    // the address's own budget is spent…
    for (let i = 0; i < PER_ADDRESS; i++) expect((await graph('a', address)).status).toBe(200);
    expect((await graph('a', address)).status).toBe(429);
    // …and the token still has all of its own, from that address and any other, on A and B
    const withToken = { authorization: `Bearer ${secret}` };
    for (let i = 0; i < PER_TOKEN; i++) {
      const res = await graph(i % 2 ? 'b' : 'a', i % 3 ? address : freshAddress(), withToken);
      expect(res.status, `token request ${i + 1}`).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(PER_TOKEN));
      expect(res.headers['ratelimit-remaining']).toBe(String(PER_TOKEN - i - 1));
    }
    const refused = await graph('b', freshAddress(), withToken);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].message).toMatch(/8 a minute are allowed per API token/);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    const keys = await pool.query(`select key, points from ${RATE_LIMIT_TABLE} where key like 'token-%'`);
    expect(keys.rows).toEqual([{ key: `token-requests:token:${tokenId}`, points: PER_TOKEN + 1 }]);
  });
});

describe('the ZIP code lookup limit', () => {
  it('is one budget across instances too (it was counted per process)', async () => {
    const address = freshAddress();
    // the general limit would stop this first: lift it for this address by ending its window
    for (let i = 0; i < ZIP_LOOKUP_LIMIT_PER_MINUTE; i++) {
      if (i % PER_ADDRESS === PER_ADDRESS - 1) await endWindow(`requests:ip:${address}`);
      const res = await request(url[i % 2 ? 'b' : 'a'])
        .get('/api/zipcode-lookup/10001')
        .set('x-forwarded-for', address);
      expect(res.status, `lookup ${i + 1}`).toBe(200);
    }
    await endWindow(`requests:ip:${address}`);
    const refused = await request(url.b).get('/api/zipcode-lookup/10001').set('x-forwarded-for', address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many ZIP code lookups/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the headers describe the limit with fewer requests left: the ZIP code lookups'
    expect(refused.headers['ratelimit-limit']).toBe(String(ZIP_LOOKUP_LIMIT_PER_MINUTE));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
  });
});

describe('SharedRateLimit and its housekeeping', () => {
  it('starts a new window after the old one ends (a 1-second window, really waited)', async () => {
    const limit = new SharedRateLimit(pool, 'test-window', 2, 1);
    expect(await limit.take('k')).toMatchObject({ allowed: true, remaining: 1, limit: 2, resetSeconds: 1 });
    expect(await limit.take('k')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limit.take('k')).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limit.take('k')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('lets requests pass when the database cannot count them', async () => {
    const broken = new Pool({ connectionString: 'postgresql://nobody@127.0.0.1:9/none', max: 1 });
    const limit = new SharedRateLimit(broken, 'broken', 1);
    await expect(limit.take('k')).rejects.toThrow();
    // a tiny app with only the middleware: the request goes on, without RateLimit headers
    const app = express();
    app.use(rateLimited(() => ({ limit, key: 'k' }), refuseRequest));
    app.get('/', (_req, res) => {
      res.json({ ok: true });
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await request(app).get('/');
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await broken.end();
    }
  });

  /** What the database has counted for a key. */
  async function countedInDatabase(key: string): Promise<number> {
    const { rows } = await pool.query(`select points from ${RATE_LIMIT_TABLE} where key = $1`, [key]);
    return Number(rows[0]?.points ?? 0);
  }

  it('gathers takes far from a large limit into one upsert, and counts each one near it', async () => {
    const a1 = new SharedRateLimit(pool, 'test-gather', 100);
    const b1 = new SharedRateLimit(pool, 'test-gather', 100); // another process
    // A key this process has no count of is counted at once.
    expect(await a1.take('k')).toMatchObject({ allowed: true, remaining: 99 });
    expect(await countedInDatabase('test-gather:k')).toBe(1);
    // Far from the limit: answered at once, sent together a moment later.
    for (let i = 0; i < 20; i++) expect((await a1.take('k')).allowed).toBe(true);
    expect(await countedInDatabase('test-gather:k')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, GATHER_FLUSH_MS + 300));
    expect(await countedInDatabase('test-gather:k')).toBe(21);
    // The other process's takes count against the same budget.
    expect(await b1.take('k', 30)).toMatchObject({ allowed: true, remaining: 49 });
    // From half the limit on, every take is counted before it is answered: exact to the last one.
    for (let i = 0; i < 49; i++) expect((await a1.take('k')).allowed, `take ${i + 1}`).toBe(true);
    expect(await countedInDatabase('test-gather:k')).toBe(100);
    expect(await a1.take('k')).toMatchObject({ allowed: false, remaining: 0 });
    expect(await b1.take('k', 2)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('keeps the larger count when a gathered send is answered after a later take', async () => {
    const limit = new SharedRateLimit(pool, 'test-order', 100);
    expect(await limit.take('k')).toMatchObject({ allowed: true, remaining: 99 });
    // The database's answer to the gathered send is held back until a later take has been answered,
    // as two upserts of one key in flight together can come back on a loaded machine.
    const limiter = (
      limit as unknown as { limiter: { consume(key: string, points: number): Promise<unknown> } }
    ).limiter;
    const consume = limiter.consume.bind(limiter);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sendAnswered = false;
    vi.spyOn(limiter, 'consume').mockImplementationOnce(async (key: string, points: number) => {
      const answer = await consume(key, points);
      await held;
      sendAnswered = true;
      return answer;
    });
    for (let i = 0; i < 9; i++) expect((await limit.take('k')).allowed).toBe(true);
    await vi.waitFor(async () => expect(await countedInDatabase('test-order:k')).toBe(10));
    // Counted in the database meanwhile (11), answered before the send's answer (10) comes back.
    expect(await limit.takeCounted('k')).toMatchObject({ allowed: true, remaining: 89 });
    release();
    await vi.waitFor(() => expect(sendAnswered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The next take far from the limit is answered here from the larger count: 11 counted, 88 left.
    // (Taking the late 10 made a process near the limit answer takes, the refusal too, unasked.)
    expect(limit.takeGathered('k')).toMatchObject({ allowed: true, remaining: 88 });
    await vi.waitFor(async () => expect(await countedInDatabase('test-order:k')).toBe(12));
  });

  it('prunes the counters of ended windows (the rate-limits.prune job)', async () => {
    const limit = new SharedRateLimit(pool, 'test-prune', 5);
    await limit.take('old');
    await limit.take('current');
    await endWindow('test-prune:old');
    const pruned = await pruneRateLimits(a.orm.em.fork());
    expect(pruned).toBeGreaterThanOrEqual(1);
    const left = await pool.query(`select key from ${RATE_LIMIT_TABLE} where key like 'test-prune:%'`);
    expect(left.rows).toEqual([{ key: 'test-prune:current' }]);
  });
});
