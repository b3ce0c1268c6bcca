import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const USERS = ['admin', 'seller', 'member', 'multi', 'officer'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;

const db = () => t.orm.em.fork().getConnection();

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
  }
});
afterAll(() => t.close());

async function idByTitle(title: string): Promise<string> {
  const [row] = await db().execute<{ id: string }[]>('select id from resources where title = ?', [title]);
  return row.id;
}

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

async function codeOf(agent: Agent, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql(agent, query, variables);
  return res.errors?.[0]?.extensions?.code;
}

const DRAFT = 'Hip Hop Choreography Planner';
const PUBLIC_IDS = `query($first: Int, $filter: ResourceFilter) { resources(first: $first, filter: $filter) { nodes { id } } }`;
async function publicIds(filter: Record<string, unknown> = {}): Promise<string[]> {
  const data = await ok(guest, PUBLIC_IDS, { first: 100, filter });
  return data.resources.nodes.map((n: { id: string }) => n.id);
}

const APPROVE = `mutation($input: ResourceModerateInput!) { resourceApprove(input: $input) {
  resource { id status rejectionReason } userErrors { code field message } } }`;
const REJECT = `mutation($input: ResourceRejectInput!) { resourceReject(input: $input) {
  resource { id status rejectionReason } userErrors { code field message } } }`;
const FEATURE = `mutation($input: ResourceModerateInput!) { resourceFeatureToggle(input: $input) {
  resource { id featured } userErrors { code field message } } }`;
const QUEUE = `query { curriculumReviewQueue { pendingCount resubmittedCount rejectedCount publishedCount featuredCount } }`;
const ADMIN_LIST = `query($status: String, $search: String, $first: Int, $after: String) {
  adminResources(status: $status, search: $search, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } nodes { id title status } } }`;
const CREATE = `mutation($input: ResourceCategoryCreateInput!) { resourceCategoryCreate(input: $input) {
  category { id name slug description } userErrors { code field message } } }`;
const UPDATE = `mutation($input: ResourceCategoryUpdateInput!) { resourceCategoryUpdate(input: $input) {
  category { id name slug description } userErrors { code field message } } }`;
const DELETE = `mutation($input: ResourceCategoryDeleteInput!) { resourceCategoryDelete(input: $input) {
  deletedCategoryId userErrors { code field message } } }`;

describe('moderation permissions', () => {
  it('lets only staff run each moderation operation', async () => {
    const id = await idByTitle(DRAFT);
    const operations: [string, Record<string, unknown>][] = [
      [APPROVE, { input: { resourceId: id } }],
      [REJECT, { input: { resourceId: id, reason: 'No' } }],
      [FEATURE, { input: { resourceId: id } }],
      [CREATE, { input: { name: 'Never' } }],
      [UPDATE, { input: { categoryId: id, name: 'Never' } }],
      [DELETE, { input: { categoryId: id } }],
      [QUEUE, {}],
      [ADMIN_LIST, {}],
    ];
    for (const [query, variables] of operations) {
      expect(await codeOf(as.seller, query, variables)).toBe('FORBIDDEN');
      expect(await codeOf(as.member, query, variables)).toBe('FORBIDDEN');
      expect(await codeOf(as.multi, query, variables)).toBe('FORBIDDEN');
      expect(await codeOf(guest, query, variables)).toBe('UNAUTHENTICATED');
    }
    const [row] = await db().execute<{ status: string; featured: boolean }[]>(
      'select status, featured from resources where id = ?',
      [id],
    );
    expect(row).toEqual({ status: 'draft', featured: false });
  });
});

describe('moderation effects', () => {
  it('lists all statuses for staff, with status filter, search and paging', async () => {
    const all = await ok(as.officer, ADMIN_LIST, { first: 100 });
    const statuses = new Set(all.adminResources.nodes.map((n: { status: string }) => n.status));
    expect(statuses).toEqual(new Set(['draft', 'published', 'rejected']));
    const drafts = await ok(as.admin, ADMIN_LIST, { status: 'draft' });
    expect(drafts.adminResources.nodes.map((n: { title: string }) => n.title)).toEqual([DRAFT]);
    const found = await ok(as.admin, ADMIN_LIST, { search: 'choreography planner' });
    expect(found.adminResources.nodes.map((n: { title: string }) => n.title)).toContain(DRAFT);
    const first = await ok(as.admin, ADMIN_LIST, { first: 2 });
    const next = await ok(as.admin, ADMIN_LIST, { first: 2, after: first.adminResources.pageInfo.endCursor });
    expect(next.adminResources.nodes[0].id).not.toBe(first.adminResources.nodes[1].id);
  });

  it('is the same number of queries for 2 and for 50 resources of the staff list', async () => {
    const list = `query($first: Int) { adminResources(first: $first) {
      totalCount nodes { id title status featured store { id storeName } seller { id displayName } } } }`;
    const sqlOf = async (first: number) => {
      const spy = vi.spyOn(t.orm.config.getLogger(), 'logQuery');
      try {
        const data = await ok(as.admin, list, { first });
        expect(data.adminResources.nodes.length).toBe(Math.min(first, data.adminResources.totalCount));
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await sqlOf(50)).toBe(await sqlOf(2));
  });

  it('counts the queue, approves into the public catalogue and rejects out of it', async () => {
    const queue = (await ok(as.officer, QUEUE)).curriculumReviewQueue;
    expect(queue.pendingCount).toBe(1);
    expect(queue.resubmittedCount).toBe(0);
    expect(queue.rejectedCount).toBe(1);
    expect(queue.featuredCount).toBeGreaterThan(0);

    const id = await idByTitle(DRAFT);
    expect(await publicIds()).not.toContain(id);
    const approved = await ok(as.officer, APPROVE, { input: { resourceId: id } });
    expect(approved.resourceApprove.resource).toMatchObject({ status: 'published', rejectionReason: null });
    expect(await publicIds()).toContain(id);
    const after = (await ok(as.officer, QUEUE)).curriculumReviewQueue;
    expect(after.pendingCount).toBe(0);
    expect(after.publishedCount).toBe(queue.publishedCount + 1);

    const empty = await ok(as.admin, REJECT, { input: { resourceId: id, reason: '   ' } });
    expect(empty.resourceReject.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'reason' });
    const long = await ok(as.admin, REJECT, { input: { resourceId: id, reason: 'x'.repeat(501) } });
    expect(long.resourceReject.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'reason' });
    expect(await publicIds()).toContain(id);

    const rejected = await ok(as.admin, REJECT, {
      input: { resourceId: id, reason: 'Missing the music credits' },
    });
    expect(rejected.resourceReject.resource).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Missing the music credits',
    });
    expect(await publicIds()).not.toContain(id);

    const unknown = await ok(as.admin, APPROVE, {
      input: { resourceId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.resourceApprove.userErrors[0].code).toBe('NOT_FOUND');
  });

  it('queues a rejected resource its seller edited; only staff approval publishes it', async () => {
    const id = await idByTitle('Unlicensed Pop Song Compilation');
    const edit = await t.gql(
      as.seller,
      `mutation($input: ResourceUpdateInput!) { resourceUpdate(input: $input) {
        resource { status rejectionReason } userErrors { code message } } }`,
      { input: { id } },
    );
    expect(edit.data.resourceUpdate.resource.status).toBe('pending_review');
    expect(edit.data.resourceUpdate.resource.rejectionReason).toEqual(expect.any(String));
    const publish = await t.gql(
      as.seller,
      `mutation($input: ResourceIdInput!) { resourcePublish(input: $input) { userErrors { code } } }`,
      { input: { id } },
    );
    expect(publish.data.resourcePublish.userErrors[0].code).toBe('FORBIDDEN');
    expect(await publicIds()).not.toContain(id);

    expect((await ok(as.officer, QUEUE)).curriculumReviewQueue.resubmittedCount).toBe(1);
    const waiting = await ok(as.officer, ADMIN_LIST, { status: 'pending_review' });
    expect(waiting.adminResources.nodes.map((n: { id: string }) => n.id)).toEqual([id]);
    const approved = await ok(as.officer, APPROVE, { input: { resourceId: id } });
    expect(approved.resourceApprove.resource).toMatchObject({ status: 'published', rejectionReason: null });
    expect(await publicIds()).toContain(id);
    expect((await ok(as.officer, QUEUE)).curriculumReviewQueue.resubmittedCount).toBe(0);
  });

  it('features and unfeatures through the graph and REST', async () => {
    const [row] = await db().execute<{ id: string }[]>(
      `select id from resources where status = 'published' and not featured order by created_at limit 1`,
    );
    const featured = await ok(as.officer, FEATURE, { input: { resourceId: row.id } });
    expect(featured.resourceFeatureToggle.resource.featured).toBe(true);
    expect(await publicIds({ featured: true })).toContain(row.id);

    const rest = await as.admin.post(`/api/resources/${row.id}/toggle-featured`).set(json).send({});
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id: row.id, featured: false });
    expect(await publicIds({ featured: true })).not.toContain(row.id);

    expect((await guest.post(`/api/resources/${row.id}/toggle-featured`).set(json).send({})).status).toBe(
      401,
    );
    const denied = await as.seller.post(`/api/resources/${row.id}/toggle-featured`).set(json).send({});
    expect(denied.status).toBe(403);
    expect(denied.body.message).toEqual(expect.any(String));
  });
});

describe('resource categories', () => {
  it('creates, renames and deletes categories, keeping names unique and resources uncategorised', async () => {
    const created = await ok(as.officer, CREATE, {
      input: { name: ' Warm-Up Games ', description: 'Fun starts' },
    });
    const category = created.resourceCategoryCreate.category;
    expect(category).toMatchObject({
      name: 'Warm-Up Games',
      slug: 'warm-up-games',
      description: 'Fun starts',
    });

    const duplicate = await ok(as.admin, CREATE, { input: { name: 'Warm-Up Games' } });
    expect(duplicate.resourceCategoryCreate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'name',
    });
    const blank = await ok(as.admin, CREATE, { input: { name: '  ' } });
    expect(blank.resourceCategoryCreate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'name',
    });

    const renamed = await ok(as.admin, UPDATE, { input: { categoryId: category.id, name: 'Warm Ups' } });
    expect(renamed.resourceCategoryUpdate.category).toMatchObject({ name: 'Warm Ups', slug: 'warm-ups' });

    const id = await idByTitle('Breakdance Footwork Drills');
    await db().execute('update resources set category_id = ? where id = ?', [category.id, id]);
    const deleted = await ok(as.admin, DELETE, { input: { categoryId: category.id } });
    expect(deleted.resourceCategoryDelete.deletedCategoryId).toBe(category.id);
    const [row] = await db().execute<{ category_id: string | null }[]>(
      'select category_id from resources where id = ?',
      [id],
    );
    expect(row.category_id).toBeNull();
    const list = await ok(guest, `query { resourceCategories { id } }`);
    expect(list.resourceCategories.map((c: { id: string }) => c.id)).not.toContain(category.id);

    const missing = await ok(as.admin, DELETE, { input: { categoryId: category.id } });
    expect(missing.resourceCategoryDelete.userErrors[0].code).toBe('NOT_FOUND');
  });
});
