import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { queriesDuring as countQueries } from '../../test/query-count';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const USERS = ['admin', 'seller', 'instructor', 'member', 'multi', 'officer'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;
const idOf = {} as Record<Name, string>;

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
});
afterAll(() => t.close());

const db = () => t.orm.em.fork().getConnection();

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

const queriesDuring = (work: () => Promise<unknown>) => countQueries(t.orm, work);

async function idByTitle(title: string): Promise<string> {
  const [row] = await db().execute<{ id: string }[]>('select id from resources where title = ?', [title]);
  return row.id;
}

const LIST = `query Resources($first: Int, $after: String, $filter: ResourceFilter, $sort: ResourceSort) {
  resources(first: $first, after: $after, filter: $filter, sort: $sort) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes {
      id title type priceCents ageGroup skillLevel status featured downloadCount downloaderCount
      ratingAverage ratingCount danceStyle { id name } category { id name } seller { id username } store { id storeName }
    }
  }
}`;

interface Node {
  id: string;
  title: string;
  type: string;
  priceCents: number;
  ageGroup: string;
  skillLevel: string;
  featured: boolean;
  downloadCount: number;
  downloaderCount: number;
  ratingAverage: number;
  ratingCount: number;
  danceStyle: { id: string; name: string } | null;
  category: { id: string; name: string } | null;
  seller: { id: string; username: string };
  store: { id: string; storeName: string } | null;
}
interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: Node[];
}

const list = async (agent: Agent, variables: Record<string, unknown> = {}) =>
  (await ok<{ resources: Page }>(agent, LIST, { first: 100, ...variables })).resources;

const RESOURCE = `query Resource($id: ID!) {
  resource(id: $id) {
    id title status rejectionReason viewerCanReview ratingAverage ratingCount
    files { id fileName sizeBytes contentType }
    ratingSummary { average count histogram { stars count } }
  }
}`;

const UPSERT = `mutation Upsert($input: ReviewUpsertInput!) {
  reviewUpsert(input: $input) {
    review { id rating body author { username } }
    resource { id ratingAverage ratingCount }
    userErrors { code field message }
  }
}`;

const DELETE = `mutation Delete($input: ReviewDeleteInput!) {
  reviewDelete(input: $input) { deletedReviewId resource { ratingAverage ratingCount } userErrors { code message } }
}`;

async function grant(user: Name, resourceId: string) {
  await db().execute(
    `insert into entitlements (id, user_id, resource_id, source) values (?, ?, ?, 'granted') on conflict do nothing`,
    [randomUUID(), idOf[user], resourceId],
  );
}

async function dbRating(resourceId: string) {
  const [row] = await db().execute<{ a: string; c: number; ra: string | null; rc: number }[]>(
    `select r.rating_average as a, r.rating_count as c,
       (select round(avg(rating), 2) from reviews where resource_id = r.id) as ra,
       (select count(*)::int from reviews where resource_id = r.id) as rc
     from resources r where r.id = ?`,
    [resourceId],
  );
  return { stored: [Number(row.a), row.c], actual: [Number(row.ra ?? 0), row.rc] };
}

describe('browsing the store', () => {
  it('lets a guest list published resources of every type, with drafts and rejected ones hidden', async () => {
    const page = await list(guest);
    expect(page.totalCount).toBe(page.nodes.length);
    expect(page.nodes.length).toBeGreaterThanOrEqual(12);
    expect(new Set(page.nodes.map((n) => n.type))).toEqual(
      new Set(['document', 'audio', 'video', 'image', 'text', 'spreadsheet', 'other']),
    );
    const titles = page.nodes.map((n) => n.title);
    expect(titles).not.toContain('Hip Hop Choreography Planner');
    expect(titles).not.toContain('Unlicensed Pop Song Compilation');
    expect(page.nodes.every((n) => n.store?.storeName && n.seller.username)).toBe(true);
    // the REST rows answer the same for guests
    const rest = await guest.get('/api/curriculum');
    expect(rest.status).toBe(200);
    expect(rest.body.totalCount).toBe(page.totalCount);
    expect((await guest.get('/api/curriculum-all')).body.items).toHaveLength(page.nodes.length);
  });

  it('shows a draft or rejected resource only to its seller and staff', async () => {
    const draft = await idByTitle('Hip Hop Choreography Planner');
    const rejected = await idByTitle('Unlicensed Pop Song Compilation');
    for (const agent of [guest, as.member, as.seller]) {
      expect((await ok(agent, RESOURCE, { id: draft })).resource).toBeNull();
    }
    expect((await ok(as.multi, RESOURCE, { id: draft })).resource.status).toBe('draft');
    expect((await ok(as.officer, RESOURCE, { id: draft })).resource.status).toBe('draft');
    expect((await ok(guest, RESOURCE, { id: rejected })).resource).toBeNull();
    const own = (await ok(as.seller, RESOURCE, { id: rejected })).resource;
    expect(own.rejectionReason).toMatch(/licensed/);
    expect((await guest.get(`/api/resources/${draft}`)).status).toBe(404);
  });

  it('filters by type, style, age group, level, category, price, seller and featured', async () => {
    const all = (await list(guest)).nodes;
    const ballet = all.find((n) => n.danceStyle?.name === 'Ballet')!.danceStyle!.id;
    const category = all.find((n) => n.category?.name === 'Assessment')!.category!.id;
    const cases: [Record<string, unknown>, (n: Node) => boolean][] = [
      [{ type: 'audio' }, (n) => n.type === 'audio'],
      [{ danceStyleId: ballet }, (n) => n.danceStyle?.id === ballet],
      [{ ageGroup: 'Teen (13-17)' }, (n) => n.ageGroup === 'Teen (13-17)'],
      [{ skillLevel: 'Beginner' }, (n) => n.skillLevel === 'Beginner'],
      [{ categoryId: category }, (n) => n.category?.id === category],
      [{ minPriceCents: 500, maxPriceCents: 1000 }, (n) => n.priceCents >= 500 && n.priceCents <= 1000],
      [{ sellerId: idOf.seller }, (n) => n.seller.id === idOf.seller],
      [{ featured: true }, (n) => n.featured],
    ];
    for (const [filter, matches] of cases) {
      const page = await list(guest, { filter });
      const expected = all.filter(matches).map((n) => n.id);
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(page.nodes.map((n) => n.id).sort(), JSON.stringify(filter)).toEqual(expected.sort());
      expect(page.totalCount).toBe(expected.length);
    }
    expect((await list(guest, { filter: { featured: true } })).nodes).toHaveLength(4);
    const featured = await guest.get('/api/resources?featured=true');
    expect(featured.body.items).toHaveLength(4);
    const bySeller = await guest.get(`/api/resources/seller/${idOf.multi}`);
    expect(bySeller.body.items.every((i: Node) => i.seller.id === idOf.multi)).toBe(true);
    const byCategory = await guest.get(`/api/resources/category/${category}`);
    expect(byCategory.body.items.length).toBeGreaterThan(0);
  });

  it('ranks a resource whose title has the searched word first', async () => {
    const page = await list(guest, { filter: { search: 'floorwork' } });
    expect(page.nodes[0].title).toBe('Contemporary Floorwork Tutorial');
    const piano = await list(guest, { filter: { search: 'piano ballet' }, sort: 'RELEVANCE' });
    expect(piano.nodes[0].title).toBe('Ballet Class Piano Music Volume 1');
    expect((await list(guest, { filter: { search: 'zzzz-nothing' } })).totalCount).toBe(0);
  });

  it('sorts by rating, popularity and price', async () => {
    const byRating = (await list(guest, { sort: 'RATING' })).nodes;
    const ratings = byRating.map((n) => n.ratingAverage);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(ratings[0]).toBe(5);
    const byPopularity = (await list(guest, { sort: 'POPULARITY' })).nodes.map((n) => n.downloaderCount);
    expect(byPopularity).toEqual([...byPopularity].sort((a, b) => b - a));
    const asc = (await list(guest, { sort: 'PRICE_ASC' })).nodes.map((n) => n.priceCents);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list(guest, { sort: 'PRICE_DESC' })).nodes.map((n) => n.priceCents);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('ranks "most popular" by buyers who downloaded it, never by its seller’s or staff downloads', async () => {
    // Every resource at 0 buyers: ties fall back to newest first, so the order is known.
    await db().execute('update resources set downloader_count = 0');
    const target = await idByTitle('Ballroom Competition Choreography Notes'); // sold by "seller"
    const [file] = await db().execute<{ storage_key: string }[]>(
      'select storage_key from resource_files where resource_id = ? order by position limit 1',
      [target],
    );
    const absolute = path.join(t.config.privateDir, file.storage_key);
    fs.mkdirSync(path.dirname(absolute), { recursive: true });
    fs.writeFileSync(absolute, 'Quickstep, then the waltz.\n');
    const popular = async () => (await list(guest, { sort: 'POPULARITY' })).nodes;
    const before = (await popular()).map((n) => n.id);
    expect(before.indexOf(target)).toBeGreaterThan(0);
    const download = async (who: Name, times: number) => {
      for (let i = 0; i < times; i++) {
        expect((await as[who].get(`/api/resources/${target}/download`)).status).toBe(200);
      }
    };

    await download('seller', 50);
    await download('admin', 3);
    await download('officer', 3);
    expect((await popular()).map((n) => n.id)).toEqual(before);

    await grant('member', target);
    await grant('instructor', target);
    await download('member', 2);
    await download('instructor', 1);
    const after = await popular();
    expect(after[0]).toMatchObject({ id: target, downloaderCount: 2 });
    expect(after[0].downloadCount).toBeGreaterThanOrEqual(59);
    const [row] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from resource_downloaders where resource_id = ?',
      [target],
    );
    expect(row.n).toBe(2);
  });

  it('pages with cursors through every sort without gaps or repeats', async () => {
    for (const sort of ['NEWEST', 'RATING', 'POPULARITY', 'PRICE_ASC']) {
      const all = (await list(guest, { sort })).nodes.map((n) => n.id);
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: Page = await list(guest, { sort, first: 5, after });
        seen.push(...page.nodes.map((n) => n.id));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen, sort).toEqual(all);
    }
    const bad = await t.gql(guest, LIST, { after: 'nope' });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('hides the resources of a suspended seller', async () => {
    await db().execute('update seller_profiles set suspended = true where user_id = ?', [idOf.multi]);
    try {
      const page = await list(guest);
      expect(page.nodes.some((n) => n.seller.id === idOf.multi)).toBe(false);
      expect(
        (await ok(guest, `query S($id: ID!) { seller(id: $id) { id } }`, { id: idOf.multi })).seller,
      ).toBeNull();
    } finally {
      await db().execute('update seller_profiles set suspended = false where user_id = ?', [idOf.multi]);
    }
  });
});

describe('resource page, reviews and stores', () => {
  it('shows files without their storage, a rating summary and reviews (an empty list for none)', async () => {
    const id = await idByTitle('Ballet Basics Lesson Plan Pack');
    const resource = (await ok(guest, RESOURCE, { id })).resource;
    expect(resource.files).toEqual([
      expect.objectContaining({ fileName: 'ballet-basics-lesson-plans.pdf', sizeBytes: expect.any(Number) }),
    ]);
    expect(resource.ratingSummary).toEqual({
      average: 4.5,
      count: 2,
      histogram: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: stars >= 4 ? 1 : 0 })),
    });
    const storage = await t.gql(guest, `query R($id: ID!) { resource(id: $id) { files { storageKey } } }`, {
      id,
    });
    expect(storage.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const rest = await guest.get(`/api/resources/${id}/reviews`);
    expect(rest.status).toBe(200);
    expect(rest.body.items).toHaveLength(2);
    expect(JSON.stringify(await guest.get(`/api/curriculum/${id}`).then((r) => r.body))).not.toMatch(
      /storage|private/i,
    );
    const none = await idByTitle('Jazz Combination Cue Cards');
    const empty = await guest.get(`/api/curriculum/${none}/reviews`);
    expect(empty.body).toEqual({
      items: [],
      totalCount: 0,
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    expect((await guest.get(`/api/resources/${randomUUID()}/reviews`)).body.items).toEqual([]);
  });

  it('serves categories and sellers’ public stores to guests', async () => {
    const categories = await guest.get('/api/categories');
    expect(categories.body.map((c: { name: string }) => c.name)).toEqual([
      'Assessment',
      'Choreography',
      'Lesson Plans',
      'Music & Audio',
    ]);
    expect((await guest.get(`/api/categories/${categories.body[0].id}`)).body.name).toBe('Assessment');
    const sellers = await guest.get('/api/sellers');
    expect(sellers.body.totalCount).toBe(4);
    const store = await guest.get(`/api/sellers/${idOf.seller}`);
    expect(store.status).toBe(200);
    expect(store.body).toMatchObject({
      id: idOf.seller,
      storeName: "Sam's Dance Resources",
      stats: { resourceCount: 4 },
    });
    expect(JSON.stringify(store.body)).not.toMatch(/stripe|payout|suspended/i);
    expect((await guest.get(`/api/sellers/${idOf.member}`)).status).toBe(404);
  });

  it('lists stores with their figures in a constant number of SQL statements', async () => {
    const list = `query($first: Int) { sellers(first: $first) {
      nodes { id storeName stats { resourceCount ratingCount ratingAverage } } } }`;
    const one = await queriesDuring(() => ok(guest, list, { first: 1 }));
    const all = await queriesDuring(() => ok(guest, list, { first: 50 }));
    expect(all.length).toBe(one.length);
    const { sellers } = await ok<{ sellers: { nodes: { id: string; stats: { resourceCount: number } }[] } }>(
      guest,
      list,
      { first: 50 },
    );
    expect(sellers.nodes.length).toBe(4);
    expect(sellers.nodes.find((n) => n.id === idOf.seller)?.stats.resourceCount).toBe(4);
  });
});

describe('reviews', () => {
  it('refuses a non-buyer with a clear error', async () => {
    const id = await idByTitle('Jazz Combination Cue Cards');
    const res = (await ok(as.member, UPSERT, { input: { resourceId: id, rating: 5, body: 'Nice' } }))
      .reviewUpsert;
    expect(res.review).toBeNull();
    expect(res.userErrors).toEqual([
      { code: 'FORBIDDEN', field: 'resourceId', message: 'Only buyers of this resource can review it' },
    ]);
    const anonymous = await t.gql(guest, UPSERT, { input: { resourceId: id, rating: 5 } });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('lets a buyer create, edit and delete one review, keeping the rating in step', async () => {
    const id = await idByTitle('Jazz Combination Cue Cards');
    await grant('member', id);
    await grant('instructor', id);
    expect((await ok(as.member, RESOURCE, { id })).resource.viewerCanReview).toBe(true);
    expect((await ok(as.seller, RESOURCE, { id })).resource.viewerCanReview).toBe(false);

    const created = (await ok(as.member, UPSERT, { input: { resourceId: id, rating: 4, body: 'Good' } }))
      .reviewUpsert;
    expect(created.userErrors).toEqual([]);
    expect(created.resource).toMatchObject({ ratingAverage: 4, ratingCount: 1 });
    const edited = (
      await ok(as.member, UPSERT, { input: { resourceId: id, rating: 2, body: 'Changed my mind' } })
    ).reviewUpsert;
    expect(edited.review.id).toBe(created.review.id);
    expect(edited.review).toMatchObject({ rating: 2, body: 'Changed my mind' });
    expect(edited.resource).toMatchObject({ ratingAverage: 2, ratingCount: 1 });
    const other = (await ok(as.instructor, UPSERT, { input: { resourceId: id, rating: 5 } })).reviewUpsert;
    expect(other.resource).toMatchObject({ ratingAverage: 3.5, ratingCount: 2 });
    expect((await dbRating(id)).stored).toEqual((await dbRating(id)).actual);

    // someone else's review cannot be deleted; staff can
    const refused = (await ok(as.member, DELETE, { input: { id: other.review.id } })).reviewDelete;
    expect(refused.userErrors[0].code).toBe('FORBIDDEN');
    const own = (await ok(as.member, DELETE, { input: { id: created.review.id } })).reviewDelete;
    expect(own.resource).toEqual({ ratingAverage: 5, ratingCount: 1 });
    const byStaff = (await ok(as.admin, DELETE, { input: { id: other.review.id } })).reviewDelete;
    expect(byStaff.resource).toEqual({ ratingAverage: 0, ratingCount: 0 });
    const rating = await dbRating(id);
    expect(rating.stored).toEqual([0, 0]);
    expect(rating.actual).toEqual([0, 0]);
  });

  it('refuses a rating out of range and a body over 2000 characters with INVALID_INPUT', async () => {
    const id = await idByTitle('Ballet Basics Lesson Plan Pack');
    for (const [input, field] of [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 3, body: 'x'.repeat(2001) }, 'body'],
    ] as const) {
      const res = (await ok(as.member, UPSERT, { input: { resourceId: id, ...input } })).reviewUpsert;
      expect(res.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_INPUT', field })]);
    }
    const summary = (await ok(guest, RESOURCE, { id })).resource.ratingSummary;
    expect(summary.count).toBe(2);
  });

  it('keeps one review and a correct rating when one buyer submits many at once', async () => {
    const id = await idByTitle('Swing Dance Social Games Kit');
    await grant('member', id);
    await grant('instructor', id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ok(i % 2 ? as.member : as.instructor, UPSERT, { input: { resourceId: id, rating: (i % 5) + 1 } }),
      ),
    );
    expect(results.every((r) => r.reviewUpsert.userErrors.length === 0)).toBe(true);
    const [count] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from reviews where resource_id = ?',
      [id],
    );
    expect(count.n).toBe(2);
    const rating = await dbRating(id);
    expect(rating.stored).toEqual(rating.actual);
    expect(rating.stored[1]).toBe(2);
  });
});

describe('SQL cost of the store list', () => {
  it('is the same small number of queries for 20 and for 100 resources', async () => {
    const [style] = await db().execute<{ id: string }[]>(`select id from dance_styles where name = 'Jazz'`);
    const [category] = await db().execute<{ id: string }[]>(`select id from resource_categories limit 1`);
    const values: unknown[] = [];
    const rows = Array.from({ length: 100 }, (_, i) => {
      values.push(
        randomUUID(),
        `Cost Resource ${i}`,
        style.id,
        category.id,
        i % 2 ? idOf.seller : idOf.multi,
        (i + 1) * 10,
      );
      return `(?, ?, 'document', ?, ?, ?, ?, 'published', now() - interval '3 days')`;
    });
    await db().execute(
      `insert into resources (id, title, type, dance_style_id, category_id, seller_id, price_cents, status, created_at)
       values ${rows.join(', ')}`,
      values,
    );
    const run = (first: number) =>
      queriesDuring(async () => {
        const page = await list(guest, { first });
        expect(page.nodes).toHaveLength(first);
        expect(page.nodes.every((n) => n.seller.username && n.store?.storeName && n.category)).toBe(true);
      });
    const twenty = await run(20);
    const hundred = await run(100);
    expect(twenty.length).toBeGreaterThan(0);
    expect(hundred.length).toBe(twenty.length);
    expect(twenty.length, twenty.join('\n')).toBeLessThanOrEqual(6);
    const filtered = await queriesDuring(() =>
      list(guest, { first: 100, filter: { danceStyleId: style.id, search: 'cost' }, sort: 'RELEVANCE' }),
    );
    expect(filtered.length).toBe(twenty.length);
  });
});
