import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

let t: TestApp;
let guest: Agent;
let member: Agent;
let lena: Agent;
const ids = {} as Record<'instructor' | 'lena', string>;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  t.orm.em.fork().getConnection().execute<T[]>(query, params);

async function signIn(username: string): Promise<Agent> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return agent;
}

const NEAR = `query Near($near: String, $radiusMiles: Int, $first: Int, $after: String) {
  instructors(near: $near, radiusMiles: $radiusMiles, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } nodes { id displayName city state zip distanceMiles } } }`;

async function near(agent: Agent, variables: Record<string, unknown>) {
  const res = await t.gql(agent, NEAR, variables);
  expect(res.errors).toBeUndefined();
  return res.data.instructors as {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: { id: string; city: string; distanceMiles: number | null }[];
  };
}

const UPDATE = `mutation Update($input: InstructorProfileUpdateInput!) {
  instructorProfileUpdate(input: $input) { profile { id city state zip teachesInPerson } userErrors { code field message } } }`;

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  member = await signIn('member');
  lena = await signIn('lena');
  for (const name of ['instructor', 'lena'] as const) {
    const [row] = await sql<{ id: string }>('select id from users where username_key = ?', [name]);
    ids[name] = row.id;
  }
  // Lena moves to Hoboken and teaches in person: the server places her by her ZIP code.
  const res = await t.gql(lena, UPDATE, {
    input: { teachesInPerson: true, zip: '07030', city: '', state: '' },
  });
  expect(res.data.instructorProfileUpdate.userErrors).toEqual([]);
});
afterAll(() => t.close());

describe('instructorProfileUpdate places a US ZIP code', () => {
  it('fills coordinates, and city and state when they were empty', async () => {
    const [row] = await sql<{ city: string; state: string; latitude: number; longitude: number }>(
      'select city, state, latitude, longitude from instructor_profiles where user_id = ?',
      [ids.lena],
    );
    expect(row).toEqual({ city: 'Hoboken', state: 'NJ', latitude: 40.7445, longitude: -74.0329 });
  });

  it('keeps a city and state the instructor typed', async () => {
    const res = await t.gql(lena, UPDATE, {
      input: { zip: '07030', city: 'Hoboken (waterfront)', state: 'NJ' },
    });
    expect(res.data.instructorProfileUpdate.profile).toMatchObject({
      city: 'Hoboken (waterfront)',
      state: 'NJ',
    });
    await t.gql(lena, UPDATE, { input: { city: 'Hoboken' } });
  });

  it('the seeded demo instructor Ines has New York’s 10001 with its coordinates', async () => {
    const [row] = await sql(
      'select zip, city, state, latitude, longitude from instructor_profiles where user_id = ?',
      [ids.instructor],
    );
    expect(row).toEqual({
      zip: '10001',
      city: 'New York',
      state: 'NY',
      latitude: 40.7484,
      longitude: -73.9967,
    });
  });
});

describe('instructors(near:, radiusMiles:)', () => {
  it('lists in-person instructors within the radius, nearest first, with their distance (guest)', async () => {
    const fromNewYork = await near(guest, { near: '10001', radiusMiles: 10 });
    expect(fromNewYork.nodes.map((n) => [n.id, n.distanceMiles])).toEqual([
      [ids.instructor, 0],
      [ids.lena, 1.9],
    ]);
    expect(fromNewYork.totalCount).toBe(2);
    const fromHoboken = await near(guest, { near: '07030' });
    expect(fromHoboken.nodes.map((n) => [n.id, n.distanceMiles])).toEqual([
      [ids.lena, 0],
      [ids.instructor, 1.9],
    ]);
  });

  it('leaves out instructors beyond the radius (member)', async () => {
    expect((await near(member, { near: '90210', radiusMiles: 50 })).nodes).toEqual([]);
    // Philadelphia is about 80 miles from both.
    expect((await near(member, { near: '19103', radiusMiles: 50 })).totalCount).toBe(0);
    // Stamford, CT: about 33 miles from 10001 — in at 50, out at 25.
    const stamford50 = await near(member, { near: '06901', radiusMiles: 50 });
    expect(stamford50.nodes.map((n) => n.id)).toEqual([ids.instructor, ids.lena]);
    expect(stamford50.nodes[0].distanceMiles).toBeGreaterThan(25);
    expect(stamford50.nodes[0].distanceMiles).toBeLessThan(50);
    expect((await near(member, { near: '06901', radiusMiles: 25 })).nodes).toEqual([]);
  });

  it('pages through the nearest first with cursors', async () => {
    const first = await near(guest, { near: '07030', radiusMiles: 25, first: 1 });
    expect(first.nodes.map((n) => n.id)).toEqual([ids.lena]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await near(guest, {
      near: '07030',
      radiusMiles: 25,
      first: 1,
      after: first.pageInfo.endCursor,
    });
    expect(second.nodes.map((n) => n.id)).toEqual([ids.instructor]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    // A cursor of another search is refused.
    const other = await t.gql(guest, NEAR, {
      near: '10001',
      radiusMiles: 25,
      after: first.pageInfo.endCursor,
    });
    expect(other.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('gives no distance without near', async () => {
    const all = await near(guest, {});
    expect(all.nodes.length).toBeGreaterThanOrEqual(2);
    expect(all.nodes.every((n) => n.distanceMiles === null)).toBe(true);
  });

  it('leaves out instructors who do not teach in person or have no US ZIP code', async () => {
    await t.gql(lena, UPDATE, { input: { teachesInPerson: false } });
    expect((await near(guest, { near: '07030' })).nodes.map((n) => n.id)).toEqual([ids.instructor]);
    await t.gql(lena, UPDATE, { input: { teachesInPerson: true, zip: 'SE1 9DT' } });
    const [row] = await sql('select latitude, longitude from instructor_profiles where user_id = ?', [
      ids.lena,
    ]);
    expect(row).toEqual({ latitude: null, longitude: null });
    expect((await near(guest, { near: '07030' })).nodes.map((n) => n.id)).toEqual([ids.instructor]);
    await t.gql(lena, UPDATE, { input: { zip: '07030' } });
    expect((await near(guest, { near: '07030' })).nodes.map((n) => n.id)).toEqual([ids.lena, ids.instructor]);
  });

  it('refuses an unknown or malformed ZIP code and another radius with BAD_USER_INPUT', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ near: '00000' }, /ZIP code 00000 was not found/],
      [{ near: 'abcde' }, /not a US ZIP code: enter 5 digits/],
      [{ near: '10001', radiusMiles: 15 }, /radiusMiles must be 10, 25, 50/],
    ];
    for (const [variables, message] of cases) {
      for (const agent of [guest, member]) {
        const res = await t.gql(agent, NEAR, variables);
        expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0].message).toMatch(message);
      }
    }
  });
});

describe('in-person session types with their own place', () => {
  const TYPE_CREATE = `mutation($input: SessionTypeCreateInput!) { sessionTypeCreate(input: $input) {
    sessionType { id locationMode zip city state } userErrors { code field message } } }`;
  const TYPE_UPDATE = `mutation($input: SessionTypeUpdateInput!) { sessionTypeUpdate(input: $input) {
    sessionType { id zip city state } userErrors { code field message } } }`;

  it('places a studio by its ZIP code, and lists its instructor near it with the nearest distance', async () => {
    const created = await t.gql(lena, TYPE_CREATE, {
      input: {
        kind: 'PRIVATE',
        title: 'Studio lesson in Beverly Hills',
        durationMinutes: 60,
        priceCents: 8000,
        locationMode: 'IN_PERSON',
        zip: '90210',
      },
    });
    expect(created.data.sessionTypeCreate.userErrors).toEqual([]);
    const type = created.data.sessionTypeCreate.sessionType;
    expect(type).toMatchObject({
      locationMode: 'IN_PERSON',
      zip: '90210',
      city: 'Beverly Hills',
      state: 'CA',
    });
    const [row] = await sql('select latitude, longitude from session_types where id = ?', [type.id]);
    expect(row.latitude).toBeCloseTo(34.09, 1);

    const beverlyHills = await near(member, { near: '90210', radiusMiles: 10 });
    expect(beverlyHills.nodes.map((n) => [n.id, n.distanceMiles])).toEqual([[ids.lena, 0]]);
    // Near Hoboken her own ZIP code is nearer than the studio.
    const hoboken = await near(guest, { near: '07030' });
    expect(hoboken.nodes.map((n) => [n.id, n.distanceMiles])).toEqual([
      [ids.lena, 0],
      [ids.instructor, 1.9],
    ]);

    // Moved to another place, then archived: no longer near Beverly Hills.
    const moved = await t.gql(lena, TYPE_UPDATE, {
      input: { sessionTypeId: type.id, zip: '60601', city: '', state: '' },
    });
    expect(moved.data.sessionTypeUpdate.sessionType).toMatchObject({
      zip: '60601',
      city: 'Chicago',
      state: 'IL',
    });
    expect((await near(guest, { near: '90210', radiusMiles: 50 })).nodes).toEqual([]);
    expect((await near(guest, { near: '60601', radiusMiles: 10 })).nodes.map((n) => n.id)).toEqual([
      ids.lena,
    ]);
    await t.gql(
      lena,
      `mutation($input: SessionTypeArchiveInput!) { sessionTypeArchive(input: $input) { userErrors { code } } }`,
      {
        input: { sessionTypeId: type.id },
      },
    );
    expect((await near(guest, { near: '60601', radiusMiles: 10 })).nodes).toEqual([]);
  });
});

describe('GET /api/instructors?near=&radiusMiles=', () => {
  it('filters and sorts the same, with distanceMiles on each item (guest and member)', async () => {
    for (const agent of [guest, member]) {
      const res = await agent.get('/api/instructors?near=10001&radiusMiles=10');
      expect(res.status).toBe(200);
      expect(
        res.body.items.map((i: { id: string; distanceMiles: number }) => [i.id, i.distanceMiles]),
      ).toEqual([
        [ids.instructor, 0],
        [ids.lena, 1.9],
      ]);
      expect(res.body.totalCount).toBe(2);
      const far = await agent.get('/api/instructors?near=90210');
      expect(far.status).toBe(200);
      expect(far.body.items).toEqual([]);
    }
    const plain = await guest.get('/api/instructors');
    expect(plain.body.items.every((i: { distanceMiles: unknown }) => i.distanceMiles === null)).toBe(true);
  });

  it('answers 400 {message} for an unknown ZIP code or another radius', async () => {
    const unknown = await guest.get('/api/instructors?near=00000');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/ZIP code 00000 was not found/);
    const radius = await member.get('/api/instructors?near=10001&radiusMiles=15');
    expect(radius.status).toBe(400);
    expect(radius.body.message).toMatch(/radiusMiles must be 10, 25, 50/);
    expect((await guest.get('/api/instructors?near=10001&radiusMiles=ten')).status).toBe(400);
  });
});
