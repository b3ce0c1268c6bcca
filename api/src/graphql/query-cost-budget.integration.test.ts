import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

// The query cost budget per minute (graphql/query-cost-plugin.ts) on the real app and PostgreSQL:
// reported in extensions.cost.throttleStatus, spent per client address or per API token, refused
// with 429 RATE_LIMITED and Retry-After when an operation costs more than is left — and a refusal
// spends nothing. Each test uses its own forwarded address (TRUST_PROXY is on in test apps).

const BUDGET = 60;
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await startTestApp({ queryCostPerMinute: BUDGET });
});
afterAll(() => t?.close());

/** A client at a new address (optionally with an API token). */
function client(token?: string) {
  const from = `203.0.113.${++address}`;
  return (query: string, variables: Record<string, unknown> = {}) => {
    const req = request(t.handle.app)
      .post('/graphql')
      .set('x-forwarded-for', from)
      .set('content-type', 'application/json');
    if (token) req.set('authorization', `Bearer ${token}`);
    return req.send({ query, variables });
  };
}

/** `courses(first: n) { totalCount }`: 2 + 1.5 × 1, times the page size n. */
const COURSES = `query Courses($n: Int) { courses(first: $n) { totalCount } }`;
const cost = (n: number) => n * 3.5;

describe('the query cost budget', () => {
  it('reports what is left, spending each operation’s cost', async () => {
    const post = client();
    const first = await post(COURSES, { n: 4 });
    expect(first.status).toBe(200);
    expect(first.body.extensions.cost).toMatchObject({
      requestedQueryCost: cost(4),
      throttleStatus: { maximumAvailable: BUDGET, currentlyAvailable: BUDGET - 14, windowSeconds: 60 },
    });
    expect(first.body.extensions.cost.throttleStatus.resetSeconds).toBeGreaterThan(0);
    const second = await post(COURSES, { n: 2 });
    expect(second.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(BUDGET - 14 - 7);
  });

  it('refuses an operation costing more than is left with 429 and Retry-After, spending nothing', async () => {
    const post = client();
    expect((await post(COURSES, { n: 16 })).body.extensions.cost.throttleStatus.currentlyAvailable).toBe(4);
    const refused = await post(COURSES, { n: 2 });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0]).toMatchObject({
      message: expect.stringMatching(
        /^Query cost budget spent: this operation costs 7 and 4 of 60 a minute are left\./,
      ),
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(refused.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(4);
    // What was left is still there for a cheaper operation.
    const cheap = await post(COURSES, { n: 1 });
    expect(cheap.status).toBe(200);
    expect(cheap.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(0);
  });

  it('gives an API token a budget of its own, apart from its address', async () => {
    const browser = t.agent();
    await browser
      .post('/api/login')
      .set('content-type', 'application/json')
      .send({ username: 'member', password: 'drx-demo-2026' });
    const made = await browser.post('/graphql').set('content-type', 'application/json').send({
      query: `mutation { apiTokenCreate(input: { name: "budget", scopes: ["catalog:read"] }) { token } }`,
    });
    const token = made.body.data.apiTokenCreate.token as string;
    const byToken = client(token);
    expect((await byToken(COURSES, { n: 16 })).status).toBe(200);
    expect((await byToken(COURSES, { n: 2 })).status).toBe(429);
    // Another token-less client at a fresh address still has its whole budget.
    const other = await client()(COURSES, { n: 2 });
    expect(other.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(BUDGET - 7);
  });
});
