import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { tokenHash } from './account-tokens';
import { RESET_LINK_INVALID, RESET_REQUEST_ANSWER } from './account-passwords';
import { VERIFY_EMAIL_TAKEN, VERIFY_LINK_INVALID } from './email-verification';

// Issue 31, part 1: password reset and change, email verification and change — each flow, its bad
// inputs, and what they end (other sessions) and mail.
let t: TestApp;
type Agent = ReturnType<TestApp['agent']>;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
// Every agent here is 127.0.0.1: each test starts with the per-address counts at zero.
beforeEach(async () => {
  await db().execute('delete from account_throttle_events');
});

const db = () => t.orm.em.fork().getConnection();
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

const PASSWORD = 'first-password-2026';
const ERRORS = 'userErrors { code field message }';
const ME = `{ me { id email emailVerified } }`;
const RESET_REQUEST = `mutation($input: PasswordResetRequestInput!) { passwordResetRequest(input: $input) { success message ${ERRORS} } }`;
const RESET = `mutation($input: PasswordResetInput!) { passwordReset(input: $input) { user { id } ${ERRORS} } }`;
const CHANGE = `mutation($input: PasswordChangeInput!) { passwordChange(input: $input) { success message ${ERRORS} } }`;
const EMAIL_CHANGE = `mutation($input: EmailChangeInput!) { emailChange(input: $input) { user { email emailVerified } ${ERRORS} } }`;
const VERIFY = `mutation($token: String!) { emailVerify(token: $token) { user { id emailVerified } ${ERRORS} } }`;
const SEND_AGAIN = `mutation { emailVerificationSend { success message ${ERRORS} } }`;

async function register(
  email: string | null = null,
): Promise<{ agent: Agent; id: string; username: string }> {
  const agent = t.agent();
  const username = `acct${unique()}`;
  const res = await agent.post('/api/register').set(json).send({ username, password: PASSWORD, email });
  expect(res.status).toBe(201);
  return { agent, id: res.body.id, username };
}

async function signIn(username: string, password: string): Promise<{ agent: Agent; status: number }> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password });
  return { agent, status: res.status };
}

async function mailsTo(email: string) {
  return db().execute<{ subject: string; text: string }[]>(
    `select subject, text from mail_outbox where lower("to") = lower(?) order by created_at, id`,
    [email],
  );
}

/** The token of the newest link of `path` (reset-password, verify-email) mailed to `email`. */
async function linkToken(email: string, path: string): Promise<string> {
  const mails = await mailsTo(email);
  const tokens = mails
    .map((m) => new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(m.text)?.[1])
    .filter((x): x is string => Boolean(x));
  expect(tokens.length).toBeGreaterThan(0);
  return tokens[tokens.length - 1];
}

/**
 * Asks for a reset and waits until its job ran: the request only queues the lookup and the mail
 * (account-passwords.ts), so that the answer's time says nothing about the account.
 */
async function askReset(login: string) {
  const res = await t.gql(t.agent(), RESET_REQUEST, { input: { login } });
  for (let waited = 0; waited < 20_000; waited += 100) {
    const [{ n }] = await db().execute<{ n: number }[]>(
      `select count(*)::int as n from pgboss.job where name = 'account.password-reset-mail' and state in ('created', 'retry', 'active')`,
    );
    if (n === 0) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The reset mail job did not run within 20 s');
}

async function signedIn(agent: Agent): Promise<boolean> {
  return (await t.gql(agent, ME)).data.me !== null;
}

describe('password reset', () => {
  it('mails a single-use link; the new password works, the old one and every old session do not', async () => {
    const email = `reset-${unique()}@example.com`;
    const { agent: before, username, id } = await register(email);
    const elsewhere = (await signIn(username, PASSWORD)).agent;
    expect(await signedIn(elsewhere)).toBe(true);

    const asked = await askReset(username.toUpperCase());
    expect(asked.data.passwordResetRequest).toEqual({
      success: true,
      message: RESET_REQUEST_ANSWER,
      userErrors: [],
    });
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Reset your DRX password');
    expect(mail?.text).toContain(username);
    const token = await linkToken(email, 'reset-password');
    // Only a hash of the token is kept.
    const stored = await db().execute<{ token_hash: string }[]>(
      `select token_hash from account_tokens where user_id = ? and purpose = 'reset_password'`,
      [id],
    );
    expect(stored.map((r) => r.token_hash)).toEqual([tokenHash(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);

    // A password that breaks the rule changes nothing and does not use the link.
    const weak = await t.gql(t.agent(), RESET, { input: { token, newPassword: 'short' } });
    expect(weak.data.passwordReset.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);

    const browser = t.agent();
    const reset = await t.gql(browser, RESET, { input: { token, newPassword: 'second-password-2026' } });
    expect(reset.data.passwordReset).toEqual({ user: { id }, userErrors: [] });
    expect(await signedIn(browser)).toBe(true);
    expect(await signedIn(before)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await signIn(username, PASSWORD)).status).toBe(401);
    expect((await signIn(username, 'second-password-2026')).status).toBe(200);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain('Your DRX password was changed');
    // The link was mailed to the address and opened: the address is proven.
    expect((await t.gql(browser, ME)).data.me.emailVerified).toBe(true);

    // Used once: a second use changes nothing.
    const again = await t.gql(t.agent(), RESET, { input: { token, newPassword: 'third-password-2026' } });
    expect(again.data.passwordReset).toEqual({
      user: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'token', message: RESET_LINK_INVALID }],
    });
    expect((await signIn(username, 'second-password-2026')).status).toBe(200);
  });

  it('answers the same for an unknown account, and mails nothing', async () => {
    const before = await db().execute<{ n: number }[]>('select count(*)::int as n from mail_outbox');
    for (const login of ['nobody-by-this-name', 'nobody@example.com']) {
      const res = await askReset(login);
      expect(res.data.passwordResetRequest).toEqual({
        success: true,
        message: RESET_REQUEST_ANSWER,
        userErrors: [],
      });
    }
    const after = await db().execute<{ n: number }[]>('select count(*)::int as n from mail_outbox');
    expect(after[0].n).toBe(before[0].n);
    const empty = await askReset('  ');
    expect(empty.data.passwordResetRequest.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'login', message: 'Enter your username or email address' },
    ]);
  });

  it('finds the account by email too; a link older than 30 minutes or made up does not work', async () => {
    const email = `reset-${unique()}@example.com`;
    const { username, id } = await register(email);
    await askReset(email.toUpperCase());
    const token = await linkToken(email, 'reset-password');
    await db().execute(
      `update account_tokens set expires_at = now() - interval '1 second' where user_id = ?`,
      [id],
    );
    for (const bad of [token, 'x'.repeat(43), 'not a token', '']) {
      const res = await t.gql(t.agent(), RESET, {
        input: { token: bad, newPassword: 'another-password-2026' },
      });
      expect(res.data.passwordReset.userErrors).toEqual([
        { code: 'INVALID_INPUT', field: 'token', message: RESET_LINK_INVALID },
      ]);
    }
    // A dead link is said first, whatever the new password.
    const deadAndWeak = await t.gql(t.agent(), RESET, { input: { token, newPassword: 'short' } });
    expect(deadAndWeak.data.passwordReset.userErrors[0]?.field).toBe('token');
    expect((await signIn(username, PASSWORD)).status).toBe(200);
  });

  it('only the newest link works', async () => {
    const email = `reset-${unique()}@example.com`;
    const { username } = await register(email);
    await askReset(username);
    const first = await linkToken(email, 'reset-password');
    await askReset(username);
    const second = await linkToken(email, 'reset-password');
    expect(second).not.toBe(first);
    const old = await t.gql(t.agent(), RESET, {
      input: { token: first, newPassword: 'another-password-2026' },
    });
    expect(old.data.passwordReset.userErrors[0]?.field).toBe('token');
    const newest = await t.gql(t.agent(), RESET, {
      input: { token: second, newPassword: 'another-password-2026' },
    });
    expect(newest.data.passwordReset.userErrors).toEqual([]);
  });

  it('two uses of one link at once: exactly one sets its password', async () => {
    const email = `reset-${unique()}@example.com`;
    const { username } = await register(email);
    await askReset(username);
    const token = await linkToken(email, 'reset-password');
    const results = await Promise.all(
      ['racer-one-password', 'racer-two-password'].map((newPassword) =>
        t.gql(t.agent(), RESET, { input: { token, newPassword } }),
      ),
    );
    const won = results.filter((r) => r.data.passwordReset.userErrors.length === 0);
    expect(won).toHaveLength(1);
    const ok = await Promise.all(
      ['racer-one-password', 'racer-two-password'].map(async (p) => (await signIn(username, p)).status),
    );
    expect(ok.filter((s) => s === 200)).toHaveLength(1);
  });

  it('is throttled per address (10 an hour) and mails one account at most 3 times an hour', async () => {
    const email = `reset-${unique()}@example.com`;
    const { username } = await register(email);
    for (let i = 0; i < 10; i++) {
      const res = await askReset(username);
      expect(res.data.passwordResetRequest.success).toBe(true);
    }
    const resetMails = (await mailsTo(email)).filter((m) => m.subject === 'Reset your DRX password');
    expect(resetMails).toHaveLength(3);
    const refused = await askReset('someone-else');
    expect(refused.data.passwordResetRequest.userErrors).toEqual([
      expect.objectContaining({ code: 'TOO_MANY_ATTEMPTS' }),
    ]);
  });
});

describe('password change', () => {
  it('needs the current password; ends the other sessions, keeps this one, and mails the account', async () => {
    const email = `change-${unique()}@example.com`;
    const { agent, username } = await register(email);
    const elsewhere = (await signIn(username, PASSWORD)).agent;

    const wrong = await t.gql(agent, CHANGE, {
      input: { currentPassword: 'not-it-2026', newPassword: 'new-password-2026' },
    });
    expect(wrong.data.passwordChange.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'currentPassword', message: 'Your current password is not correct' },
    ]);
    const same = await t.gql(agent, CHANGE, { input: { currentPassword: PASSWORD, newPassword: PASSWORD } });
    expect(same.data.passwordChange.userErrors[0]?.field).toBe('newPassword');
    expect(await signedIn(elsewhere)).toBe(true);

    const changed = await t.gql(agent, CHANGE, {
      input: { currentPassword: PASSWORD, newPassword: 'new-password-2026' },
    });
    expect(changed.data.passwordChange).toMatchObject({ success: true, userErrors: [] });
    expect(await signedIn(agent)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await signIn(username, 'new-password-2026')).status).toBe(200);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain('Your DRX password was changed');

    const guest = await t.gql(t.agent(), CHANGE, {
      input: { currentPassword: 'x', newPassword: 'new-password-2026' },
    });
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('email verification', () => {
  it('registering with an email mails a link; opening it verifies the address once', async () => {
    const email = `verify-${unique()}@example.com`;
    const { agent, id } = await register(email);
    expect((await t.gql(agent, ME)).data.me).toEqual({ id, email, emailVerified: false });
    const token = await linkToken(email, 'verify-email');

    // Opened in any browser (signed in or not); a guest is not shown the account's private fields.
    const opened = await t.gql(t.agent(), VERIFY, { token });
    expect(opened.data.emailVerify).toEqual({ user: { id, emailVerified: null }, userErrors: [] });
    expect((await t.gql(agent, ME)).data.me.emailVerified).toBe(true);
    const again = await t.gql(t.agent(), VERIFY, { token });
    expect(again.data.emailVerify.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'token', message: VERIFY_LINK_INVALID },
    ]);
    const already = await t.gql(agent, SEND_AGAIN);
    expect(already.data.emailVerificationSend.userErrors[0]?.code).toBe('CONFLICT');
  });

  it('"Send again" mails a new link (the old one stops working), 5 an hour at most', async () => {
    const email = `verify-${unique()}@example.com`;
    const { agent, id } = await register(email);
    const first = await linkToken(email, 'verify-email');
    const sent = await t.gql(agent, SEND_AGAIN);
    expect(sent.data.emailVerificationSend).toMatchObject({ success: true, userErrors: [] });
    const second = await linkToken(email, 'verify-email');
    expect(second).not.toBe(first);
    expect((await t.gql(t.agent(), VERIFY, { token: first })).data.emailVerify.userErrors[0]?.field).toBe(
      'token',
    );
    for (let i = 0; i < 4; i++) await t.gql(agent, SEND_AGAIN);
    const refused = await t.gql(agent, SEND_AGAIN);
    expect(refused.data.emailVerificationSend.userErrors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    const latest = await t.gql(agent, VERIFY, { token: await linkToken(email, 'verify-email') });
    expect(latest.data.emailVerify.user).toEqual({ id, emailVerified: true });
    const noEmail = await register(null);
    const none = await t.gql(noEmail.agent, SEND_AGAIN);
    expect(none.data.emailVerificationSend.userErrors[0]?.code).toBe('INVALID_INPUT');
  });

  it('one address is verified by one account only', async () => {
    const email = `shared-${unique()}@example.com`;
    const first = await register(email);
    const firstToken = await linkToken(email, 'verify-email');
    const second = await register(email.toUpperCase());
    const secondToken = await linkToken(email, 'verify-email');
    expect((await t.gql(t.agent(), VERIFY, { token: secondToken })).data.emailVerify.userErrors).toEqual([]);
    const refused = await t.gql(t.agent(), VERIFY, { token: firstToken });
    expect(refused.data.emailVerify.userErrors).toEqual([
      { code: 'CONFLICT', field: 'token', message: VERIFY_EMAIL_TAKEN },
    ]);
    expect((await t.gql(first.agent, ME)).data.me.emailVerified).toBe(false);
    expect((await t.gql(second.agent, ME)).data.me.emailVerified).toBe(true);
  });
});

describe('email change', () => {
  it('needs the password; the new address is unverified and gets a link, the old one is told', async () => {
    const oldEmail = `old-${unique()}@example.com`;
    const newEmail = `new-${unique()}@example.com`;
    const { agent } = await register(oldEmail);
    await t.gql(t.agent(), VERIFY, { token: await linkToken(oldEmail, 'verify-email') });
    const oldLink = await linkToken(oldEmail, 'verify-email');

    const wrong = await t.gql(agent, EMAIL_CHANGE, { input: { password: 'not-it-2026', newEmail } });
    expect(wrong.data.emailChange.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'password', message: 'Your current password is not correct' },
    ]);
    const invalid = await t.gql(agent, EMAIL_CHANGE, {
      input: { password: PASSWORD, newEmail: 'not-an-address' },
    });
    expect(invalid.data.emailChange.userErrors[0]?.field).toBe('newEmail');

    const changed = await t.gql(agent, EMAIL_CHANGE, {
      input: { password: PASSWORD, newEmail: newEmail.toUpperCase() },
    });
    expect(changed.data.emailChange).toEqual({
      user: { email: newEmail, emailVerified: false },
      userErrors: [],
    });
    expect((await mailsTo(oldEmail)).map((m) => m.subject)).toContain(
      'The email address of your DRX account was changed',
    );
    // A link for the old address no longer verifies anything.
    expect((await t.gql(t.agent(), VERIFY, { token: oldLink })).data.emailVerify.userErrors[0]?.field).toBe(
      'token',
    );
    const opened = await t.gql(agent, VERIFY, { token: await linkToken(newEmail, 'verify-email') });
    expect(opened.data.emailVerify.user.emailVerified).toBe(true);
  });
});

describe('credentials are a session’s, never an API token’s', () => {
  it('refuses the account mutations to a bearer token', async () => {
    const { agent } = await register(`token-${unique()}@example.com`);
    const created = await t.gql(
      agent,
      `mutation { apiTokenCreate(input: { name: "t", scopes: ["account:write"] }) { token userErrors { code } } }`,
    );
    const token = created.data.apiTokenCreate.token as string;
    const res = await t
      .agent()
      .post('/graphql')
      .set(json)
      .set('authorization', `Bearer ${token}`)
      .send({
        query: CHANGE,
        variables: { input: { currentPassword: PASSWORD, newPassword: 'new-password-2026' } },
      });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('my sessions', () => {
  const SESSIONS = `{ mySessions { id current browser os device ipAddress place createdAt lastActiveAt } }`;
  const END = `mutation($id: String!) { sessionEnd(id: $id) { success message ${ERRORS} } }`;
  const END_OTHERS = `mutation { sessionsEndOthers { success message ${ERRORS} } }`;
  const CHROME_ON_ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

  it('lists each browser signed in, this one marked, and ends one or all the others', async () => {
    const { agent, username } = await register(`sessions-${unique()}@example.com`);
    const phone = t.agent();
    expect(
      (
        await phone
          .post('/api/login')
          .set(json)
          .set('user-agent', CHROME_ON_ANDROID)
          // Through the proxy the test app trusts, from a public address (Google's resolver).
          .set('X-Forwarded-For', '8.8.8.8')
          .send({ username, password: PASSWORD })
      ).status,
    ).toBe(200);
    const third = (await signIn(username, PASSWORD)).agent;

    const listed = (await t.gql(agent, SESSIONS)).data.mySessions as {
      id: string;
      current: boolean;
      browser: string | null;
      os: string | null;
      device: string | null;
      ipAddress: string | null;
      place: string | null;
    }[];
    expect(listed).toHaveLength(3);
    expect(listed[0].current).toBe(true);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const android = listed.find((s) => s.os?.startsWith('Android'));
    expect(android).toMatchObject({ browser: 'Chrome 131', device: 'mobile', current: false });
    expect(listed.every((s) => s.ipAddress && /^[0-9a-f]{32}$/.test(s.id))).toBe(true);
    // The place of an address: the phone's country; none for the loopback the others came from.
    expect(android).toMatchObject({ ipAddress: '8.8.8.8', place: 'United States' });
    expect(listed.filter((s) => s !== android).map((s) => s.place)).toEqual([null, null]);

    // This session cannot be ended from the list; another can, once.
    const self = await t.gql(agent, END, { id: listed[0].id });
    expect(self.data.sessionEnd.userErrors[0]?.code).toBe('INVALID_INPUT');
    expect((await t.gql(agent, END, { id: android!.id })).data.sessionEnd).toMatchObject({ success: true });
    expect(await signedIn(phone)).toBe(false);
    expect((await t.gql(agent, END, { id: android!.id })).data.sessionEnd.userErrors[0]?.code).toBe(
      'NOT_FOUND',
    );
    // Another account's session is not mine to end.
    const stranger = await register(null);
    const theirs = (await t.gql(stranger.agent, SESSIONS)).data.mySessions[0].id;
    expect((await t.gql(agent, END, { id: theirs })).data.sessionEnd.userErrors[0]?.code).toBe('NOT_FOUND');
    expect(await signedIn(stranger.agent)).toBe(true);

    const others = await t.gql(agent, END_OTHERS);
    expect(others.data.sessionsEndOthers).toEqual({
      success: true,
      message: '1 other session was signed out.',
      userErrors: [],
    });
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(agent)).toBe(true);
    expect((await t.gql(agent, SESSIONS)).data.mySessions).toHaveLength(1);
    expect((await t.gql(t.agent(), SESSIONS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('the security audit log', () => {
  const EVENTS = `query($userId: ID, $kind: SecurityEventKind) { adminSecurityEvents(first: 10, userId: $userId, kind: $kind) {
    totalCount nodes { userId username kind ip userAgent detail createdAt } } }`;

  it('lists each account’s security changes for admins, newest first; members are refused', async () => {
    const email = `audit-${unique()}@example.com`;
    const { agent, id, username } = await register(email);
    await (await signIn(username, PASSWORD)).agent.get('/api/user');
    await t.gql(agent, VERIFY, { token: await linkToken(email, 'verify-email') });
    await t.gql(agent, CHANGE, {
      input: { currentPassword: PASSWORD, newPassword: 'audited-password-2026' },
    });
    await signIn(username, 'audited-password-2026');
    const ended = await t.gql(agent, `mutation { sessionsEndOthers { success message } }`);
    expect(ended.data.sessionsEndOthers.message).toBe('1 other session was signed out.');
    expect((await mailsTo(email)).map((m) => m.subject)).toContain('Your other DRX sessions were signed out');

    const admin = (await signIn('admin', 'drx-demo-2026')).agent;
    const events = await t.gql(admin, EVENTS, { userId: id });
    expect(events.errors).toBeUndefined();
    expect(events.data.adminSecurityEvents.nodes.map((e: { kind: string }) => e.kind)).toEqual([
      'OTHER_SESSIONS_ENDED',
      'PASSWORD_CHANGED',
      'EMAIL_VERIFIED',
    ]);
    expect(events.data.adminSecurityEvents.nodes[0]).toMatchObject({ userId: id, username, detail: '1' });
    expect(events.data.adminSecurityEvents.nodes[0].ip).toBeTruthy();
    const changed = await t.gql(admin, EVENTS, { userId: id, kind: 'PASSWORD_CHANGED' });
    expect(changed.data.adminSecurityEvents.totalCount).toBe(1);

    const refused = await t.gql(agent, EVENTS, { userId: id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
