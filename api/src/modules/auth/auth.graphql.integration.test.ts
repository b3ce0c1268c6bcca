import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'drx-demo-2026';

const USER = 'id username email role roles firstName lastName profileImageUrl displayName createdAt';
const ME = `query { me { ${USER} } }`;
const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) { user { ${USER} } userErrors { code field message } } }`;
const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { user { ${USER} } userErrors { code field message } } }`;
const LOGOUT = `mutation { logout { success userErrors { code field message } } }`;

async function countUsers(usernameKey: string): Promise<number> {
  const rows: { n: string }[] = await t.orm.em
    .fork()
    .getConnection()
    .execute('select count(*) as n from users where username_key = ?', [usernameKey]);
  return Number(rows[0].n);
}

describe('me', () => {
  it('is null for a guest', async () => {
    // given a browser that never signed in
    const guest = t.agent();
    // when it asks who it is
    const res = await t.gql(guest, ME);
    // then the answer is null, not an error
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ me: null });
  });
});

describe('login', () => {
  it('with a wrong password answers a userError and no user, and stays signed out', async () => {
    // given a guest
    const browser = t.agent();
    // when it signs in with the wrong password
    const res = await t.gql(browser, LOGIN, { input: { username: 'member', password: 'not-the-password' } });
    // then it gets exactly one UNAUTHORIZED userError and no user
    expect(res.errors).toBeUndefined();
    expect(res.data.login.user).toBeNull();
    expect(res.data.login.userErrors).toEqual([
      { code: 'UNAUTHORIZED', field: null, message: 'Invalid username or password' },
    ]);
    expect((await t.gql(browser, ME)).data.me).toBeNull();
  });

  it('with an unknown username answers the same error (no user enumeration)', async () => {
    const res = await t.gql(t.agent(), LOGIN, { input: { username: 'nobody-here', password: 'whatever-1' } });
    expect(res.data.login.user).toBeNull();
    expect(res.data.login.userErrors).toEqual([
      { code: 'UNAUTHORIZED', field: null, message: 'Invalid username or password' },
    ]);
  });

  it('succeeds, returns the user, and `me` then returns it with the same agent only', async () => {
    // given a guest browser and a second, unrelated browser
    const browser = t.agent();
    const other = t.agent();
    // when the first signs in as member (the name is matched case-insensitively)
    const res = await t.gql(browser, LOGIN, { input: { username: 'Member', password: PASSWORD } });
    // then the payload carries the user and no errors
    expect(res.data.login.userErrors).toEqual([]);
    expect(res.data.login.user).toMatchObject({
      username: 'member',
      role: 'user',
      roles: ['user'],
      firstName: 'Mia',
      lastName: 'Member',
      displayName: 'Mia',
      email: 'member@demo.drx.dance',
    });
    // and the session cookie makes `me` return the same user for that browser only
    const me = await t.gql(browser, ME);
    expect(me.data.me).toEqual(res.data.login.user);
    expect((await t.gql(other, ME)).data.me).toBeNull();
  });
});

describe('register', () => {
  it('creates the account and signs it in', async () => {
    // given a guest
    const browser = t.agent();
    // when it registers
    const res = await t.gql(browser, REGISTER, {
      input: {
        username: 'Arabesque',
        password: 'long-enough',
        email: ' Ara@Example.COM ',
        firstName: 'Ara',
        lastName: 'Besque',
      },
    });
    // then it gets the new user with the member role
    expect(res.errors).toBeUndefined();
    expect(res.data.register.userErrors).toEqual([]);
    expect(res.data.register.user).toMatchObject({
      username: 'Arabesque',
      email: 'ara@example.com',
      role: 'user',
      roles: ['user'],
      firstName: 'Ara',
      lastName: 'Besque',
      displayName: 'Ara',
      profileImageUrl: null,
    });
    // and is signed in
    expect((await t.gql(browser, ME)).data.me).toMatchObject({
      id: res.data.register.user.id,
      username: 'Arabesque',
    });
    // and the stored password is an argon2id hash, not the password
    const rows: { password_hash: string }[] = await t.orm.em
      .fork()
      .getConnection()
      .execute('select password_hash from users where username_key = ?', ['arabesque']);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    // and the new password works for a later sign-in
    const again = await t.gql(t.agent(), LOGIN, {
      input: { username: 'arabesque', password: 'long-enough' },
    });
    expect(again.data.login.user?.username).toBe('Arabesque');
  });

  it('refuses a taken username case-insensitively with USERNAME_TAKEN', async () => {
    // given the seeded account "member"
    const browser = t.agent();
    // when someone registers "MEMBER"
    const res = await t.gql(browser, REGISTER, { input: { username: 'MEMBER', password: 'long-enough' } });
    // then it is refused and nobody is signed in
    expect(res.data.register.user).toBeNull();
    expect(res.data.register.userErrors).toEqual([
      { code: 'USERNAME_TAKEN', field: 'username', message: 'Username already exists' },
    ]);
    expect((await t.gql(browser, ME)).data.me).toBeNull();
    expect(await countUsers('member')).toBe(1);
  });

  it.each([
    ['a missing username', { username: '', password: 'long-enough' }, 'username'],
    ['a blank username', { username: '   ', password: 'long-enough' }, 'username'],
    ['a password shorter than 8', { username: 'shorty', password: 'seven77' }, 'password'],
    [
      'a firstName over 100 characters',
      { username: 'longname', password: 'long-enough', firstName: 'x'.repeat(101) },
      'firstName',
    ],
    [
      'a lastName over 100 characters',
      { username: 'longname', password: 'long-enough', lastName: 'y'.repeat(101) },
      'lastName',
    ],
    ['a bad email', { username: 'bademail', password: 'long-enough', email: 'not-an-email' }, 'email'],
  ])('refuses %s with INVALID_INPUT naming the field', async (_label, input, field) => {
    // given a guest
    const browser = t.agent();
    // when it registers with invalid input
    const res = await t.gql(browser, REGISTER, { input });
    // then one INVALID_INPUT error names the field, no user is created, nobody is signed in
    expect(res.errors).toBeUndefined();
    expect(res.data.register.user).toBeNull();
    expect(res.data.register.userErrors).toHaveLength(1);
    expect(res.data.register.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
    expect(res.data.register.userErrors[0].message).toEqual(expect.any(String));
    expect((await t.gql(browser, ME)).data.me).toBeNull();
    const username = String(input.username).trim().toLowerCase();
    if (username) expect(await countUsers(username)).toBe(0);
  });

  it('lets exactly one of 20 concurrent registrations of one new name win', async () => {
    // given 20 browsers racing for the same new username (in varying case)
    const name = 'RaceWinner';
    const attempts = Array.from({ length: 20 }, (_, i) =>
      t.gql(t.agent(), REGISTER, {
        input: { username: i % 2 ? name.toUpperCase() : name, password: `password-${i}` },
      }),
    );
    // when they all register at once
    const results = await Promise.all(attempts);
    // then exactly one succeeds and every other one gets USERNAME_TAKEN (no 500s)
    for (const r of results) expect(r.errors).toBeUndefined();
    const winners = results.filter((r) => r.data.register.user);
    const losers = results.filter((r) => !r.data.register.user);
    expect(winners).toHaveLength(1);
    expect(winners[0].data.register.userErrors).toEqual([]);
    expect(losers).toHaveLength(19);
    for (const r of losers) {
      expect(r.data.register.userErrors).toEqual([
        { code: 'USERNAME_TAKEN', field: 'username', message: 'Username already exists' },
      ]);
    }
    // and only one row exists
    expect(await countUsers('racewinner')).toBe(1);
  });
});

describe('logout', () => {
  it('answers success and `me` is null afterwards', async () => {
    // given a signed-in browser
    const browser = t.agent();
    const login = await t.gql(browser, LOGIN, { input: { username: 'seller', password: PASSWORD } });
    expect(login.data.login.user?.username).toBe('seller');
    expect((await t.gql(browser, ME)).data.me?.username).toBe('seller');
    // when it signs out
    const res = await t.gql(browser, LOGOUT);
    // then the mutation succeeds and the session is gone
    expect(res.errors).toBeUndefined();
    expect(res.data.logout).toEqual({ success: true, userErrors: [] });
    expect((await t.gql(browser, ME)).data.me).toBeNull();
  });

  it('is harmless for a guest', async () => {
    const res = await t.gql(t.agent(), LOGOUT);
    expect(res.data.logout).toEqual({ success: true, userErrors: [] });
  });
});
