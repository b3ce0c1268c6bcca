import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { addToCart, CONFIRM, resourceOf, START, newKey, type Agent } from '../orders/orders-fixtures.test';
import { notifyInApp } from './in-app-notifications';
import { notify } from './notify';
import { createUnsubscribeToken } from './unsubscribe-token';

// Email preferences, notify(), the one-click unsubscribe and the mails routed through notify, on a
// real PostgreSQL database with the real mail layer (outbox: no SMTP_URL).

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const ERR = 'userErrors { code field message }';
const PREFS = `query { notificationPreferences { kind label description enabled } }`;
const UPDATE = `mutation($input: NotificationPreferencesUpdateInput!) { notificationPreferencesUpdate(input: $input) {
  preferences { kind enabled } ${ERR} } }`;
const UNSUBSCRIBE = `mutation($input: NotificationUnsubscribeInput!) { notificationUnsubscribe(input: $input) { kind ${ERR} } }`;
const ISSUE = `mutation($input: CertificateIssueInput!) { certificateIssue(input: $input) {
  certificate { id number } alreadyIssued ${ERR} } }`;
const APPROVE = `mutation($input: ResourceModerateInput!) { resourceApprove(input: $input) { resource { id status } ${ERR} } }`;
const REJECT = `mutation($input: ResourceRejectInput!) { resourceReject(input: $input) { resource { id status } ${ERR} } }`;
const SUBSCRIBE = `mutation($input: SubscriptionCheckoutInput!) { subscriptionCheckout(input: $input) {
  subscription { id state } ${ERR} } }`;

let t: TestApp;
let admin: Agent;
let counter = 0;

const db = () => t.orm.em.fork().getConnection();

beforeAll(async () => {
  t = await startTestApp();
  admin = t.agent();
  const res = await admin.post('/api/login').set(json).send({ username: 'admin', password: PASSWORD });
  expect(res.status).toBe(200);
});
afterAll(() => t?.close());

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

/** A new member's browser, signed in, with its own address. */
async function newUser(): Promise<{ agent: Agent; id: string; email: string }> {
  const agent = t.agent();
  const username = `n${++counter}${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const res = await agent
    .post('/api/register')
    .set(json)
    .send({ username, password: 'notification-test-pw', firstName: 'Nia', email });
  expect(res.status).toBe(201);
  const [row] = await db().execute<{ id: string }[]>('select id from users where username = ?', [username]);
  return { agent, id: row.id, email };
}

interface OutboxRow {
  id: string;
  subject: string;
  text: string;
  html: string | null;
  raw: string;
}

/** The notification mails to `email` (not the link to confirm the address every new account gets). */
async function mailsTo(email: string): Promise<OutboxRow[]> {
  return db().execute<OutboxRow[]>(
    `select id, subject, text, html, raw from mail_outbox
     where "to" = ? and subject <> 'Confirm your email address for DRX' order by created_at, id`,
    [email],
  );
}

/** The header's value in a raw RFC 822 message (folded lines joined). */
function header(raw: string, name: string): string | null {
  const head = raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The one-click address of a mail's List-Unsubscribe header, as a path on this server. */
function oneClickPath(raw: string): string {
  const value = header(raw, 'List-Unsubscribe');
  const url = /^<([^>]+)>$/.exec(value ?? '')?.[1];
  expect(url, `List-Unsubscribe of:\n${raw.slice(0, 800)}`).toBeTruthy();
  const parsed = new URL(url!);
  expect(parsed.origin).toBe(new URL(t.config.publicUrl).origin);
  return parsed.pathname + parsed.search;
}

/** The token of the footer's unsubscribe page link in a mail's text. */
function pageToken(text: string): string {
  const match = /\/notifications\/unsubscribe\?token=([^\s]+)/.exec(text);
  expect(match, text).toBeTruthy();
  return decodeURIComponent(match![1]);
}

async function buyResource(buyer: {
  agent: Agent;
  id: string;
}): Promise<{ orderId: string; number: string }> {
  const resource = await resourceOf(t, null, buyer.id);
  await addToCart(t, buyer.agent, 'resource', resource.id);
  const started = await ok(buyer.agent, START, { input: { idempotencyKey: newKey() } });
  expect(started.checkoutStart.userErrors).toEqual([]);
  const order = started.checkoutStart.order;
  const confirmed = await ok(buyer.agent, CONFIRM, { input: { orderId: order.id } });
  expect(confirmed.checkoutConfirm.userErrors).toEqual([]);
  expect(confirmed.checkoutConfirm.order.status).toBe('paid');
  return { orderId: order.id, number: order.number };
}

async function anyCourseId(): Promise<string> {
  const [row] = await db().execute<{ id: string }[]>(
    `select id from courses where published order by title limit 1`,
  );
  return row.id;
}

async function setPreference(agent: Agent, kind: string, enabled: boolean) {
  const data = await ok(agent, UPDATE, { input: { preferences: [{ kind, enabled }] } });
  expect(data.notificationPreferencesUpdate.userErrors).toEqual([]);
  return data.notificationPreferencesUpdate.preferences as { kind: string; enabled: boolean }[];
}

describe('preferences', () => {
  it('lists every kind switched on by default, and only for signed-in users', async () => {
    const user = await newUser();
    const data = await ok(user.agent, PREFS);
    expect(data.notificationPreferences.map((p: { kind: string }) => p.kind)).toEqual([
      'MESSAGES',
      'BOOKINGS',
      'ORDERS',
      'CERTIFICATES',
      'RESOURCES',
      'MEMBERSHIPS',
      'ASSIGNMENTS',
    ]);
    for (const p of data.notificationPreferences) {
      expect(p.enabled).toBe(true);
      expect(p.label).not.toBe('');
      expect(p.description).not.toBe('');
    }
    const guest = await t.gql(t.agent(), PREFS);
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const guestUpdate = await t.gql(t.agent(), UPDATE, {
      input: { preferences: [{ kind: 'ORDERS', enabled: false }] },
    });
    expect(guestUpdate.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('switches every kind off and on again (the table accepts each kind the settings list)', async () => {
    const user = await newUser();
    const kinds = (await ok(user.agent, PREFS)).notificationPreferences.map((p: { kind: string }) => p.kind);
    const off = await ok(user.agent, UPDATE, {
      input: { preferences: kinds.map((kind: string) => ({ kind, enabled: false })) },
    });
    expect(off.notificationPreferencesUpdate.userErrors).toEqual([]);
    expect(off.notificationPreferencesUpdate.preferences.every((p: { enabled: boolean }) => !p.enabled)).toBe(
      true,
    );
    const on = await ok(user.agent, UPDATE, {
      input: { preferences: kinds.map((kind: string) => ({ kind, enabled: true })) },
    });
    expect(on.notificationPreferencesUpdate.preferences.every((p: { enabled: boolean }) => p.enabled)).toBe(
      true,
    );
  });

  it('switches only the given kinds, per user, and refuses an empty or repeated list', async () => {
    const user = await newUser();
    const other = await newUser();
    const after = await setPreference(user.agent, 'ORDERS', false);
    expect(after.filter((p) => !p.enabled).map((p) => p.kind)).toEqual(['ORDERS']);
    // Switching again is an upsert, not a second row.
    await setPreference(user.agent, 'ORDERS', false);
    const [{ n }] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from notification_preferences where user_id = ?',
      [user.id],
    );
    expect(n).toBe(1);
    const mine = await ok(user.agent, PREFS);
    expect(mine.notificationPreferences.find((p: { kind: string }) => p.kind === 'ORDERS').enabled).toBe(
      false,
    );
    const theirs = await ok(other.agent, PREFS);
    expect(theirs.notificationPreferences.every((p: { enabled: boolean }) => p.enabled)).toBe(true);

    const empty = await ok(user.agent, UPDATE, { input: { preferences: [] } });
    expect(empty.notificationPreferencesUpdate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'preferences',
    });
    const twice = await ok(user.agent, UPDATE, {
      input: {
        preferences: [
          { kind: 'BOOKINGS', enabled: false },
          { kind: 'BOOKINGS', enabled: true },
        ],
      },
    });
    expect(twice.notificationPreferencesUpdate.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT' });
    expect(twice.notificationPreferencesUpdate.preferences).toEqual([]);
    const unchanged = await ok(user.agent, PREFS);
    expect(
      unchanged.notificationPreferences.find((p: { kind: string }) => p.kind === 'BOOKINGS').enabled,
    ).toBe(true);
    // Switched back on.
    const on = await setPreference(user.agent, 'ORDERS', true);
    expect(on.every((p) => p.enabled)).toBe(true);
  });
});

describe('notify', () => {
  it('mails in the caller’s transaction with the unsubscribe footer and RFC 8058 headers', async () => {
    const user = await newUser();
    const sent = await t.orm.em.fork().transactional((em) =>
      notify(em, {
        userId: user.id,
        kind: 'messages',
        subject: 'Hello',
        text: 'Body line.',
        html: '<html><body><p>Body</p></body></html>',
      }),
    );
    expect(sent?.id).toBeTruthy();
    const [mail] = await mailsTo(user.email);
    expect(mail.id).toBe(sent!.id);
    expect(mail.text.startsWith('Body line.')).toBe(true);
    expect(mail.text).toContain('/notifications/unsubscribe?token=');
    expect(mail.text).toContain(`${t.config.publicUrl}/profile/edit`);
    // The HTML footer goes inside the document's body.
    expect(mail.html).toMatch(
      /^<html><body><p>Body<\/p><hr>.*notifications\/unsubscribe\?token=.*<\/p><\/body><\/html>$/,
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(oneClickPath(mail.raw)).toMatch(/^\/api\/notifications\/unsubscribe\?token=/);

    // A rolled-back transaction mails nothing.
    await expect(
      t.orm.em.fork().transactional(async (em) => {
        await notify(em, { userId: user.id, kind: 'messages', subject: 'Rolled back', text: 'x' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual(['Hello']);
  });

  it('sends nothing for a kind switched off (other kinds still go) or to a user without an address', async () => {
    const user = await newUser();
    await setPreference(user.agent, 'MESSAGES', false);
    const em = t.orm.em.fork();
    expect(await notify(em, { userId: user.id, kind: 'messages', subject: 'Off', text: 'x' })).toBeNull();
    expect(await notify(em, { userId: user.id, kind: 'bookings', subject: 'On', text: 'x' })).not.toBeNull();
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual(['On']);

    const bare = await newUser();
    await db().execute('update users set email = null where id = ?', [bare.id]);
    expect(await notify(em, { userId: bare.id, kind: 'bookings', subject: 'Nobody', text: 'x' })).toBeNull();
    expect(await mailsTo(bare.email)).toEqual([]);
  });
});

describe('unsubscribe', () => {
  it('one-click POST of the List-Unsubscribe address works without a session, from another site', async () => {
    const user = await newUser();
    await t.orm.em
      .fork()
      .transactional((em) =>
        notify(em, { userId: user.id, kind: 'bookings', subject: 'A booking', text: 'x' }),
      );
    const [mail] = await mailsTo(user.email);
    const res = await t
      .agent()
      .post(oneClickPath(mail.raw))
      .set('origin', 'https://mail.example.net')
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'bookings' });
    const prefs = await ok(user.agent, PREFS);
    const off = prefs.notificationPreferences.filter((p: { enabled: boolean }) => !p.enabled);
    expect(off.map((p: { kind: string }) => p.kind)).toEqual(['BOOKINGS']);
    // Booking mails stop; a second click is harmless.
    expect(
      await t.orm.em
        .fork()
        .transactional((em) =>
          notify(em, { userId: user.id, kind: 'bookings', subject: 'Later', text: 'x' }),
        ),
    ).toBeNull();
    const again = await t.agent().post(oneClickPath(mail.raw)).send('List-Unsubscribe=One-Click');
    expect(again.status).toBe(200);
  });

  it('the footer link’s token works with the public mutation; GET redirects to the web page', async () => {
    const user = await newUser();
    await t.orm.em
      .fork()
      .transactional((em) => notify(em, { userId: user.id, kind: 'certificates', subject: 'C', text: 'x' }));
    const [mail] = await mailsTo(user.email);
    const token = pageToken(mail.text);
    const page = await t.agent().get(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    const prefsBefore = await ok(user.agent, PREFS);
    expect(prefsBefore.notificationPreferences.every((p: { enabled: boolean }) => p.enabled)).toBe(true);

    const data = await ok(t.agent(), UNSUBSCRIBE, { input: { token } });
    expect(data.notificationUnsubscribe).toEqual({ kind: 'CERTIFICATES', userErrors: [] });
    const prefs = await ok(user.agent, PREFS);
    expect(
      prefs.notificationPreferences.find((p: { kind: string }) => p.kind === 'CERTIFICATES').enabled,
    ).toBe(false);
  });

  it('refuses forged, altered and malformed tokens', async () => {
    const user = await newUser();
    const victim = await newUser();
    const genuine = createUnsubscribeToken(user.id, 'orders', t.config.sessionSecret);
    const [payload, signature] = genuine.split('.');
    const swapped = Buffer.from(`${victim.id}:orders`).toString('base64url');
    const otherKind = Buffer.from(`${user.id}:memberships`).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.slice(-2) === 'AA' ? 'AB' : 'AA');
    const bad = [
      `${swapped}.${signature}`, // another user with the first one's signature
      `${otherKind}.${signature}`, // another kind
      `${payload}.${flipped}`, // an altered signature
      createUnsubscribeToken(user.id, 'orders', 'not-the-secret'), // signed with another key
      payload, // no signature
      'garbage',
      '',
    ];
    for (const token of bad) {
      const data = await ok(t.agent(), UNSUBSCRIBE, { input: { token } });
      expect(data.notificationUnsubscribe.kind).toBeNull();
      expect(data.notificationUnsubscribe.userErrors[0]).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'token',
      });
      const res = await t.agent().post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/not valid/);
    }
    const [{ n }] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from notification_preferences where user_id in (?, ?)',
      [user.id, victim.id],
    );
    expect(n).toBe(0);
    // The genuine one still works.
    const res = await t.agent().post(`/api/notifications/unsubscribe?token=${encodeURIComponent(genuine)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'orders' });
  });
});

describe('mails of events', () => {
  it('mails the order receipt when an order is paid, with links; none once orders are switched off', async () => {
    const buyer = await newUser();
    const first = await buyResource(buyer);
    const receipts = (await mailsTo(buyer.email)).filter((m) => m.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe(`Your DRX receipt for order ${first.number}`);
    expect(receipts[0].text).toContain(`${t.config.publicUrl}/api/orders/${first.orderId}/receipt`);
    expect(receipts[0].text).toContain(`${t.config.publicUrl}/my-purchases`);
    expect(receipts[0].text).toMatch(/Total paid: \$\d/);
    expect(header(receipts[0].raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    await setPreference(buyer.agent, 'ORDERS', false);
    const second = await buyResource(buyer);
    const subjects = (await mailsTo(buyer.email)).map((m) => m.subject);
    expect(subjects).not.toContain(`Your DRX receipt for order ${second.number}`);
  });

  it('mails the student when a certificate is issued, once', async () => {
    const student = await newUser();
    const courseId = await anyCourseId();
    const issued = await ok(admin, ISSUE, { input: { courseId, userId: student.id } });
    expect(issued.certificateIssue.userErrors).toEqual([]);
    const certificate = issued.certificateIssue.certificate;
    const again = await ok(admin, ISSUE, { input: { courseId, userId: student.id } });
    expect(again.certificateIssue.alreadyIssued).toBe(true);
    const mails = (await mailsTo(student.email)).filter((m) => m.subject.startsWith('Your certificate for'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`${t.config.publicUrl}/certificates/${certificate.id}`);
    expect(mails[0].text).toContain(certificate.number);
  });

  it('mails the seller when their resource is rejected (with the reason) and approved; not twice', async () => {
    const [resource] = await db().execute<{ id: string; title: string; email: string; seller_id: string }[]>(
      `select r.id, r.title, u.email, r.seller_id from resources r join users u on u.id = r.seller_id
        where r.status = 'published' and u.username = 'seller' order by r.title limit 1`,
    );
    const before = (await mailsTo(resource.email)).length;
    const rejected = await ok(admin, REJECT, {
      input: { resourceId: resource.id, reason: 'The audio file is silent after minute two.' },
    });
    expect(rejected.resourceReject.userErrors).toEqual([]);
    const approved = await ok(admin, APPROVE, { input: { resourceId: resource.id } });
    expect(approved.resourceApprove.resource.status).toBe('published');
    // Approving a published resource again is no news.
    await ok(admin, APPROVE, { input: { resourceId: resource.id } });
    const mails = (await mailsTo(resource.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your resource "${resource.title}" was not approved`,
      `Your resource "${resource.title}" is approved`,
    ]);
    expect(mails[0].text).toContain('The audio file is silent after minute two.');
    expect(mails[1].text).toContain(`${t.config.publicUrl}/curriculum/${resource.id}`);
  });

  it('routes membership mails through the preferences', async () => {
    const on = await newUser();
    const off = await newUser();
    await setPreference(off.agent, 'MEMBERSHIPS', false);
    const [plan] = await db().execute<{ id: string; name: string }[]>(
      `select id, name from subscription_plans where active order by position limit 1`,
    );
    for (const user of [on, off]) {
      const data = await ok(user.agent, SUBSCRIBE, { input: { planId: plan.id, interval: 'month' } });
      expect(data.subscriptionCheckout.userErrors).toEqual([]);
    }
    const welcome = `Welcome to DRX ${plan.name}`;
    const onMails = await mailsTo(on.email);
    expect(onMails.map((m) => m.subject)).toContain(welcome);
    expect(oneClickPath(onMails.find((m) => m.subject === welcome)!.raw)).toContain('token=');
    expect((await mailsTo(off.email)).map((m) => m.subject)).not.toContain(welcome);
  });
});

describe('in-app notifications (the header bell)', () => {
  const COUNT = `query { unreadNotificationCount }`;
  const LIST = `query($limit: Int) { myNotifications(limit: $limit) { id title readAt } }`;
  const MARK = `mutation($ids: [ID!]) { markNotificationsRead(ids: $ids) { marked unreadCount ${ERR} } }`;

  /** Adds `n` unread notifications for the user, oldest first. */
  async function inApp(userId: string, ...titles: string[]): Promise<void> {
    for (const title of titles) {
      await notifyInApp(t.orm.em.fork(), { userId, title, body: `About ${title}`, link: '/my-courses' });
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times: a stable order
    }
  }

  it('counts my unread notifications only, and only for signed-in users', async () => {
    const user = await newUser();
    const other = await newUser();
    expect((await ok(user.agent, COUNT)).unreadNotificationCount).toBe(0);
    await inApp(user.id, 'One', 'Two', 'Three');
    await inApp(other.id, 'Theirs');
    expect((await ok(user.agent, COUNT)).unreadNotificationCount).toBe(3);
    expect((await ok(other.agent, COUNT)).unreadNotificationCount).toBe(1);
    const guest = await t.gql(t.agent(), COUNT);
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('marks the named notifications read (only mine, once), or all of them without ids', async () => {
    const user = await newUser();
    const other = await newUser();
    await inApp(user.id, 'One', 'Two', 'Three');
    await inApp(other.id, 'Theirs');
    const mine = (await ok(user.agent, LIST)).myNotifications as { id: string; title: string }[];
    expect(mine.map((n) => n.title)).toEqual(['Three', 'Two', 'One']);
    const [theirs] = (await ok(other.agent, LIST)).myNotifications as { id: string }[];
    const byTitle = (title: string) => mine.find((n) => n.title === title)!.id;

    // One of mine and one of theirs: only mine is marked.
    const first = await ok(user.agent, MARK, { ids: [byTitle('Two'), theirs.id] });
    expect(first.markNotificationsRead).toEqual({ marked: 1, unreadCount: 2, userErrors: [] });
    const again = await ok(user.agent, MARK, { ids: [byTitle('Two'), byTitle('Two')] });
    expect(again.markNotificationsRead).toEqual({ marked: 0, unreadCount: 2, userErrors: [] });
    const list = (await ok(user.agent, LIST)).myNotifications as { title: string; readAt: string | null }[];
    expect(list.map((n) => [n.title, n.readAt !== null])).toEqual([
      ['Three', false],
      ['Two', true],
      ['One', false],
    ]);
    expect((await ok(other.agent, COUNT)).unreadNotificationCount).toBe(1);

    // Refused: an empty list, a malformed id, too many ids; nothing changes.
    for (const ids of [[], ['not-an-id'], Array.from({ length: 101 }, () => theirs.id)]) {
      const refused = await ok(user.agent, MARK, { ids });
      expect(refused.markNotificationsRead.marked).toBe(0);
      expect(refused.markNotificationsRead.unreadCount).toBeNull();
      expect(refused.markNotificationsRead.userErrors[0]).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'ids',
      });
    }
    expect((await ok(user.agent, COUNT)).unreadNotificationCount).toBe(2);

    // Without ids (the old behaviour): all of mine, not theirs.
    const all = await ok(user.agent, `mutation { markNotificationsRead { marked unreadCount ${ERR} } }`);
    expect(all.markNotificationsRead).toEqual({ marked: 2, unreadCount: 0, userErrors: [] });
    expect((await ok(user.agent, COUNT)).unreadNotificationCount).toBe(0);
    expect((await ok(other.agent, COUNT)).unreadNotificationCount).toBe(1);
    const guest = await t.gql(t.agent(), MARK, { ids: [theirs.id] });
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
