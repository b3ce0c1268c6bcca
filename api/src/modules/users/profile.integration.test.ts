import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_SIGNATURE = PNG.subarray(0, 8);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const PROFILE_UPDATE = `mutation P($input: ProfileUpdateInput!) {
  profileUpdate(input: $input) { user { id firstName lastName displayName } userErrors { code field message } } }`;
const USER = `query U($id: ID!) { user(id: $id) { id username email role roles firstName lastName displayName profileImageUrl createdAt } }`;

/** Registers a fresh account (a fresh profile per test) and returns its signed-in browser. */
let counter = 0;
async function freshMember(
  extra: Record<string, string> = {},
): Promise<{ browser: Agent; id: string; username: string }> {
  const browser = t.agent();
  const username = `dancer${++counter}`;
  const res = await browser
    .post('/api/register')
    .set(json)
    .send({ username, password: 'long-enough', ...extra });
  expect(res.status).toBe(201);
  return { browser, id: res.body.id, username };
}

async function signIn(username: string): Promise<{ browser: Agent; id: string }> {
  const browser = t.agent();
  const res = await browser.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return { browser, id: res.body.id };
}

function profilesDir(): string {
  return path.join(t.config.uploadsDir, 'profiles');
}

function storedFiles(): string[] {
  return fs.existsSync(profilesDir()) ? fs.readdirSync(profilesDir()).sort() : [];
}

function upload(browser: Agent, data: Buffer, filename: string) {
  return browser
    .post('/api/profile/image')
    .set('X-Requested-With', 'XMLHttpRequest')
    .attach('image', data, { filename, contentType: 'image/png' });
}

async function namesInDb(id: string): Promise<{ first_name: string | null; last_name: string | null }> {
  const rows: { first_name: string | null; last_name: string | null }[] = await t.orm.em
    .fork()
    .getConnection()
    .execute('select first_name, last_name from users where id = ?', [id]);
  return rows[0];
}

describe('POST /api/profile/image', () => {
  it('stores the picture as a 256 px WebP square, answers its URL and serves it', async () => {
    // given a signed-in member and a 600 × 400 PNG photo
    const { browser, id } = await freshMember();
    const photo = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 120, g: 60, b: 200 } },
    })
      .png()
      .toBuffer();
    // when it uploads it
    const res = await upload(browser, photo, 'me.png');
    // then the answer is the user with a new uploads URL, a WebP
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
    expect(res.body.profileImageUrl).toMatch(new RegExp(`^/uploads/profiles/${UUID}\\.webp$`));
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    // and that URL serves the picture cropped to the avatar's square at twice its largest size
    const image = await t.agent().get(res.body.profileImageUrl).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/webp/);
    const served = await sharp(image.body as Buffer).metadata();
    expect([served.format, served.width, served.height]).toEqual(['webp', 256, 256]);
    // and the user record points at it
    expect((await t.gql(browser, `query { me { profileImageUrl } }`)).data.me.profileImageUrl).toBe(
      res.body.profileImageUrl,
    );
  });

  it('refuses a damaged PNG (right signature, unreadable) with 400 and stores nothing', async () => {
    const { browser } = await freshMember();
    const before = storedFiles();
    const damaged = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64, 7)]);
    const res = await upload(browser, damaged, 'broken.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The image could not be read: it is damaged, or larger than 50 megapixels');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a text file renamed .png with 400 and stores nothing', async () => {
    // given a signed-in member and the files stored so far
    const { browser } = await freshMember();
    const before = storedFiles();
    // when it uploads text under a PNG name and type
    const res = await upload(browser, Buffer.from('just some text, not an image\n'), 'fake.png');
    // then it is refused and no file is added
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The image must be a PNG, JPEG or WebP file');
    expect(storedFiles()).toEqual(before);
    expect((await t.gql(browser, `query { me { profileImageUrl } }`)).data.me.profileImageUrl).toBeNull();
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const { browser } = await freshMember();
    const before = storedFiles();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG_SIGNATURE.copy(big);
    const res = await upload(browser, big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toEqual(expect.any(String));
    expect(storedFiles()).toEqual(before);
  });

  it('accepts a PNG of exactly 5 MB (control for the limit)', async () => {
    const { browser } = await freshMember();
    const max = Buffer.alloc(5 * 1024 * 1024);
    PNG.copy(max);
    const res = await upload(browser, max, 'max.png');
    expect(res.status).toBe(200);
  });

  it('answers 401 to a guest and stores nothing', async () => {
    const before = storedFiles();
    const res = await upload(t.agent(), PNG, 'me.png');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not authenticated' });
    expect(storedFiles()).toEqual(before);
  });

  it('answers 400 when no image is sent', async () => {
    const { browser } = await freshMember();
    const res = await browser
      .post('/api/profile/image')
      .set('X-Requested-With', 'XMLHttpRequest')
      .field('other', 'x');
    expect(res.status).toBe(400);
  });

  it('refuses a cross-site multipart upload with 403 (CSRF guard), and takes a same-origin one', async () => {
    // given a signed-in member and the files stored so far
    const { browser } = await freshMember();
    const before = storedFiles();
    // when another site's page posts an image
    const res = await browser
      .post('/api/profile/image')
      .set('origin', 'https://evil.example')
      .attach('image', PNG, { filename: 'me.png', contentType: 'image/png' });
    // then it is refused, nothing is stored and the profile keeps no image
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site requests are not allowed' });
    expect(storedFiles()).toEqual(before);
    expect((await t.gql(browser, `query { me { profileImageUrl } }`)).data.me.profileImageUrl).toBeNull();
    // and the same upload from the app's own origin (no X-Requested-With) is taken
    const own = await browser
      .post('/api/profile/image')
      .set('host', 'drx.test')
      .set('origin', 'http://drx.test')
      .attach('image', PNG, { filename: 'me.png', contentType: 'image/png' });
    expect(own.status).toBe(200);
    expect(own.body.profileImageUrl).toMatch(new RegExp(`^/uploads/profiles/${UUID}\\.webp$`));
  });

  it('removes the previous file when a second image is uploaded', async () => {
    // given a member with one uploaded image
    const { browser } = await freshMember();
    const first = await upload(browser, PNG, 'one.png');
    expect(first.status).toBe(200);
    const firstFile = path.join(t.config.uploadsDir, first.body.profileImageUrl.slice('/uploads/'.length));
    expect(fs.existsSync(firstFile)).toBe(true);
    // when it uploads a second image
    const second = await upload(browser, PNG, 'two.png');
    // then it points at a new file and the first one is gone
    expect(second.status).toBe(200);
    expect(second.body.profileImageUrl).not.toBe(first.body.profileImageUrl);
    const secondFile = path.join(t.config.uploadsDir, second.body.profileImageUrl.slice('/uploads/'.length));
    expect(fs.existsSync(secondFile)).toBe(true);
    expect(fs.existsSync(firstFile)).toBe(false);
    expect((await t.agent().get(first.body.profileImageUrl)).status).toBe(404);
  });
});

describe('profileUpdate (graph)', () => {
  it('changes the names, and an empty string clears one', async () => {
    // given a member with names
    const { browser, id } = await freshMember({ firstName: 'Old', lastName: 'Name' });
    // when it changes both
    const changed = await t.gql(browser, PROFILE_UPDATE, {
      input: { firstName: '  Nina ', lastName: 'Novak' },
    });
    // then both are stored (trimmed)
    expect(changed.errors).toBeUndefined();
    expect(changed.data.profileUpdate).toEqual({
      user: { id, firstName: 'Nina', lastName: 'Novak', displayName: 'Nina' },
      userErrors: [],
    });
    expect(await namesInDb(id)).toEqual({ first_name: 'Nina', last_name: 'Novak' });
    // when it clears the first name and leaves the last name out
    const cleared = await t.gql(browser, PROFILE_UPDATE, { input: { firstName: '' } });
    // then the first name is cleared, the last name kept, and the display name falls back to the username
    expect(cleared.data.profileUpdate.userErrors).toEqual([]);
    expect(cleared.data.profileUpdate.user).toMatchObject({ firstName: null, lastName: 'Novak' });
    expect(cleared.data.profileUpdate.user.displayName).toMatch(/^dancer\d+$/);
    expect(await namesInDb(id)).toEqual({ first_name: null, last_name: 'Novak' });
  });

  it('refuses an over-long lastName with INVALID_INPUT and leaves the stored names unchanged', async () => {
    const { browser, id } = await freshMember({ firstName: 'Keep', lastName: 'Me' });
    const res = await t.gql(browser, PROFILE_UPDATE, {
      input: { firstName: 'Changed', lastName: 'z'.repeat(101) },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.profileUpdate.user).toBeNull();
    expect(res.data.profileUpdate.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'lastName', message: 'Last name must be at most 100 characters' },
    ]);
    expect(await namesInDb(id)).toEqual({ first_name: 'Keep', last_name: 'Me' });
    expect((await t.gql(browser, `query { me { firstName lastName } }`)).data.me).toEqual({
      firstName: 'Keep',
      lastName: 'Me',
    });
  });

  it('accepts names of exactly 100 characters', async () => {
    const { browser, id } = await freshMember();
    const res = await t.gql(browser, PROFILE_UPDATE, { input: { lastName: 'z'.repeat(100) } });
    expect(res.data.profileUpdate.userErrors).toEqual([]);
    expect((await namesInDb(id)).last_name).toBe('z'.repeat(100));
  });
});

describe('PATCH /api/user (REST)', () => {
  it('changes the names, and an empty string clears one', async () => {
    const { browser, id } = await freshMember({ firstName: 'Old', lastName: 'Name' });
    const res = await browser.patch('/api/user').set(json).send({ firstName: 'Rita', lastName: 'Rest' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, firstName: 'Rita', lastName: 'Rest', displayName: 'Rita' });
    const cleared = await browser.patch('/api/user').set(json).send({ lastName: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ firstName: 'Rita', lastName: null });
    expect(await namesInDb(id)).toEqual({ first_name: 'Rita', last_name: null });
  });

  it('refuses an over-long lastName with 400 naming the field, leaving the names unchanged', async () => {
    const { browser, id } = await freshMember({ firstName: 'Keep', lastName: 'Me' });
    const res = await browser
      .patch('/api/user')
      .set(json)
      .send({ firstName: 'Changed', lastName: 'z'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'lastName',
      message: 'Last name must be at most 100 characters',
    });
    expect(await namesInDb(id)).toEqual({ first_name: 'Keep', last_name: 'Me' });
  });

  it('answers 401 to a guest', async () => {
    const res = await t.agent().patch('/api/user').set(json).send({ firstName: 'Nobody' });
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('public profiles', () => {
  it('user(id) returns the public profile to a guest: no email, no roles', async () => {
    const { id } = await signIn('instructor');
    const res = await t.gql(t.agent(), USER, { id });
    expect(res.errors).toBeUndefined();
    expect(res.data.user).toMatchObject({
      id,
      username: 'instructor',
      email: null,
      role: null,
      roles: null,
      firstName: 'Ines',
      lastName: 'Instructor',
      displayName: 'Ines',
      profileImageUrl: null,
    });
  });

  it("hides an admin's roles from guests, other members and curriculum officers (graph and REST)", async () => {
    // given the admin's id
    const { id: adminId } = await signIn('admin');
    const viewers: [string, Agent][] = [
      ['guest', t.agent()],
      ['member', (await signIn('member')).browser],
      ['officer', (await signIn('officer')).browser],
    ];
    for (const [label, browser] of viewers) {
      // when they look at the admin's profile
      const graph = await t.gql(browser, USER, { id: adminId });
      const rest = await browser.get(`/api/users/${adminId}`);
      // then neither the roles nor the email are shown, only the public profile
      expect(graph.data.user, label).toMatchObject({
        username: 'admin',
        role: null,
        roles: null,
        email: null,
      });
      expect(rest.status, label).toBe(200);
      expect(rest.body, label).toMatchObject({ username: 'admin', role: null, roles: null, email: null });
    }
  });

  it('shows the roles to the owner and to admins', async () => {
    const { browser: seller, id: sellerId } = await signIn('seller');
    const own = await t.gql(seller, USER, { id: sellerId });
    expect(own.data.user).toMatchObject({
      role: 'seller',
      roles: ['seller'],
      email: 'seller@demo.drx.dance',
    });
    expect((await t.gql(seller, `query { me { role roles } }`)).data.me).toEqual({
      role: 'seller',
      roles: ['seller'],
    });
    const { browser: admin } = await signIn('admin');
    const byAdmin = await t.gql(admin, USER, { id: sellerId });
    expect(byAdmin.data.user).toMatchObject({ role: 'seller', roles: ['seller'] });
    // and the sign-in answer (REST) carries one's own roles
    const login = await t
      .agent()
      .post('/api/login')
      .set(json)
      .send({ username: 'multi', password: PASSWORD });
    expect(login.body).toMatchObject({ role: expect.any(String), roles: ['seller', 'instructor'] });
  });

  it("hides roles wherever a user appears in the graph, e.g. a resource's seller", async () => {
    const res = await t.gql(
      t.agent(),
      `query { resources(first: 1) { nodes { seller { username role roles } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const seller = res.data.resources.nodes[0].seller;
    expect(seller).toMatchObject({ role: null, roles: null });
  });

  it.each([
    ['an unknown uuid', '4a0d2b8e-1111-4222-8333-444455556666'],
    ['a garbage id', 'not-a-uuid'],
    ['an SQL-ish id', "1' or '1'='1"],
  ])('user(id) is null for %s', async (_label, id) => {
    const res = await t.gql(t.agent(), USER, { id });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ user: null });
  });

  it('GET /api/users/:id answers the profile, or 404 {message:"User not found"}', async () => {
    const { id } = await signIn('seller');
    const found = await t.agent().get(`/api/users/${id}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id, username: 'seller', email: null });
    for (const missing of ['4a0d2b8e-1111-4222-8333-444455556666', 'garbage']) {
      const res = await t.agent().get(`/api/users/${missing}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'User not found' });
    }
  });
});

describe('referenceLists', () => {
  it("serves the spec's lists of values (section 3) exactly", async () => {
    const res = await t.gql(
      t.agent(),
      `query { referenceLists { resourceTypes danceStyles ageGroups skillLevels roles } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.referenceLists).toEqual({
      resourceTypes: ['document', 'audio', 'video', 'image', 'text', 'spreadsheet', 'other'],
      danceStyles: [
        'Ballet',
        'Contemporary',
        'Hip Hop',
        'Jazz',
        'Tap',
        'Ballroom',
        'Latin',
        'Folk',
        'Modern',
        'Swing',
        'Breakdance',
        'Other',
      ],
      ageGroups: [
        'All Ages',
        'Toddler (2-4)',
        'Children (5-8)',
        'Pre-Teen (9-12)',
        'Teen (13-17)',
        'Adult (18+)',
        'Senior (55+)',
      ],
      skillLevels: ['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels'],
      roles: [
        'user',
        'admin',
        'instructor',
        'student',
        'seller',
        'booking',
        'booking_provider',
        'booking_client',
        'curriculum_officer',
        'curriculum_admin',
        'moderator',
      ],
    });
  });
});
