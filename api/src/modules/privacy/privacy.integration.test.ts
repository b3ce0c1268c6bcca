import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { WRONG_CURRENT_PASSWORD } from '../account';
import { REFUSE_INSTRUCTOR_BOOKINGS, REFUSE_LAST_ADMIN, REFUSE_SELLER_BALANCE } from './deletion-refusals';
import { EXPORTS_PER_HOUR } from './export-throttle';

// Issue 31, "take their data and leave": download my data (GDPR art. 15/20) and delete my account
// (art. 17), on the seeded demo accounts (member: orders, bookings, messages with the instructor;
// seller: a balance; instructor: upcoming lessons; admin: the only one).
let t: TestApp;
type Agent = ReturnType<TestApp['agent']>;
const json = { 'content-type': 'application/json' };
const DEMO_PASSWORD = 'drx-demo-2026';
const ERRORS = 'userErrors { code field message }';
const DELETE = `mutation($input: AccountDeleteInput!) { accountDelete(input: $input) { success message ${ERRORS} } }`;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await db().execute('delete from account_throttle_events');
});

const db = () => t.orm.em.fork().getConnection();

async function signIn(username: string, password = DEMO_PASSWORD): Promise<{ agent: Agent; status: number }> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password });
  return { agent, status: res.status };
}

async function signedIn(username: string): Promise<Agent> {
  const { agent, status } = await signIn(username);
  expect(status).toBe(200);
  return agent;
}

const idOf = async (username: string) =>
  (await db().execute<{ id: string }[]>('select id from users where username_key = ?', [username]))[0].id;

describe('download my data', () => {
  it('gives the member a JSON attachment of their own data and nobody else’s', async () => {
    const member = await signedIn('member');
    const memberId = await idOf('member');
    const res = await member.get('/api/account/export').buffer(true);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="drx-data-member-${today}.json"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const text = res.text;
    const data = JSON.parse(text);
    expect(data.format).toBe('drx-data-export');
    expect(data.profile).toMatchObject({ id: memberId, username: 'member', email: 'member@demo.drx.dance' });
    expect(JSON.stringify(data.profile)).not.toMatch(/password|hash/i);

    const [{ orders }] = await db().execute<{ orders: number }[]>(
      'select count(*)::int as orders from orders where user_id = ?',
      [memberId],
    );
    expect(orders).toBeGreaterThan(0);
    expect(data.orders).toHaveLength(orders);
    expect(data.orders[0].lines.length).toBeGreaterThan(0);
    expect(data.bookings.asClient.length).toBeGreaterThan(0);
    expect(data.sessions.length).toBeGreaterThan(0);

    const mine = await db().execute<{ body: string }[]>('select body from messages where sender_id = ?', [
      memberId,
    ]);
    expect(mine.length).toBeGreaterThan(0);
    expect(data.messagesSent.map((m: { body: string }) => m.body).sort()).toEqual(
      mine.map((m) => m.body).sort(),
    );
    // Nobody else's: not the other side's messages, not another account's email or password hash.
    const theirs = await db().execute<{ body: string }[]>(
      `select m.body from messages m where m.sender_id <> ? and m.conversation_id in
         (select conversation_id from conversation_participants where user_id = ?)`,
      [memberId, memberId],
    );
    expect(theirs.length).toBeGreaterThan(0);
    for (const { body } of theirs) expect(text).not.toContain(JSON.stringify(body).slice(1, -1));
    const others = await db().execute<{ email: string }[]>(
      'select email from users where id <> ? and email is not null',
      [memberId],
    );
    for (const { email } of others) expect(text).not.toContain(email);
    expect(text).not.toContain('$argon2');
  });

  it('answers the same JSON through the graph', async () => {
    const member = await signedIn('member');
    const { data } = await t.gql(member, '{ myDataExport }');
    const doc = JSON.parse(data.myDataExport as string);
    expect(doc.profile.username).toBe('member');
  });

  it('is refused signed out, to an API token, and after the hour’s downloads', async () => {
    expect((await t.agent().get('/api/account/export')).status).toBe(401);

    const member = await signedIn('member');
    const created = await t.gql(
      member,
      `mutation { apiTokenCreate(input: { name: "export", scopes: ["account:write", "orders:read", "learning:read", "bookings:read", "messages:read"] }) { token userErrors { code } } }`,
    );
    const token = created.data.apiTokenCreate.token as string;
    const bearer = () => t.agent();
    const rest = await bearer().get('/api/account/export').set('authorization', `Bearer ${token}`);
    expect(rest.status).toBe(403);
    const graph = await bearer()
      .post('/graphql')
      .set(json)
      .set('authorization', `Bearer ${token}`)
      .send({ query: '{ myDataExport }' });
    expect(graph.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const del = await bearer()
      .post('/graphql')
      .set(json)
      .set('authorization', `Bearer ${token}`)
      .send({ query: DELETE, variables: { input: { password: DEMO_PASSWORD } } });
    expect(del.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    await db().execute('delete from account_throttle_events');
    for (let i = 0; i < EXPORTS_PER_HOUR; i++)
      expect((await member.get('/api/account/export')).status).toBe(200);
    const throttled = await member.get('/api/account/export');
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/try again later/);
  });
});

describe('delete my account: refusals change nothing', () => {
  async function refused(username: string, password: string) {
    const agent = await signedIn(username);
    const { data } = await t.gql(agent, DELETE, { input: { password } });
    expect(data.accountDelete.success).toBe(false);
    const [row] = await db().execute<{ username: string; deleted_at: Date | null }[]>(
      'select username, deleted_at from users where username_key = ?',
      [username],
    );
    expect(row).toEqual({ username, deleted_at: null });
    expect((await agent.get('/api/user')).status).toBe(200);
    return data.accountDelete.userErrors[0];
  }

  it('needs the current password', async () => {
    expect(await refused('member', 'not-my-password')).toEqual({
      code: 'INVALID_INPUT',
      field: 'password',
      message: WRONG_CURRENT_PASSWORD,
    });
  });

  it('refuses a seller while the store holds a balance', async () => {
    expect(await refused('seller', DEMO_PASSWORD)).toMatchObject({
      code: 'CONFLICT',
      message: REFUSE_SELLER_BALANCE,
    });
  });

  it('refuses an instructor with upcoming lessons', async () => {
    expect(await refused('instructor', DEMO_PASSWORD)).toMatchObject({
      code: 'CONFLICT',
      message: REFUSE_INSTRUCTOR_BOOKINGS,
    });
  });

  it('refuses the last admin', async () => {
    expect(await refused('admin', DEMO_PASSWORD)).toMatchObject({
      code: 'CONFLICT',
      message: REFUSE_LAST_ADMIN,
    });
  });
});

describe('delete my account', () => {
  it('anonymises the member, keeps orders and messages, ends every session and mails them', async () => {
    const memberId = await idOf('member');
    const other = await signedIn('member');
    const member = await signedIn('member');
    const instructor = await signedIn('instructor');
    const ordersBefore = await db().execute<{ id: string; total_cents: string; status: string }[]>(
      'select id, total_cents, status from orders where user_id = ? and kind <> $$booking$$ order by id',
      [memberId],
    );
    const messagesBefore = await db().execute<{ id: string; body: string; conversation_id: string }[]>(
      'select id, body, conversation_id from messages where sender_id = ? order by id',
      [memberId],
    );
    const upcoming = await db().execute<{ id: string }[]>(
      `select id from bookings where client_id = ? and status in ('requested', 'confirmed') and starts_at > now()`,
      [memberId],
    );
    expect(ordersBefore.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);

    const { data } = await t.gql(member, DELETE, { input: { password: DEMO_PASSWORD } });
    expect(data.accountDelete).toMatchObject({ success: true, userErrors: [] });

    // Signed out everywhere; the password no longer signs in.
    expect((await member.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await signIn('member')).status).toBe(401);
    const [{ sessions }] = await db().execute<{ sessions: number }[]>(
      `select count(*)::int as sessions from "session" where sess->>'userId' = ?`,
      [memberId],
    );
    expect(sessions).toBe(0);

    // Nothing personal on the account.
    const [row] = await db().execute<Record<string, unknown>[]>(
      `select username, email, first_name, last_name, profile_image_url, password_hash, roles, deleted_at from users where id = ?`,
      [memberId],
    );
    expect(row).toMatchObject({
      email: null,
      first_name: null,
      last_name: null,
      profile_image_url: null,
      password_hash: '',
      roles: ['user'],
    });
    expect(row.username).toMatch(/^deleted-[0-9a-f]{8}$/);
    expect(row.deleted_at).not.toBeNull();
    expect((await signIn(row.username as string, 'any-password-at-all')).status).toBe(401);

    // Orders kept with their totals (booking orders were refunded by the cancellations).
    const ordersAfter = await db().execute<{ id: string; total_cents: string; status: string }[]>(
      'select id, total_cents, status from orders where user_id = ? and kind <> $$booking$$ order by id',
      [memberId],
    );
    expect(ordersAfter).toEqual(ordersBefore);
    // Upcoming bookings cancelled through the bookings module.
    const stillLive = await db().execute<{ status: string; cancel_reason: string }[]>(
      'select status, cancel_reason from bookings where id in (?)',
      [upcoming.map((b) => b.id)],
    );
    for (const b of stillLive)
      expect(b).toEqual({ status: 'canceled', cancel_reason: 'The client deleted their DRX account.' });

    // Messages kept for the other side, from "Deleted user".
    const messagesAfter = await db().execute<{ id: string; body: string; conversation_id: string }[]>(
      'select id, body, conversation_id from messages where sender_id = ? order by id',
      [memberId],
    );
    expect(messagesAfter).toEqual(messagesBefore);
    const convo = await t.gql(
      instructor,
      `query($id: ID!) { conversation(id: $id) { messages(last: 100) { edges { node { body sender { id displayName username } } } } } }`,
      { id: messagesBefore[0].conversation_id },
    );
    const fromMember = convo.data.conversation.messages.edges
      .map((e: { node: { sender: { id: string; displayName: string } } }) => e.node.sender)
      .filter((s: { id: string }) => s.id === memberId);
    expect(fromMember.length).toBeGreaterThan(0);
    for (const s of fromMember) expect(s.displayName).toBe('Deleted user');
    const profile = await t.gql(
      t.agent(),
      `query($id: ID!) { user(id: $id) { displayName firstName deletedAt } }`,
      {
        id: memberId,
      },
    );
    expect(profile.data.user).toMatchObject({ displayName: 'Deleted user', firstName: null });
    expect(profile.data.user.deletedAt).not.toBeNull();

    // A last mail to the address it had; an audit event with no address or browser.
    const mails = await db().execute<{ subject: string }[]>(
      `select subject from mail_outbox where "to" = 'member@demo.drx.dance' order by created_at desc limit 1`,
    );
    expect(mails[0]?.subject).toBe('Your DRX account was deleted');
    const events = await db().execute<
      { kind: string; ip: string | null; user_agent: string | null; detail: string | null }[]
    >(
      `select kind, ip, user_agent, detail from security_events where user_id = ? and kind = 'account_deleted'`,
      [memberId],
    );
    expect(events).toEqual([{ kind: 'account_deleted', ip: null, user_agent: null, detail: null }]);
    const certificates = await db().execute<{ holder_name: string }[]>(
      'select holder_name from certificates where user_id = ?',
      [memberId],
    );
    for (const c of certificates) expect(c.holder_name).toBe('Deleted user');
  });

  it('keeps the names of deleted accounts from being registered first', async () => {
    const res = await t
      .agent()
      .post('/api/register')
      .set(json)
      .send({ username: 'Deleted-1a2b3c4d', password: 'some-password-2026' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Usernames beginning with "deleted-" are reserved');
  });

  it('takes an instructor off the public pages', async () => {
    const lenaId = await idOf('lena');
    const lena = await signedIn('lena');
    const { data } = await t.gql(lena, DELETE, { input: { password: DEMO_PASSWORD } });
    expect(data.accountDelete.userErrors).toEqual([]);
    const page = await t.gql(t.agent(), `query($id: ID!) { instructor(id: $id) { id } }`, { id: lenaId });
    expect(page.data.instructor).toBeNull();
    const list = await t.gql(t.agent(), `{ instructors(first: 100) { edges { node { id } } } }`);
    const ids = (list.data.instructors?.edges ?? []).map((e: { node: { id: string } }) => e.node.id);
    expect(ids).not.toContain(lenaId);
  });
});
