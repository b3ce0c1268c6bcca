import { DateTime } from 'luxon';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SESSION_TYPE_IDS } from '../../db/seeders/demo-instructors';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const USERS = ['admin', 'member', 'instructor', 'multi', 'lena'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;
const ids = {} as Record<Name, string>;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  t.orm.em.fork().getConnection().execute<T[]>(query, params);

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    ids[name] = res.body.id;
  }
});
afterAll(() => t.close());

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

const ERRORS = 'userErrors { code field message }';
const PROFILE_UPDATE = `mutation($input: InstructorProfileUpdateInput!) { instructorProfileUpdate(input: $input) {
  profile { id headline styles timeZone introVideoUrl } ${ERRORS} } }`;
const SETTINGS_UPDATE = `mutation($input: InstructorSettingsUpdateInput!) { instructorSettingsUpdate(input: $input) {
  profile { id timeZone minNoticeMinutes horizonDays bufferAfterMinutes } ${ERRORS} } }`;
const TYPE_CREATE = `mutation($input: SessionTypeCreateInput!) { sessionTypeCreate(input: $input) {
  sessionType { id kind title priceCents capacity recurrenceRule minNoticeMinutes horizonDays active } ${ERRORS} } }`;
const TYPE_UPDATE = `mutation($input: SessionTypeUpdateInput!) { sessionTypeUpdate(input: $input) {
  sessionType { id title priceCents active } ${ERRORS} } }`;
const TYPE_ARCHIVE = `mutation($input: SessionTypeArchiveInput!) { sessionTypeArchive(input: $input) {
  sessionType { id active } ${ERRORS} } }`;
const RULES_SET = `mutation($input: AvailabilityRulesSetInput!) { availabilityRulesSet(input: $input) {
  profile { id availabilityRules { weekday startTime endTime } } ${ERRORS} } }`;
const OVERRIDE_ADD = `mutation($input: AvailabilityOverrideAddInput!) { availabilityOverrideAdd(input: $input) {
  override { id date kind startTime endTime note } profile { availabilityOverrides { id date } } ${ERRORS} } }`;
const OVERRIDE_REMOVE = `mutation($input: AvailabilityOverrideRemoveInput!) { availabilityOverrideRemove(input: $input) {
  override { id } ${ERRORS} } }`;
const STATUS_SET = `mutation($input: AdminInstructorStatusSetInput!) { adminInstructorStatusSet(input: $input) {
  profile { id status statusReason approvedAt } ${ERRORS} } }`;
const FEATURE_SET = `mutation($input: AdminInstructorFeatureSetInput!) { adminInstructorFeatureSet(input: $input) {
  profile { id featured } ${ERRORS} } }`;
const LIST = `query($search: String, $style: String, $level: String, $ageGroup: String, $mode: InstructorMode,
  $city: String, $minPriceCents: Int, $maxPriceCents: Int, $availableThisWeek: Boolean, $first: Int, $after: String) {
  instructors(search: $search, style: $style, level: $level, ageGroup: $ageGroup, mode: $mode, city: $city,
    minPriceCents: $minPriceCents, maxPriceCents: $maxPriceCents, availableThisWeek: $availableThisWeek,
    first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id displayName avatarUrl headline styles featured rating reviewCount priceFromCents nextSlotAt
      timeZone sessionTypes { id kind priceCents } statusReason availabilityRules { weekday } } } }`;
const SLOTS = `query($instructorId: ID!, $sessionTypeId: ID!, $from: DateTimeISO!, $to: DateTimeISO!) {
  instructorSlots(instructorId: $instructorId, sessionTypeId: $sessionTypeId, from: $from, to: $to) {
    start end seatsLeft } }`;

const listIds = async (agent: Agent, vars: Record<string, unknown> = {}) =>
  ((await ok(agent, LIST, vars)).instructors.nodes as { id: string }[]).map((n) => n.id);

describe('myInstructorProfile', () => {
  it('is created pending (America/New_York) on an instructor’s first read; refused to members', async () => {
    const data = await ok(
      as.multi,
      `{ myInstructorProfile { id status timeZone statusReason sessionTypes { id } availabilityRules { id } } }`,
    );
    expect(data.myInstructorProfile).toEqual({
      id: ids.multi,
      status: 'PENDING',
      timeZone: 'America/New_York',
      statusReason: null,
      sessionTypes: [],
      availabilityRules: [],
    });
    const again = await ok(as.multi, `{ myInstructorProfile { id } }`);
    expect(again.myInstructorProfile.id).toBe(ids.multi);
    const member = await t.gql(as.member, `{ myInstructorProfile { id } }`);
    expect(member.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anon = await t.gql(guest, `{ myInstructorProfile { id } }`);
    expect(anon.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('profile edits', () => {
  it('validate lists, the video URL and the time zone per field', async () => {
    const bad = async (input: Record<string, unknown>, field: string) => {
      const res = await ok(as.multi, PROFILE_UPDATE, { input });
      expect(res.instructorProfileUpdate.userErrors).toEqual([
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      ]);
    };
    await bad({ styles: ['Salsa Ninja'] }, 'styles');
    await bad({ levels: ['Expert'] }, 'levels');
    await bad({ ageGroups: ['Kids'] }, 'ageGroups');
    await bad({ introVideoUrl: 'https://vimeo.com/12345' }, 'introVideoUrl');
    await bad({ introVideoUrl: 'https://evil.example/watch?v=dQw4w9WgXcQ' }, 'introVideoUrl');
    await bad({ timeZone: 'Mars/Olympus' }, 'timeZone');
    await bad({ timeZone: 'EST+5' }, 'timeZone');
    await bad({ headline: 'x'.repeat(121) }, 'headline');
    const good = await ok(as.multi, PROFILE_UPDATE, {
      input: {
        headline: 'Hip hop and breaking',
        styles: ['Hip Hop', 'Breakdance'],
        levels: ['Beginner'],
        ageGroups: ['Teen (13-17)'],
        introVideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        timeZone: 'Europe/London',
        city: 'Leeds',
      },
    });
    expect(good.instructorProfileUpdate).toEqual({
      profile: {
        id: ids.multi,
        headline: 'Hip hop and breaking',
        styles: ['Hip Hop', 'Breakdance'],
        timeZone: 'Europe/London',
        introVideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      },
      userErrors: [],
    });
  });

  it('are the owner’s or an admin’s: another instructor and a member are refused', async () => {
    const other = await ok(as.multi, PROFILE_UPDATE, {
      input: { instructorId: ids.instructor, headline: 'Hijacked' },
    });
    expect(other.instructorProfileUpdate.userErrors[0]).toMatchObject({
      code: 'FORBIDDEN',
      field: 'instructorId',
    });
    const member = await t.gql(as.member, PROFILE_UPDATE, { input: { headline: 'Me too' } });
    expect(member.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const admin = await ok(as.admin, PROFILE_UPDATE, {
      input: { instructorId: ids.multi, headline: 'Edited by staff' },
    });
    expect(admin.instructorProfileUpdate.profile.headline).toBe('Edited by staff');
    const [row] = await sql<{ headline: string }>(
      'select headline from instructor_profiles where user_id = ?',
      [ids.instructor],
    );
    expect(row.headline).not.toBe('Hijacked');
  });

  it('settings are validated and become the defaults of new session types', async () => {
    const bad = await ok(as.multi, SETTINGS_UPDATE, { input: { horizonDays: 0 } });
    expect(bad.instructorSettingsUpdate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'horizonDays',
    });
    const res = await ok(as.multi, SETTINGS_UPDATE, {
      input: { minNoticeMinutes: 0, horizonDays: 365, bufferAfterMinutes: 10 },
    });
    expect(res.instructorSettingsUpdate.profile).toMatchObject({ minNoticeMinutes: 0, horizonDays: 365 });
  });
});

describe('session types', () => {
  let privateId: string;

  it('are validated per field (consultation free, group seats and RRULE, ranges)', async () => {
    const bad = async (input: Record<string, unknown>, field: string) => {
      const res = await ok(as.multi, TYPE_CREATE, { input });
      expect(res.sessionTypeCreate.userErrors, JSON.stringify(input)).toEqual([
        expect.objectContaining({ code: 'INVALID_INPUT', field }),
      ]);
    };
    const base = { kind: 'PRIVATE', title: 'Private lesson', durationMinutes: 60, priceCents: 5000 };
    await bad({ ...base, kind: 'CONSULTATION', priceCents: 100 }, 'priceCents');
    await bad({ ...base, kind: 'GROUP', recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18' }, 'capacity');
    await bad(
      { ...base, kind: 'GROUP', capacity: 1, recurrenceRule: 'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18' },
      'capacity',
    );
    await bad({ ...base, kind: 'GROUP', capacity: 8 }, 'recurrenceRule');
    await bad(
      { ...base, kind: 'GROUP', capacity: 8, recurrenceRule: 'FREQ=HOURLY;BYHOUR=18' },
      'recurrenceRule',
    );
    await bad(
      { ...base, kind: 'GROUP', capacity: 8, recurrenceRule: 'FREQ=WEEKLY;BYDAY=XX;BYHOUR=18' },
      'recurrenceRule',
    );
    await bad({ ...base, capacity: 3 }, 'capacity');
    await bad({ ...base, durationMinutes: 5 }, 'durationMinutes');
    await bad({ ...base, priceCents: -1 }, 'priceCents');
    await bad({ ...base, bufferBeforeMinutes: 241 }, 'bufferBeforeMinutes');
    await bad({ ...base, maxPerDay: 0 }, 'maxPerDay');
    await bad({ ...base, title: ' ' }, 'title');

    const created = await ok(as.multi, TYPE_CREATE, { input: base });
    expect(created.sessionTypeCreate.userErrors).toEqual([]);
    // The profile's settings are the defaults.
    expect(created.sessionTypeCreate.sessionType).toMatchObject({
      kind: 'PRIVATE',
      capacity: 1,
      minNoticeMinutes: 0,
      horizonDays: 365,
      active: true,
    });
    privateId = created.sessionTypeCreate.sessionType.id;
    const group = await ok(as.multi, TYPE_CREATE, {
      input: {
        ...base,
        kind: 'GROUP',
        title: 'Breaking crew',
        capacity: 8,
        priceCents: 1500,
        recurrenceRule: 'FREQ=WEEKLY;BYDAY=SA;BYHOUR=11;BYMINUTE=0',
      },
    });
    expect(group.sessionTypeCreate.sessionType).toMatchObject({
      capacity: 8,
      recurrenceRule: expect.any(String),
    });
    const consultation = await ok(as.multi, TYPE_CREATE, {
      input: { kind: 'CONSULTATION', title: 'Free intro call', durationMinutes: 20, priceCents: 0 },
    });
    expect(consultation.sessionTypeCreate.sessionType.priceCents).toBe(0);
  });

  it('are changed and archived by their instructor or an admin only', async () => {
    const other = await ok(as.instructor, TYPE_UPDATE, {
      input: { sessionTypeId: privateId, priceCents: 1 },
    });
    expect(other.sessionTypeUpdate.userErrors[0].code).toBe('FORBIDDEN');
    const own = await ok(as.multi, TYPE_UPDATE, { input: { sessionTypeId: privateId, priceCents: 5500 } });
    expect(own.sessionTypeUpdate.sessionType.priceCents).toBe(5500);
    const admin = await ok(as.admin, TYPE_UPDATE, {
      input: { sessionTypeId: privateId, title: 'Private lesson (1 h)' },
    });
    expect(admin.sessionTypeUpdate.sessionType.title).toBe('Private lesson (1 h)');
    const missing = await ok(as.multi, TYPE_ARCHIVE, {
      input: { sessionTypeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.sessionTypeArchive.userErrors[0].code).toBe('NOT_FOUND');
    const archived = await ok(as.multi, TYPE_ARCHIVE, { input: { sessionTypeId: privateId } });
    expect(archived.sessionTypeArchive.sessionType.active).toBe(false);
    const publicView = await ok(guest, `query($id: ID!) { instructor(id: $id) { id } }`, { id: ids.multi });
    expect(publicView.instructor).toBeNull(); // still pending
    const mine = await ok(
      as.multi,
      `{ myInstructorProfile { sessionTypes { id } all: sessionTypes(includeArchived: true) { id active } } }`,
    );
    expect(mine.myInstructorProfile.sessionTypes.map((s: { id: string }) => s.id)).not.toContain(privateId);
    expect(mine.myInstructorProfile.all).toContainEqual({ id: privateId, active: false });
    const back = await ok(as.multi, TYPE_UPDATE, { input: { sessionTypeId: privateId, active: true } });
    expect(back.sessionTypeUpdate.sessionType.active).toBe(true);
  });
});

describe('availability', () => {
  it('replaces the week in one go and refuses overlapping ranges of a day', async () => {
    const overlap = await ok(as.multi, RULES_SET, {
      input: {
        rules: [
          { weekday: 1, startTime: '09:00', endTime: '12:00' },
          { weekday: 1, startTime: '11:30', endTime: '13:00' },
        ],
      },
    });
    expect(overlap.availabilityRulesSet.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'rules.1.startTime',
    });
    const badTime = await ok(as.multi, RULES_SET, {
      input: { rules: [{ weekday: 8, startTime: '09:00', endTime: '12:00' }] },
    });
    expect(badTime.availabilityRulesSet.userErrors[0].field).toBe('rules.0.weekday');
    const reversed = await ok(as.multi, RULES_SET, {
      input: { rules: [{ weekday: 2, startTime: '12:00', endTime: '09:00' }] },
    });
    expect(reversed.availabilityRulesSet.userErrors[0].field).toBe('rules.0.endTime');

    const week = [
      { weekday: 1, startTime: '10:00', endTime: '12:00' },
      { weekday: 1, startTime: '12:00', endTime: '13:00' },
      { weekday: 3, startTime: '18:00', endTime: '24:00' },
    ];
    const res = await ok(as.multi, RULES_SET, { input: { rules: week } });
    expect(res.availabilityRulesSet.profile.availabilityRules).toEqual(week.map((w) => ({ ...w })));
    const replaced = await ok(as.multi, RULES_SET, {
      input: { rules: [{ weekday: 1, startTime: '10:00', endTime: '12:00' }] },
    });
    expect(replaced.availabilityRulesSet.profile.availabilityRules).toEqual([
      { weekday: 1, startTime: '10:00', endTime: '12:00' },
    ]);
    const other = await ok(as.instructor, RULES_SET, { input: { instructorId: ids.multi, rules: [] } });
    expect(other.availabilityRulesSet.userErrors[0].code).toBe('FORBIDDEN');
  });

  it('adds and removes date overrides', async () => {
    const date = DateTime.now().plus({ days: 10 }).toISODate()!;
    const extraNoTimes = await ok(as.multi, OVERRIDE_ADD, { input: { date, kind: 'EXTRA' } });
    expect(extraNoTimes.availabilityOverrideAdd.userErrors[0].field).toBe('startTime');
    const badDate = await ok(as.multi, OVERRIDE_ADD, { input: { date: '2027-02-30', kind: 'OFF' } });
    expect(badDate.availabilityOverrideAdd.userErrors[0].field).toBe('date');
    const off = await ok(as.multi, OVERRIDE_ADD, { input: { date, kind: 'OFF', note: 'Holiday' } });
    expect(off.availabilityOverrideAdd.override).toMatchObject({
      date,
      kind: 'OFF',
      startTime: null,
      endTime: null,
      note: 'Holiday',
    });
    const extra = await ok(as.multi, OVERRIDE_ADD, {
      input: { date, kind: 'EXTRA', startTime: '14:00', endTime: '16:30' },
    });
    expect(extra.availabilityOverrideAdd.override).toMatchObject({ startTime: '14:00', endTime: '16:30' });
    expect(extra.availabilityOverrideAdd.profile.availabilityOverrides).toHaveLength(2);
    const stranger = await ok(as.instructor, OVERRIDE_REMOVE, {
      input: { overrideId: off.availabilityOverrideAdd.override.id },
    });
    expect(stranger.availabilityOverrideRemove.userErrors[0].code).toBe('FORBIDDEN');
    const removed = await ok(as.multi, OVERRIDE_REMOVE, {
      input: { overrideId: extra.availabilityOverrideAdd.override.id },
    });
    expect(removed.availabilityOverrideRemove.userErrors).toEqual([]);
    const left = await sql('select id from availability_overrides where instructor_id = ?', [ids.multi]);
    expect(left).toHaveLength(1);
  });
});

describe('admin approval and the finder', () => {
  it('lists only approved instructors with an active session type; admins approve, suspend and feature', async () => {
    expect(await listIds(guest)).not.toContain(ids.multi);
    const seeded = await listIds(guest);
    expect(seeded).toEqual([ids.instructor, ids.lena]); // Ines is featured

    const refused = await t.gql(as.instructor, STATUS_SET, {
      input: { instructorId: ids.multi, status: 'APPROVED' },
    });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const noReason = await ok(as.admin, STATUS_SET, {
      input: { instructorId: ids.multi, status: 'SUSPENDED' },
    });
    expect(noReason.adminInstructorStatusSet.userErrors[0].field).toBe('reason');
    const approved = await ok(as.admin, STATUS_SET, {
      input: { instructorId: ids.multi, status: 'APPROVED' },
    });
    expect(approved.adminInstructorStatusSet.profile).toMatchObject({
      status: 'APPROVED',
      approvedAt: expect.any(String),
    });
    expect(await listIds(guest)).toEqual(
      [ids.instructor, ids.lena, ids.multi].sort((a, b) =>
        a === ids.instructor ? -1 : b === ids.instructor ? 1 : a.localeCompare(b),
      ),
    );

    const featured = await ok(as.admin, FEATURE_SET, { input: { instructorId: ids.multi, featured: true } });
    expect(featured.adminInstructorFeatureSet.profile.featured).toBe(true);
    const [first, second] = await listIds(guest);
    expect([first, second].sort()).toEqual([ids.instructor, ids.multi].sort());

    const suspended = await ok(as.admin, STATUS_SET, {
      input: { instructorId: ids.multi, status: 'SUSPENDED', reason: 'Complaints to review' },
    });
    expect(suspended.adminInstructorStatusSet.profile.statusReason).toBe('Complaints to review');
    expect(await listIds(guest)).not.toContain(ids.multi);
    expect(
      (await ok(guest, `query($id: ID!) { instructor(id: $id) { id } }`, { id: ids.multi })).instructor,
    ).toBeNull();
    const own = await ok(as.multi, `query($id: ID!) { instructor(id: $id) { status statusReason } }`, {
      id: ids.multi,
    });
    expect(own.instructor).toEqual({ status: 'SUSPENDED', statusReason: 'Complaints to review' });
    const admins = await ok(
      as.admin,
      `{ adminInstructors(status: SUSPENDED) { totalCount nodes { id statusReason } } }`,
    );
    expect(admins.adminInstructors.nodes).toEqual([{ id: ids.multi, statusReason: 'Complaints to review' }]);
    const searched = await ok(as.admin, `{ adminInstructors(search: "lena") { nodes { id } } }`);
    expect(searched.adminInstructors.nodes).toEqual([{ id: ids.lena }]);
    const memberAdmin = await t.gql(as.member, `{ adminInstructors { totalCount } }`);
    expect(memberAdmin.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    await ok(as.admin, STATUS_SET, { input: { instructorId: ids.multi, status: 'APPROVED' } });
  });

  it('filters by search, style, level, age group, mode, city, price and availability', async () => {
    expect(await listIds(guest, { search: 'ballroom coach' })).toEqual([ids.instructor]);
    expect(await listIds(guest, { search: 'Lena' })).toEqual([ids.lena]);
    expect(await listIds(guest, { style: 'Contemporary' })).toEqual([ids.lena]);
    expect(await listIds(guest, { style: 'Latin' })).toEqual([ids.instructor]);
    expect(await listIds(guest, { level: 'Professional' })).toEqual([ids.lena]);
    expect(await listIds(guest, { ageGroup: 'Senior (55+)' })).toEqual([ids.instructor]);
    expect(await listIds(guest, { mode: 'IN_PERSON' })).toEqual([ids.instructor]);
    expect(await listIds(guest, { city: 'new york' })).toEqual([ids.instructor]);
    expect(await listIds(guest, { city: 'Leeds', style: 'Hip Hop' })).toEqual([ids.multi]);
    // Every seeded instructor has a free consultation; only multi has nothing above $60.
    expect((await listIds(guest, { minPriceCents: 5600 })).sort()).toEqual([ids.instructor, ids.lena].sort());
    expect(await listIds(guest, { minPriceCents: 6100 })).toEqual([]);
    const cheap = await ok(guest, LIST, { search: 'Lena' });
    expect(cheap.instructors.nodes[0]).toMatchObject({ priceFromCents: 0, reviewCount: 0, rating: null });
    // Owner-only fields are empty for others.
    expect(cheap.instructors.nodes[0]).toMatchObject({ statusReason: null, availabilityRules: [] });

    // multi has hours on Mondays only (and slots need no notice): available this week.
    const available = await listIds(guest, { availableThisWeek: true });
    expect(available).toContain(ids.multi);
    // Without weekly hours and without the weekly group class (its occurrences are bookable too): not.
    await ok(as.multi, RULES_SET, { input: { rules: [] } });
    const [group] = await sql<{ id: string }>(
      `select id from session_types where instructor_id = ? and kind = 'group'`,
      [ids.multi],
    );
    await ok(as.multi, TYPE_ARCHIVE, { input: { sessionTypeId: group.id } });
    expect(await listIds(guest, { availableThisWeek: true })).not.toContain(ids.multi);
    await ok(as.multi, TYPE_UPDATE, { input: { sessionTypeId: group.id, active: true } });
    expect(await listIds(guest, { availableThisWeek: true })).toContain(ids.multi);
    await ok(as.multi, RULES_SET, {
      input: { rules: [{ weekday: 1, startTime: '10:00', endTime: '12:00' }] },
    });
  });

  it('pages with cursors', async () => {
    const first = await ok(guest, LIST, { first: 2 });
    expect(first.instructors.totalCount).toBe(3);
    expect(first.instructors.pageInfo.hasNextPage).toBe(true);
    const rest = await ok(guest, LIST, { first: 2, after: first.instructors.pageInfo.endCursor });
    expect(rest.instructors.nodes).toHaveLength(1);
    expect(rest.instructors.pageInfo.hasNextPage).toBe(false);
    const all = [...first.instructors.nodes, ...rest.instructors.nodes].map((n: { id: string }) => n.id);
    expect(new Set(all).size).toBe(3);
    const bad = await t.gql(guest, LIST, { after: 'nope' });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('costs the same number of SQL statements for 1 instructor as for 3', async () => {
    async function queriesFor(first: number) {
      const logger = t.orm.config.getLogger();
      const spy = vi.spyOn(logger, 'logQuery');
      try {
        const data = await ok(guest, LIST, { first });
        expect(data.instructors.nodes).toHaveLength(first);
        return spy.mock.calls.map(([context]) => String(context.query));
      } finally {
        spy.mockRestore();
      }
    }
    const one = await queriesFor(1);
    const three = await queriesFor(3);
    expect(three.length, three.join('\n')).toBe(one.length);
    expect(three.length, three.join('\n')).toBeLessThanOrEqual(14);
  });
});

describe('slots through the graph and REST', () => {
  // multi teaches in Europe/London, Mondays 10:00–12:00, a 60-minute private lesson without notice.
  const monday = DateTime.now().setZone('Europe/London').plus({ weeks: 3 }).startOf('week');
  const from = monday.toUTC().toISO()!;
  const to = monday.plus({ days: 1 }).toUTC().toISO()!;
  const expected = ['10:00', '10:15', '10:30', '10:45', '11:00'].map((hm) => {
    const [h, m] = hm.split(':').map(Number);
    return monday.set({ hour: h, minute: m }).toUTC().toISO()!;
  });
  let privateId: string;

  it('are the London hours as instants, whoever asks, and the same over REST with a New York label', async () => {
    const [row] = await sql<{ id: string }>(
      `select id from session_types where instructor_id = ? and kind = 'private'`,
      [ids.multi],
    );
    privateId = row.id;
    const data = await ok(guest, SLOTS, { instructorId: ids.multi, sessionTypeId: privateId, from, to });
    expect(data.instructorSlots.map((s: { start: string }) => s.start)).toEqual(expected);
    expect(data.instructorSlots[0]).toMatchObject({ seatsLeft: null });

    const res = await guest
      .get(`/api/instructors/${ids.multi}/slots`)
      .query({ sessionTypeId: privateId, from, to, tz: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/New_York');
    expect(res.body.slots.map((s: { start: string }) => s.start)).toEqual(expected);
    const local = DateTime.fromISO(res.body.slots[0].startLocal, { setZone: true });
    expect(local.toMillis()).toBe(Date.parse(expected[0]));
    expect(local.offset).toBe(DateTime.fromISO(expected[0]).setZone('America/New_York').offset);
    expect(local.hour).toBe(DateTime.fromISO(expected[0]).setZone('America/New_York').hour);
  });

  it('lists a group class with its seats; refuses a range over 92 days', async () => {
    const data = await ok(guest, SLOTS, {
      instructorId: ids.instructor,
      sessionTypeId: DEMO_SESSION_TYPE_IDS.inesGroup,
      from: new Date().toISOString(),
      to: new Date(Date.now() + 15 * 86_400_000).toISOString(),
    });
    expect(data.instructorSlots.length).toBeGreaterThanOrEqual(2);
    for (const slot of data.instructorSlots) {
      expect(slot.seatsLeft).toBe(8);
      const local = DateTime.fromISO(slot.start).setZone('America/New_York');
      expect([local.weekday, local.hour, local.minute]).toEqual([2, 18, 30]);
    }
    const tooLong = await t.gql(guest, SLOTS, {
      instructorId: ids.instructor,
      sessionTypeId: DEMO_SESSION_TYPE_IDS.inesPrivate,
      from: '2027-01-01T00:00:00Z',
      to: '2027-04-05T00:00:00Z',
    });
    expect(tooLong.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(tooLong.errors?.[0].message).toContain('92 days');
    const rest = await guest.get(`/api/instructors/${ids.instructor}/slots`).query({
      sessionTypeId: DEMO_SESSION_TYPE_IDS.inesPrivate,
      from: '2027-01-01T00:00:00Z',
      to: '2027-04-05T00:00:00Z',
    });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toContain('92 days');
    // Another instructor's session type has no slots here.
    const mismatch = await ok(guest, SLOTS, { instructorId: ids.lena, sessionTypeId: privateId, from, to });
    expect(mismatch.instructorSlots).toEqual([]);
  });

  it('REST lists and shows instructors', async () => {
    const list = await guest.get('/api/instructors').query({ style: 'Contemporary' });
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([ids.lena]);
    expect(list.body.totalCount).toBe(1);
    const online = await guest.get('/api/instructors').query({ mode: 'in_person' });
    expect(online.body.items.map((i: { id: string }) => i.id)).toEqual([ids.instructor]);
    const one = await guest.get(`/api/instructors/${ids.lena}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: ids.lena,
      displayName: 'Lena',
      timeZone: 'Europe/London',
      status: 'APPROVED',
    });
    expect(one.body.sessionTypes.map((s: { kind: string }) => s.kind).sort()).toEqual([
      'CONSULTATION',
      'GROUP',
      'PRIVATE',
    ]);
    const missing = await guest.get('/api/instructors/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });
});
