import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queriesDuring } from '../test/query-count';
import { startTestApp, type TestApp } from '../test/test-app';
import { MAX_COST } from './query-cost';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (query: string, variables: Record<string, unknown> = {}) =>
  t.agent().post('/graphql').set('content-type', 'application/json').send({ query, variables });

/** Courses with their modules: per course 2 + 1.5 × (id 1 + title 1 + modules (2 + 1.5 × title 1)). */
const COURSES = `query Courses($n: Int) { courses(first: $n) { nodes { id title modules { title } } } }`;
const perCourse = 2 + 1.5 * (1 + 1 + (2 + 1.5 * 1));
/** `courses` itself is an object too: 2 + 1.5 × nodes, all × the page size. */
const coursesCost = (page: number) => page * (2 + 1.5 * perCourse);

/** Instructors with their reviews: a page of pages. */
const PAGE_OF_PAGES = `query Reviews($outer: Int, $inner: Int) {
  instructors(first: $outer) { nodes { displayName reviews(first: $inner) { nodes { rating comment } } } }
}`;

describe('the query cost in every answer (extensions.cost)', () => {
  it('reports what a query cost and the most one may cost, beside its data', async () => {
    const res = await post('{ __typename courses(first: 2) { totalCount } }');
    expect(res.status).toBe(200);
    expect(res.body.data.courses.totalCount).toBeGreaterThan(0);
    expect(res.body.extensions).toEqual({
      cost: { requestedQueryCost: 1 + 2 * (2 + 1.5 * 1), maximumAvailable: MAX_COST },
    });
  });

  it('costs a connection by the page size in the variables, else the default page of 20', async () => {
    const three = await post(COURSES, { n: 3 });
    expect(three.status).toBe(200);
    expect(three.body.data.courses.nodes).toHaveLength(3);
    // (reported to two decimals)
    expect(three.body.extensions.cost.requestedQueryCost).toBeCloseTo(coursesCost(3), 1);
    const fifty = await post(COURSES, { n: 50 });
    expect(fifty.body.extensions.cost.requestedQueryCost).toBeCloseTo(coursesCost(50), 1);
    const absent = await post(COURSES);
    expect(absent.body.extensions.cost.requestedQueryCost).toBeCloseTo(coursesCost(20), 1);
    // a larger page returns 100, and costs as 100
    const huge = await post(COURSES, { n: 100_000 });
    expect(huge.body.extensions.cost.requestedQueryCost).toBeCloseTo(coursesCost(100), 1);
  });

  it('reports the cost of a mutation and of an answer with errors', async () => {
    const res = await post('mutation { logout { success } }');
    expect(res.body.data.logout.success).toBe(true);
    expect(res.body.extensions.cost).toEqual({ requestedQueryCost: 2 + 1.5, maximumAvailable: MAX_COST });
    const forbidden = await post('{ adminUsers: users(first: 1) { totalCount } }');
    expect(forbidden.body.errors[0].extensions.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    expect(forbidden.body.extensions.cost.requestedQueryCost).toBe(2 + 1.5);
  });
});

describe('an operation over the cost limit', () => {
  it('is refused with 400 before anything runs, naming its cost and the limit', async () => {
    // 100 instructors × 100 reviews each: the literal-only count of before saw 2 + 1.5 × … = a few
    const refused = await queriesDuring(t.orm, async () => {
      const res = await post(PAGE_OF_PAGES, { outer: 100, inner: 100 });
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      const cost = res.body.extensions.cost.requestedQueryCost;
      expect(cost).toBeGreaterThan(MAX_COST);
      expect(res.body.errors).toEqual([
        {
          message: `Query cost ${cost} exceeds the limit of ${MAX_COST}. Ask for fewer fields or smaller pages (first).`,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost', max: MAX_COST, found: cost },
        },
      ]);
      expect(res.body.extensions.cost.maximumAvailable).toBe(MAX_COST);
    });
    // no resolver ran: not one SQL statement
    expect(refused).toEqual([]);
    // while the same document with small pages runs (and reads the database)
    const allowed = await queriesDuring(t.orm, async () => {
      const res = await post(PAGE_OF_PAGES, { outer: 5, inner: 5 });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.extensions.cost.requestedQueryCost).toBeLessThan(MAX_COST);
    });
    expect(allowed.length).toBeGreaterThan(0);
  });

  it('is refused the same when the page sizes are literals', async () => {
    const res = await post(
      '{ instructors(first: 100) { nodes { displayName reviews(first: 100) { nodes { rating comment } } } } }',
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'cost' });
  });

  it('leaves variables of the wrong type to the usual BAD_USER_INPUT', async () => {
    const res = await post(COURSES, { n: 'ten' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.extensions).toBeUndefined();
  });
});
