import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../graphql/errors';
import { startTestApp, type TestApp } from '../../test/test-app';
import { CouponsService, type QuoteLine } from './coupons.service';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const USERS = ['admin', 'officer', 'member', 'seller'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;

const db = () => t.orm.em.fork().getConnection();
const service = () => new CouponsService(t.orm.em.fork());

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

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

async function codeOf(agent: Agent, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql(agent, query, variables);
  return res.errors?.[0]?.extensions?.code;
}

async function userId(username: string): Promise<string> {
  const [row] = await db().execute<{ id: string }[]>('select id from users where username = ?', [username]);
  return row.id;
}

const FIELDS = `id code description kind percentOff amountOffCents startsAt endsAt usageLimit perMemberLimit
  usedCount minSubtotalCents scope active status createdAt updatedAt`;
const LIST = `query($search: String, $first: Int, $after: String) {
  adminCoupons(search: $search, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } nodes { id code status } } }`;
const GET = `query($id: ID!) { coupon(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($input: CouponCreateInput!) { couponCreate(input: $input) {
  coupon { ${FIELDS} } userErrors { code field message } } }`;
const UPDATE = `mutation($input: CouponUpdateInput!) { couponUpdate(input: $input) {
  coupon { ${FIELDS} } userErrors { code field message } } }`;
const DELETE = `mutation($input: CouponDeleteInput!) { couponDelete(input: $input) {
  deletedCouponId deactivated coupon { id active status } userErrors { code field message } } }`;

let codeSeq = 0;
/** Creates a coupon through the graph as the admin and returns it. */
async function create(input: Record<string, unknown>) {
  const data = await ok(as.admin, CREATE, {
    input: { code: `C${Date.now() % 100000}X${++codeSeq}`, kind: 'percent', percentOff: 10, ...input },
  });
  expect(data.couponCreate.userErrors).toEqual([]);
  return data.couponCreate.coupon as { id: string; code: string } & Record<string, any>;
}

/** 100 members created with SQL (they never sign in; the hash is a placeholder). */
async function createMembers(prefix: string, count: number): Promise<string[]> {
  const rows = await db().execute<{ id: string }[]>(
    `insert into users (id, username, username_key, password_hash)
     select gen_random_uuid(), ? || n, lower(? || n), 'x' from generate_series(1, ?) as n returning id`,
    [prefix, prefix, count],
  );
  return rows.map((r) => r.id);
}

const course = (cents: number, quantity = 1): QuoteLine => ({
  itemType: 'course',
  unitPriceCents: cents,
  quantity,
});
const resource = (cents: number, quantity = 1): QuoteLine => ({
  itemType: 'resource',
  unitPriceCents: cents,
  quantity,
});

async function quoteError(code: string, userIdValue: string, lines: QuoteLine[]) {
  try {
    await service().quote(code, userIdValue, lines);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    return { code: e.code, field: e.field, message: e.message };
  }
  throw new Error('quote did not fail');
}

describe('coupon permissions', () => {
  it('lets only admins and curriculum officers manage coupons', async () => {
    const coupon = await create({});
    const operations: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [GET, { id: coupon.id }],
      [CREATE, { input: { code: 'NEVER1', kind: 'percent', percentOff: 5 } }],
      [UPDATE, { input: { id: coupon.id, percentOff: 99 } }],
      [DELETE, { input: { id: coupon.id } }],
    ];
    for (const [query, variables] of operations) {
      expect(await codeOf(as.member, query, variables)).toBe('FORBIDDEN');
      expect(await codeOf(as.seller, query, variables)).toBe('FORBIDDEN');
      expect(await codeOf(guest, query, variables)).toBe('UNAUTHENTICATED');
    }
    const after = await ok(as.officer, GET, { id: coupon.id });
    expect(after.coupon).toMatchObject({ id: coupon.id, percentOff: 10, active: true });
    const list = await ok(as.officer, LIST, { search: coupon.code });
    expect(list.adminCoupons.nodes.map((n: { id: string }) => n.id)).toEqual([coupon.id]);
  });

  it('lets a curriculum officer create, update and delete', async () => {
    const created = await ok(as.officer, CREATE, {
      input: { code: 'officer-made', kind: 'fixed', amountOffCents: 500 },
    });
    expect(created.couponCreate.userErrors).toEqual([]);
    const id = created.couponCreate.coupon.id;
    const updated = await ok(as.officer, UPDATE, { input: { id, description: 'Spring' } });
    expect(updated.couponUpdate.coupon.description).toBe('Spring');
    const deleted = await ok(as.officer, DELETE, { input: { id } });
    expect(deleted.couponDelete).toMatchObject({ deletedCouponId: id, deactivated: false, userErrors: [] });
  });
});

describe('coupon CRUD', () => {
  it('creates with defaults and stores the code upper-cased', async () => {
    const data = await ok(as.admin, CREATE, {
      input: { code: '  summer-sale_2026 ', kind: 'percent', percentOff: 15, description: ' Summer ' },
    });
    expect(data.couponCreate.userErrors).toEqual([]);
    expect(data.couponCreate.coupon).toMatchObject({
      code: 'SUMMER-SALE_2026',
      description: 'Summer',
      kind: 'percent',
      percentOff: 15,
      amountOffCents: null,
      endsAt: null,
      usageLimit: null,
      perMemberLimit: 1,
      usedCount: 0,
      minSubtotalCents: 0,
      scope: 'all',
      active: true,
      status: 'active',
    });
  });

  it('refuses a code that differs from an existing one only in case', async () => {
    await create({ code: 'CASEY' });
    const data = await ok(as.admin, CREATE, { input: { code: 'casey', kind: 'fixed', amountOffCents: 100 } });
    expect(data.couponCreate.coupon).toBeNull();
    expect(data.couponCreate.userErrors).toEqual([
      { code: 'CONFLICT', field: 'code', message: 'A coupon with this code already exists' },
    ]);
  });

  it('validates every field with a userError naming it', async () => {
    const start = '2026-12-01T00:00:00.000Z';
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'AB' }, 'code'],
      [{ code: 'x'.repeat(33) }, 'code'],
      [{ code: 'HAS SPACE' }, 'code'],
      [{ code: 'ÜBER10' }, 'code'],
      [{ kind: 'bogus' }, 'kind'],
      [{ kind: 'percent', percentOff: 0 }, 'percentOff'],
      [{ kind: 'percent', percentOff: 101 }, 'percentOff'],
      [{ kind: 'percent', percentOff: null }, 'percentOff'],
      [{ kind: 'fixed', percentOff: null, amountOffCents: 0 }, 'amountOffCents'],
      [{ kind: 'fixed', percentOff: null, amountOffCents: -5 }, 'amountOffCents'],
      [{ kind: 'fixed', percentOff: null }, 'amountOffCents'],
      [{ startsAt: start, endsAt: start }, 'endsAt'],
      [{ startsAt: start, endsAt: '2026-11-30T00:00:00.000Z' }, 'endsAt'],
      [{ usageLimit: 0 }, 'usageLimit'],
      [{ perMemberLimit: 0 }, 'perMemberLimit'],
      [{ minSubtotalCents: -1 }, 'minSubtotalCents'],
      [{ scope: 'everything' }, 'scope'],
      [{ description: 'd'.repeat(501) }, 'description'],
    ];
    for (const [input, field] of cases) {
      const data = await ok(as.admin, CREATE, {
        input: { code: 'VALID-CODE', kind: 'percent', percentOff: 10, ...input },
      });
      expect(data.couponCreate.coupon, JSON.stringify(input)).toBeNull();
      expect(data.couponCreate.userErrors, JSON.stringify(input)).toEqual([
        { code: 'INVALID_INPUT', field, message: expect.any(String) },
      ]);
    }
    const [row] = await db().execute<{ n: number }[]>(
      `select count(*)::int as n from coupons where code = 'VALID-CODE'`,
    );
    expect(row.n).toBe(0);
  });

  it('updates only the given fields, clears nullable ones with null and switches kind', async () => {
    const coupon = await create({
      endsAt: '2099-01-01T00:00:00.000Z',
      usageLimit: 50,
      perMemberLimit: 2,
      minSubtotalCents: 1000,
      scope: 'courses',
    });
    const data = await ok(as.admin, UPDATE, {
      input: { id: coupon.id, kind: 'fixed', amountOffCents: 250, endsAt: null, usageLimit: null },
    });
    expect(data.couponUpdate.userErrors).toEqual([]);
    expect(data.couponUpdate.coupon).toMatchObject({
      code: coupon.code,
      kind: 'fixed',
      percentOff: null,
      amountOffCents: 250,
      endsAt: null,
      usageLimit: null,
      perMemberLimit: 2,
      minSubtotalCents: 1000,
      scope: 'courses',
    });
    const lower = await ok(as.admin, UPDATE, { input: { id: coupon.id, code: coupon.code.toLowerCase() } });
    expect(lower.couponUpdate.userErrors).toEqual([]);
    expect(lower.couponUpdate.coupon.code).toBe(coupon.code);
    const bad = await ok(as.admin, UPDATE, { input: { id: coupon.id, kind: 'percent' } });
    expect(bad.couponUpdate.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'percentOff' });
    const missing = await ok(as.admin, UPDATE, { input: { id: randomUUID(), percentOff: 5 } });
    expect(missing.couponUpdate.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
  });

  it('refuses renaming onto another coupon’s code and a usage limit below the uses so far', async () => {
    const a = await create({ code: 'TAKEN-A' });
    const b = await create({ code: 'TAKEN-B', usageLimit: 5 });
    const rename = await ok(as.admin, UPDATE, { input: { id: b.id, code: 'taken-a' } });
    expect(rename.couponUpdate.userErrors[0]).toMatchObject({ code: 'CONFLICT', field: 'code' });
    const members = await createMembers('limitcut', 3);
    const em = t.orm.em.fork();
    for (const member of members) {
      await em.transactional((tx) =>
        service().redeem(tx, { couponId: b.id, userId: member, orderId: randomUUID(), discountCents: 1 }),
      );
    }
    const cut = await ok(as.admin, UPDATE, { input: { id: b.id, usageLimit: 2 } });
    expect(cut.couponUpdate.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'usageLimit' });
    const fine = await ok(as.admin, UPDATE, { input: { id: b.id, usageLimit: 3 } });
    expect(fine.couponUpdate.coupon).toMatchObject({ usageLimit: 3, usedCount: 3, status: 'used_up' });
    expect((await ok(as.admin, GET, { id: a.id })).coupon.code).toBe('TAKEN-A');
  });

  it('searches by code or description, pages, and shows each status', async () => {
    const now = Date.now();
    const scheduled = await create({ description: 'zebra scheduled', startsAt: new Date(now + 86_400_000) });
    const expired = await create({
      description: 'zebra expired',
      startsAt: new Date(now - 2 * 86_400_000),
      endsAt: new Date(now - 86_400_000),
    });
    const inactive = await create({ description: 'zebra inactive', active: false });
    const live = await create({ description: 'zebra live' });
    const found = await ok(as.admin, LIST, { search: 'ZEBRA' });
    const byId = new Map(
      found.adminCoupons.nodes.map((n: { id: string; status: string }) => [n.id, n.status]),
    );
    expect(byId).toEqual(
      new Map([
        [live.id, 'active'],
        [inactive.id, 'inactive'],
        [expired.id, 'expired'],
        [scheduled.id, 'scheduled'],
      ]),
    );
    expect(found.adminCoupons.nodes[0].id).toBe(live.id); // newest first
    const byCode = await ok(as.admin, LIST, { search: live.code.toLowerCase() });
    expect(byCode.adminCoupons.nodes.map((n: { id: string }) => n.id)).toEqual([live.id]);
    const literal = await ok(as.admin, LIST, { search: '%' });
    expect(literal.adminCoupons.totalCount).toBe(0);
    const page1 = await ok(as.admin, LIST, { search: 'zebra', first: 2 });
    const page2 = await ok(as.admin, LIST, {
      search: 'zebra',
      first: 2,
      after: page1.adminCoupons.pageInfo.endCursor,
    });
    expect(page1.adminCoupons.pageInfo.hasNextPage).toBe(true);
    expect(page1.adminCoupons.nodes.map((n: { id: string }) => n.id)).toEqual([live.id, inactive.id]);
    expect(page2.adminCoupons.nodes.map((n: { id: string }) => n.id)).toEqual([expired.id, scheduled.id]);
    expect(await codeOf(as.admin, LIST, { after: 'garbage' })).toBe('BAD_USER_INPUT');
    expect((await ok(as.admin, GET, { id: 'not-a-uuid' })).coupon).toBeNull();
  });

  it('deletes an unused coupon and deactivates a used one instead', async () => {
    const unused = await create({});
    const gone = await ok(as.admin, DELETE, { input: { id: unused.id } });
    expect(gone.couponDelete).toEqual({
      deletedCouponId: unused.id,
      deactivated: false,
      coupon: null,
      userErrors: [],
    });
    expect((await ok(as.admin, GET, { id: unused.id })).coupon).toBeNull();

    const used = await create({});
    const member = await userId('member');
    await t.orm.em.fork().transactional((tx) =>
      service().redeem(tx, {
        couponId: used.id,
        userId: member,
        orderId: randomUUID(),
        discountCents: 100,
      }),
    );
    const kept = await ok(as.admin, DELETE, { input: { id: used.id } });
    expect(kept.couponDelete).toEqual({
      deletedCouponId: null,
      deactivated: true,
      coupon: { id: used.id, active: false, status: 'inactive' },
      userErrors: [],
    });
    const [row] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from coupon_redemptions where coupon_id = ?',
      [used.id],
    );
    expect(row.n).toBe(1);
    const missing = await ok(as.admin, DELETE, { input: { id: unused.id } });
    expect(missing.couponDelete.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('quote', () => {
  let member: string;
  beforeAll(async () => {
    member = await userId('member');
  });

  it('finds a code case-insensitively and with surrounding spaces', async () => {
    const coupon = await create({ code: 'MixedCase-10', percentOff: 10 });
    expect(coupon.code).toBe('MIXEDCASE-10');
    const quote = await service().quote('  mixedcase-10 ', member, [course(2000)]);
    expect(quote.coupon.id).toBe(coupon.id);
    expect(quote.discountCents).toBe(200);
    expect((await service().findByCode('mIxEdCaSe-10'))?.id).toBe(coupon.id);
  });

  it('refuses unknown, empty and deactivated codes as not found', async () => {
    const off = await create({ active: false });
    for (const code of ['NOPE-NOPE', '', off.code]) {
      expect(await quoteError(code, member, [course(1000)])).toEqual({
        code: 'COUPON_NOT_FOUND',
        field: 'couponCode',
        message: 'Coupon not found',
      });
    }
  });

  it('refuses an expired and a not yet valid coupon', async () => {
    const now = Date.now();
    const old = await create({ startsAt: new Date(now - 7200_000), endsAt: new Date(now - 3600_000) });
    expect(await quoteError(old.code, member, [course(1000)])).toEqual({
      code: 'COUPON_EXPIRED',
      field: 'couponCode',
      message: 'This coupon has expired',
    });
    const later = await create({ startsAt: new Date(now + 3600_000) });
    expect(await quoteError(later.code, member, [course(1000)])).toEqual({
      code: 'COUPON_EXPIRED',
      field: 'couponCode',
      message: 'This coupon is not valid yet',
    });
  });

  it('refuses a used-up coupon and one the member already used up to their limit', async () => {
    const [other] = await createMembers('usedup', 1);
    const total = await create({ usageLimit: 1, perMemberLimit: null });
    await t.orm.em
      .fork()
      .transactional((tx) =>
        service().redeem(tx, { couponId: total.id, userId: other, orderId: randomUUID(), discountCents: 1 }),
      );
    expect(await quoteError(total.code, member, [course(1000)])).toEqual({
      code: 'COUPON_USED_UP',
      field: 'couponCode',
      message: 'This coupon has been used up',
    });
    const perMember = await create({ perMemberLimit: 1 });
    await t.orm.em.fork().transactional((tx) =>
      service().redeem(tx, {
        couponId: perMember.id,
        userId: member,
        orderId: randomUUID(),
        discountCents: 1,
      }),
    );
    expect(await quoteError(perMember.code, member, [course(1000)])).toMatchObject({
      code: 'COUPON_USED_UP',
      field: 'couponCode',
    });
    // another member may still use it
    expect((await service().quote(perMember.code, other, [course(1000)])).discountCents).toBe(100);
  });

  it('checks the minimum subtotal on the whole cart', async () => {
    const coupon = await create({ minSubtotalCents: 5000, scope: 'courses', percentOff: 10 });
    expect(await quoteError(coupon.code, member, [course(2000), resource(2999)])).toEqual({
      code: 'COUPON_NOT_APPLICABLE',
      field: 'couponCode',
      message: 'This coupon needs a cart subtotal of at least $50.00',
    });
    // 2000 + 3000 reaches 5000; only the course line is discounted
    expect((await service().quote(coupon.code, member, [course(2000), resource(3000)])).discountCents).toBe(
      200,
    );
  });

  it('applies a scoped coupon only to its lines and refuses a cart without them', async () => {
    const courses = await create({ scope: 'courses', percentOff: 50 });
    const resources = await create({
      scope: 'resources',
      kind: 'fixed',
      percentOff: null,
      amountOffCents: 700,
    });
    const cart = [course(1000, 2), resource(500)];
    expect((await service().quote(courses.code, member, cart)).discountCents).toBe(1000);
    expect((await service().quote(resources.code, member, cart)).discountCents).toBe(500);
    expect(await quoteError(courses.code, member, [resource(1000)])).toEqual({
      code: 'COUPON_NOT_APPLICABLE',
      field: 'couponCode',
      message: 'This coupon does not apply to your cart',
    });
    expect(await quoteError(resources.code, member, [course(1000)])).toMatchObject({
      code: 'COUPON_NOT_APPLICABLE',
    });
    expect(await quoteError(resources.code, member, [])).toMatchObject({ code: 'COUPON_NOT_APPLICABLE' });
  });

  it('rounds percentages half-up and caps fixed amounts at the applicable subtotal', async () => {
    const ten = await create({ percentOff: 10 });
    expect((await service().quote(ten.code, member, [course(1005)])).discountCents).toBe(101);
    expect((await service().quote(ten.code, member, [course(1004)])).discountCents).toBe(100);
    expect((await service().quote(ten.code, member, [resource(333, 3)])).discountCents).toBe(100);
    const fifteen = await create({ percentOff: 15 });
    expect((await service().quote(fifteen.code, member, [course(1999)])).discountCents).toBe(300);
    const all = await create({ percentOff: 100 });
    expect((await service().quote(all.code, member, [course(1999), resource(1)])).discountCents).toBe(2000);
    const fixed = await create({ kind: 'fixed', percentOff: null, amountOffCents: 2500 });
    expect((await service().quote(fixed.code, member, [course(1000), resource(500)])).discountCents).toBe(
      1500,
    );
    expect((await service().quote(fixed.code, member, [course(3000)])).discountCents).toBe(2500);
  });
});

describe('redeem and release under concurrency', () => {
  const usedCount = async (id: string) => {
    const [row] = await db().execute<{ used_count: number }[]>(
      'select used_count from coupons where id = ?',
      [id],
    );
    return row.used_count;
  };
  const redemptions = async (id: string) => {
    const [row] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from coupon_redemptions where coupon_id = ? and released_at is null',
      [id],
    );
    return row.n;
  };
  /** Each redemption in its own transaction on its own EntityManager fork, all started together. */
  const redeemAll = (couponId: string, userIds: string[]) =>
    Promise.allSettled(
      userIds.map((member) => {
        const em = t.orm.em.fork();
        return em.transactional((tx) =>
          new CouponsService(em).redeem(tx, {
            couponId,
            userId: member,
            orderId: randomUUID(),
            discountCents: 100,
          }),
        );
      }),
    );

  it('gives exactly 10 of 100 concurrent redemptions of a coupon limited to 10', async () => {
    const coupon = await create({ usageLimit: 10 });
    const members = await createMembers('race', 100);
    const results = await redeemAll(coupon.id, members);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(10);
    expect(new Set(rejected.map((r) => (r.reason as DomainError).code))).toEqual(new Set(['COUPON_USED_UP']));
    expect(await usedCount(coupon.id)).toBe(10);
    expect(await redemptions(coupon.id)).toBe(10);
    const data = await ok(as.admin, GET, { id: coupon.id });
    expect(data.coupon).toMatchObject({ usedCount: 10, usageLimit: 10, status: 'used_up' });
  });

  it('gives one member exactly one of 10 concurrent redemptions with a per-member limit of 1', async () => {
    const coupon = await create({ perMemberLimit: 1 });
    const [member] = await createMembers('greedy', 1);
    const results = await redeemAll(coupon.id, Array(10).fill(member));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as DomainError).code] : []));
    expect(reasons).toEqual(Array(9).fill('COUPON_USED_UP'));
    expect(await usedCount(coupon.id)).toBe(1);
    expect(await redemptions(coupon.id)).toBe(1);
  });

  it('release gives one use back, exactly once, and the member may use the coupon again', async () => {
    const coupon = await create({ usageLimit: 1, perMemberLimit: 1 });
    const [member] = await createMembers('refunded', 1);
    const orderId = randomUUID();
    const em = t.orm.em.fork();
    const first = await em.transactional((tx) =>
      new CouponsService(em).redeem(tx, { couponId: coupon.id, userId: member, orderId, discountCents: 100 }),
    );
    expect(first).toMatchObject({ couponId: coupon.id, userId: member, orderId, discountCents: 100 });
    // repeating the same order's redemption changes nothing
    const again = await em.transactional((tx) =>
      new CouponsService(em).redeem(tx, { couponId: coupon.id, userId: member, orderId, discountCents: 100 }),
    );
    expect(again.id).toBe(first.id);
    expect(await usedCount(coupon.id)).toBe(1);
    expect(await quoteError(coupon.code, member, [course(1000)])).toMatchObject({ code: 'COUPON_USED_UP' });

    const releases = await Promise.all(
      [1, 2, 3].map(() => {
        const fork = t.orm.em.fork();
        return fork.transactional((tx) => new CouponsService(fork).release(tx, orderId));
      }),
    );
    expect(releases.filter(Boolean)).toHaveLength(1);
    expect(await usedCount(coupon.id)).toBe(0);
    expect(await service().release(t.orm.em.fork(), randomUUID())).toBe(false);
    expect((await service().quote(coupon.code, member, [course(1000)])).discountCents).toBe(100);
    await em.transactional((tx) =>
      new CouponsService(em).redeem(tx, {
        couponId: coupon.id,
        userId: member,
        orderId: randomUUID(),
        discountCents: 100,
      }),
    );
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('refuses to redeem an inactive, expired or unknown coupon and leaves the count alone', async () => {
    const member = await userId('member');
    const off = await create({ active: false });
    const old = await create({
      startsAt: new Date(Date.now() - 7200_000),
      endsAt: new Date(Date.now() - 3600_000),
    });
    const cases: [string, string][] = [
      [off.id, 'COUPON_NOT_FOUND'],
      [old.id, 'COUPON_EXPIRED'],
      [randomUUID(), 'COUPON_NOT_FOUND'],
    ];
    for (const [couponId, code] of cases) {
      const [result] = await redeemAll(couponId, [member]);
      expect(result.status).toBe('rejected');
      expect(((result as PromiseRejectedResult).reason as DomainError).code).toBe(code);
    }
    expect(await usedCount(off.id)).toBe(0);
    expect(await usedCount(old.id)).toBe(0);
  });
});
