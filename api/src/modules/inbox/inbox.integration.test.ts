import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { CONTACT_LIMIT_PER_HOUR } from './contact.service';
import { fileMessageReport } from './inbox-reports';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

let t: TestApp;
let admin: Agent;
let member: Agent;
let officer: Agent;
let adminId: string;

async function signIn(username: string): Promise<Agent> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return agent;
}

async function sql<T = Record<string, any>>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute(query, params);
}

beforeAll(async () => {
  t = await startTestApp();
  [admin, member, officer] = await Promise.all([signIn('admin'), signIn('member'), signIn('officer')]);
  [{ id: adminId }] = await sql<{ id: string }>(`select "id" from "users" where "username" = 'admin'`);
});
afterAll(() => t?.close());

let ipCounter = 0;
/** A client address of its own, so one test's contact messages do not count in another's limit. */
function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

const SEND = `mutation Send($input: ContactSendInput!) {
  contactSend(input: $input) { received userErrors { code field message } }
}`;

const ITEM_FIELDS = `id kind status subject body name email reason canReply createdAt updatedAt
  assignedTo { id username } user { id username }
  reportedMessage { id body sender { username } conversationId conversationSubject sentAt }
  entries { id kind body mailId author { username } createdAt }`;

const LIST = `query Inbox($status: InboxStatus, $kind: InboxItemKind, $search: String, $assignedToMe: Boolean, $first: Int, $after: String) {
  inboxItems(status: $status, kind: $kind, search: $search, assignedToMe: $assignedToMe, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } nodes { ${ITEM_FIELDS} }
  }
}`;
const ONE = `query One($id: ID!) { inboxItem(id: $id) { ${ITEM_FIELDS} } }`;
const COUNTS = `query { inboxCounts { new open answered archived } }`;
const UPDATE = `mutation Update($input: InboxItemUpdateInput!) {
  inboxItemUpdate(input: $input) { item { ${ITEM_FIELDS} } userErrors { code field message } }
}`;
const NOTE = `mutation Note($input: InboxNoteAddInput!) {
  inboxNoteAdd(input: $input) { item { ${ITEM_FIELDS} } userErrors { code field message } }
}`;
const REPLY = `mutation Reply($input: InboxReplyInput!) {
  inboxReply(input: $input) { item { ${ITEM_FIELDS} } userErrors { code field message } }
}`;

function contact(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Gia Guest',
    email: `gia.${randomUUID().slice(0, 8)}@example.com`,
    subject: 'Group lessons for our school',
    message: 'Hello!\nDo you offer group lessons for ten children?\n\nThanks',
    ...overrides,
  };
}

async function send(agent: Agent, input: Record<string, unknown>, ip = freshIp()) {
  const res = await agent
    .post('/graphql')
    .set(json)
    .set('x-forwarded-for', ip)
    .send({ query: SEND, variables: { input } });
  return res.body;
}

async function itemsBySubject(subject: string) {
  return sql(`select * from "inbox_items" where "subject" = ?`, [subject]);
}

describe('contact form → admin inbox → reply', () => {
  it('a guest sends a message, an admin sees it, notes it, replies by mail and it is answered', async () => {
    // given a guest's contact message
    const guest = t.agent();
    const input = contact({ subject: `Lessons ${randomUUID()}` });
    const sent = await send(guest, input);
    expect(sent.data.contactSend).toEqual({ received: true, userErrors: [] });

    // then the admin finds it in the inbox, new, with the sender's details
    const list = await t.gql(admin, LIST, { search: input.subject });
    expect(list.errors).toBeUndefined();
    expect(list.data.inboxItems.totalCount).toBe(1);
    const [item] = list.data.inboxItems.nodes;
    expect(item).toMatchObject({
      kind: 'CONTACT',
      status: 'NEW',
      subject: input.subject,
      body: input.message,
      name: 'Gia Guest',
      email: input.email,
      user: null,
      reason: null,
      reportedMessage: null,
      canReply: true,
      assignedTo: null,
      entries: [],
    });
    const newList = await t.gql(admin, LIST, { status: 'NEW', kind: 'CONTACT', first: 100 });
    expect(newList.data.inboxItems.nodes.map((n: { id: string }) => n.id)).toContain(item.id);

    // when the admin assigns it to themselves
    const assigned = await t.gql(admin, UPDATE, { input: { id: item.id, assignedToId: adminId } });
    expect(assigned.data.inboxItemUpdate.userErrors).toEqual([]);
    expect(assigned.data.inboxItemUpdate.item).toMatchObject({
      status: 'OPEN',
      assignedTo: { username: 'admin' },
    });
    const mine = await t.gql(admin, LIST, { assignedToMe: true, search: input.subject });
    expect(mine.data.inboxItems.totalCount).toBe(1);

    // and adds a note
    const noted = await t.gql(admin, NOTE, {
      input: { itemId: item.id, body: 'Ask Lena, she teaches kids.' },
    });
    expect(noted.data.inboxNoteAdd.userErrors).toEqual([]);
    expect(noted.data.inboxNoteAdd.item.entries).toMatchObject([
      { kind: 'NOTE', body: 'Ask Lena, she teaches kids.', mailId: null, author: { username: 'admin' } },
    ]);

    // and replies
    const replyText = `Yes, Lena teaches groups of up to 12 children. ${randomUUID()}`;
    const replied = await t.gql(admin, REPLY, { input: { itemId: item.id, body: `  ${replyText}\n` } });
    expect(replied.data.inboxReply.userErrors).toEqual([]);
    const after = replied.data.inboxReply.item;
    expect(after.status).toBe('ANSWERED');
    expect(after.entries.map((e: { kind: string }) => e.kind)).toEqual(['NOTE', 'REPLY']);
    const reply = after.entries[1];
    expect(reply).toMatchObject({ body: replyText, author: { username: 'admin' } });
    expect(reply.mailId).toEqual(expect.any(String));

    // then the reply is a mail to the sender's address, with the original quoted, in the outbox
    const [mail] = await sql(`select * from "mail_outbox" where "id" = ?`, [reply.mailId]);
    expect(mail.to).toBe(input.email);
    expect(mail.subject).toBe(`Re: ${input.subject}`);
    expect(mail.text).toContain(replyText);
    expect(mail.text).toContain('Hello Gia Guest,');
    expect(mail.text).toContain('> Do you offer group lessons for ten children?');
    expect(mail.text).toContain('\n>\n> Thanks');
    const outbox = await t.gql(
      admin,
      `query($s: String) { adminMailOutbox(search: $s) { nodes { id to } } }`,
      {
        s: input.email,
      },
    );
    expect(outbox.data.adminMailOutbox.nodes).toEqual([{ id: reply.mailId, to: input.email }]);

    // and it is counted as answered
    const one = await t.gql(admin, ONE, { id: item.id });
    expect(one.data.inboxItem.status).toBe('ANSWERED');
  });

  it('keeps the signed-in sender and lets the admin archive the item', async () => {
    const input = contact({ subject: `Signed in ${randomUUID()}` });
    expect((await send(member, input)).data.contactSend.received).toBe(true);
    const [row] = await itemsBySubject(input.subject);
    const one = await t.gql(admin, ONE, { id: row.id });
    expect(one.data.inboxItem.user).toMatchObject({ username: 'member' });

    const before = (await t.gql(admin, COUNTS)).data.inboxCounts;
    const archived = await t.gql(admin, UPDATE, { input: { id: row.id, status: 'ARCHIVED' } });
    expect(archived.data.inboxItemUpdate.item.status).toBe('ARCHIVED');
    const counts = (await t.gql(admin, COUNTS)).data.inboxCounts;
    expect(counts.archived).toBe(before.archived + 1);
    expect(counts.new).toBe(before.new - 1);

    // unassigning with null, and an assignee who is not an admin is refused
    const notAdmin = await sql<{ id: string }>(`select "id" from "users" where "username" = 'member'`);
    const refused = await t.gql(admin, UPDATE, { input: { id: row.id, assignedToId: notAdmin[0].id } });
    expect(refused.data.inboxItemUpdate).toMatchObject({
      item: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'assignedToId' }],
    });
    await t.gql(admin, UPDATE, { input: { id: row.id, assignedToId: adminId } });
    const unassigned = await t.gql(admin, UPDATE, { input: { id: row.id, assignedToId: null } });
    expect(unassigned.data.inboxItemUpdate.item).toMatchObject({ assignedTo: null, status: 'ARCHIVED' });
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const subject = `Bad ${randomUUID()}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ email: 'not-an-address' }, 'email'],
      [{ email: 'a@example.com,victim@example.org' }, 'email'],
      [{ message: '' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ subject: 's'.repeat(201) }, 'subject'],
    ];
    for (const [override, field] of cases) {
      const res = await send(t.agent(), contact({ subject, ...override }));
      expect(res.data.contactSend, field).toMatchObject({
        received: false,
        userErrors: [{ code: 'INVALID_INPUT', field }],
      });
    }
    expect(await itemsBySubject(subject)).toEqual([]);
  });

  it('a reply to a report or an unknown item is refused, and a blank reply sends nothing', async () => {
    const input = contact({ subject: `Blank ${randomUUID()}` });
    await send(t.agent(), input);
    const [row] = await itemsBySubject(input.subject);
    const blank = await t.gql(admin, REPLY, { input: { itemId: row.id, body: '   ' } });
    expect(blank.data.inboxReply.userErrors).toMatchObject([{ code: 'INVALID_INPUT', field: 'body' }]);
    const unknown = await t.gql(admin, REPLY, { input: { itemId: randomUUID(), body: 'Hi' } });
    expect(unknown.data.inboxReply.userErrors).toMatchObject([{ code: 'NOT_FOUND' }]);
    expect(await sql(`select * from "mail_outbox" where "to" = ?`, [input.email])).toEqual([]);
    expect(await sql(`select * from "inbox_entries" where "item_id" = ?`, [row.id])).toEqual([]);
  });
});

describe('honeypot', () => {
  it('answers received when the hidden field is filled, and keeps nothing', async () => {
    const input = contact({ subject: `Bot ${randomUUID()}`, website: 'https://spam.example' });
    const res = await send(t.agent(), input);
    expect(res.data.contactSend).toEqual({ received: true, userErrors: [] });
    expect(await itemsBySubject(input.subject)).toEqual([]);
    // also over REST, and even with otherwise bad input (the bot learns nothing)
    const rest = await t
      .agent()
      .post('/api/contact')
      .set(json)
      .set('x-forwarded-for', freshIp())
      .send({ ...input, email: 'nope', website: 'x' });
    expect(rest.status).toBe(201);
    expect(rest.body).toEqual({ received: true });
    expect(await itemsBySubject(input.subject)).toEqual([]);
  });
});

describe('rate limit (5 an hour per address and per email)', () => {
  it('refuses the sixth message from one address with RATE_LIMITED', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) {
      const res = await send(t.agent(), contact(), ip);
      expect(res.data.contactSend.received, `message ${i + 1}`).toBe(true);
    }
    const sixth = await send(t.agent(), contact({ subject: `Sixth ${randomUUID()}` }), ip);
    expect(sixth.data.contactSend).toMatchObject({ received: false, userErrors: [{ code: 'RATE_LIMITED' }] });
    // another address still gets through
    expect((await send(t.agent(), contact(), freshIp())).data.contactSend.received).toBe(true);
    // and messages older than an hour no longer count
    await sql(
      `update "inbox_items" set "created_at" = "created_at" - interval '61 minutes' where "ip" = ? and "kind" = 'contact'`,
      [ip],
    );
    expect((await send(t.agent(), contact(), ip)).data.contactSend.received).toBe(true);
  });

  it('counts one email address across addresses, case-insensitively', async () => {
    const email = `Repeat.${randomUUID().slice(0, 8)}@Example.com`;
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) {
      const res = await send(t.agent(), contact({ email: i % 2 ? email.toLowerCase() : email }));
      expect(res.data.contactSend.received).toBe(true);
    }
    const refused = await send(t.agent(), contact({ email: email.toUpperCase() }));
    expect(refused.data.contactSend.userErrors).toMatchObject([{ code: 'RATE_LIMITED' }]);
  });

  it('lets exactly 5 of a parallel burst from one address through', async () => {
    const ip = freshIp();
    const subject = `Burst ${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => send(t.agent(), contact({ subject }), ip)),
    );
    const received = results.filter((r) => r.data.contactSend.received).length;
    expect(received).toBe(CONTACT_LIMIT_PER_HOUR);
    expect(results.filter((r) => r.data.contactSend.userErrors[0]?.code === 'RATE_LIMITED')).toHaveLength(7);
    expect(await itemsBySubject(subject)).toHaveLength(CONTACT_LIMIT_PER_HOUR);
  });
});

describe('REST POST /api/contact', () => {
  it('answers 201 {received: true}, 400 with the message, 429 on the limit', async () => {
    const ip = freshIp();
    const input = contact({ subject: `REST ${randomUUID()}` });
    const ok = await t.agent().post('/api/contact').set(json).set('x-forwarded-for', ip).send(input);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ received: true });
    expect(await itemsBySubject(input.subject)).toHaveLength(1);

    const bad = await t
      .agent()
      .post('/api/contact')
      .set(json)
      .set('x-forwarded-for', ip)
      .send({ ...input, email: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Your email address is required.', field: 'email' });

    for (let i = 1; i < CONTACT_LIMIT_PER_HOUR; i++) {
      const res = await t.agent().post('/api/contact').set(json).set('x-forwarded-for', ip).send(contact());
      expect(res.status).toBe(201);
    }
    const limited = await t.agent().post('/api/contact').set(json).set('x-forwarded-for', ip).send(contact());
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/wait a while/);
  });
});

describe('who may read the inbox', () => {
  it('refuses guests (UNAUTHENTICATED), members and curriculum officers (FORBIDDEN)', async () => {
    const input = contact({ subject: `Private ${randomUUID()}` });
    await send(t.agent(), input);
    const [row] = await itemsBySubject(input.subject);
    const operations: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [ONE, { id: row.id }],
      [COUNTS, {}],
      [UPDATE, { input: { id: row.id, status: 'ARCHIVED' } }],
      [NOTE, { input: { itemId: row.id, body: 'x' } }],
      [REPLY, { input: { itemId: row.id, body: 'x' } }],
    ];
    for (const [agent, code] of [
      [t.agent(), 'UNAUTHENTICATED'],
      [member, 'FORBIDDEN'],
      [officer, 'FORBIDDEN'],
    ] as const) {
      for (const [query, variables] of operations) {
        const res = await t.gql(agent, query, variables);
        expect(res.errors?.[0]?.extensions?.code, `${code} ${query.slice(0, 30)}`).toBe(code);
        expect(res.data ? Object.values(res.data)[0] : null).toBeNull();
      }
    }
    // nothing changed and nothing was mailed
    const [after] = await itemsBySubject(input.subject);
    expect(after.status).toBe('new');
    expect(await sql(`select * from "inbox_entries" where "item_id" = ?`, [row.id])).toEqual([]);
    // an unknown id is null for the admin
    expect((await t.gql(admin, ONE, { id: randomUUID() })).data.inboxItem).toBeNull();
    expect((await t.gql(admin, ONE, { id: 'nope' })).data.inboxItem).toBeNull();
  });
});

describe('message reports', () => {
  async function conversationWithMessage(body: string) {
    const users = await sql<{ id: string; username: string }>(
      `select "id", "username" from "users" where "username" in ('member', 'instructor')`,
    );
    const memberId = users.find((u) => u.username === 'member')!.id;
    const instructorId = users.find((u) => u.username === 'instructor')!.id;
    const conversationId = randomUUID();
    const messageId = randomUUID();
    await sql(
      `insert into "conversations" ("id", "subject", "created_by", "last_message_at") values (?, ?, ?, now())`,
      [conversationId, 'Tango lesson', instructorId],
    );
    await sql(
      `insert into "conversation_participants" ("conversation_id", "user_id", "role") values (?, ?, 'instructor'), (?, ?, 'member')`,
      [conversationId, instructorId, conversationId, memberId],
    );
    await sql(`insert into "messages" ("id", "conversation_id", "sender_id", "body") values (?, ?, ?, ?)`, [
      messageId,
      conversationId,
      instructorId,
      body,
    ]);
    return { memberId, instructorId, conversationId, messageId };
  }

  it('a report lands in the inbox with the message, its sender and conversation; a second one returns the same item', async () => {
    const body = `Buy cheap followers at spam.example ${randomUUID()}`;
    const { memberId, conversationId, messageId } = await conversationWithMessage(body);
    const em = t.orm.em.fork();
    const first = await em.transactional((tx) =>
      fileMessageReport(tx, { messageId, reporterId: memberId, reason: '  Spam  ' }),
    );
    const again = await fileMessageReport(t.orm.em.fork(), {
      messageId,
      reporterId: memberId,
      reason: 'Still spam',
    });
    expect(again.id).toBe(first.id);
    // concurrent reports are one item too
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        fileMessageReport(t.orm.em.fork(), { messageId, reporterId: memberId, reason: 'x' }),
      ),
    );
    expect(new Set(burst.map((b) => b.id))).toEqual(new Set([first.id]));

    const res = await t.gql(admin, LIST, { kind: 'REPORT', search: body });
    expect(res.errors).toBeUndefined();
    expect(res.data.inboxItems.nodes).toHaveLength(1);
    expect(res.data.inboxItems.nodes[0]).toMatchObject({
      id: first.id,
      kind: 'REPORT',
      status: 'NEW',
      subject: 'Reported message: Tango lesson',
      body,
      reason: 'Spam',
      name: null,
      email: null,
      canReply: false,
      user: { username: 'member' },
      reportedMessage: {
        id: messageId,
        body,
        sender: { username: 'instructor' },
        conversationId,
        conversationSubject: 'Tango lesson',
      },
    });

    // a report cannot be answered by mail
    const reply = await t.gql(admin, REPLY, { input: { itemId: first.id, body: 'Thanks' } });
    expect(reply.data.inboxReply.userErrors).toMatchObject([{ code: 'INVALID_INPUT', field: 'itemId' }]);

    // once archived, a new report opens a new item; the text stays when the message is deleted
    await t.gql(admin, UPDATE, { input: { id: first.id, status: 'ARCHIVED' } });
    const second = await fileMessageReport(t.orm.em.fork(), {
      messageId,
      reporterId: memberId,
      reason: 'Again',
    });
    expect(second.id).not.toBe(first.id);
    await sql(`delete from "messages" where "id" = ?`, [messageId]);
    const kept = await t.gql(admin, ONE, { id: second.id });
    expect(kept.data.inboxItem).toMatchObject({ body, reason: 'Again', reportedMessage: null });
  });

  it('a member’s report through the graph (messageReport) is in the admin’s inbox', async () => {
    const body = `Rude words ${randomUUID()}`;
    const { messageId } = await conversationWithMessage(body);
    const reported = await t.gql(
      member,
      `mutation($input: MessageReportInput!) { messageReport(input: $input) { reported userErrors { code } } }`,
      { input: { messageId, reason: 'Insulting' } },
    );
    expect(reported.data.messageReport).toEqual({ reported: true, userErrors: [] });
    const res = await t.gql(admin, LIST, { kind: 'REPORT', status: 'NEW', search: body });
    expect(res.data.inboxItems.nodes).toMatchObject([
      {
        kind: 'REPORT',
        reason: 'Insulting',
        user: { username: 'member' },
        reportedMessage: { id: messageId, body },
      },
    ]);
  });

  it('refuses a blank reason and an unknown message', async () => {
    const { memberId, messageId } = await conversationWithMessage('Hello');
    await expect(
      fileMessageReport(t.orm.em.fork(), { messageId, reporterId: memberId, reason: ' ' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'reason' });
    await expect(
      fileMessageReport(t.orm.em.fork(), { messageId: randomUUID(), reporterId: memberId, reason: 'Spam' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await sql(`select * from "inbox_items" where "message_id" = ?`, [messageId])).toEqual([]);
  });
});

describe('inbox list paging', () => {
  it('pages newest first with cursors', async () => {
    const tag = `Page ${randomUUID()}`;
    for (let i = 0; i < 3; i++) await send(t.agent(), contact({ subject: `${tag} ${i}` }));
    const first = await t.gql(admin, LIST, { search: tag, first: 2 });
    expect(first.data.inboxItems.totalCount).toBe(3);
    expect(first.data.inboxItems.nodes.map((n: { subject: string }) => n.subject)).toEqual([
      `${tag} 2`,
      `${tag} 1`,
    ]);
    expect(first.data.inboxItems.pageInfo.hasNextPage).toBe(true);
    const next = await t.gql(admin, LIST, {
      search: tag,
      first: 2,
      after: first.data.inboxItems.pageInfo.endCursor,
    });
    expect(next.data.inboxItems.nodes.map((n: { subject: string }) => n.subject)).toEqual([`${tag} 0`]);
    expect(next.data.inboxItems.pageInfo.hasNextPage).toBe(false);
    const bad = await t.gql(admin, LIST, { after: 'nope' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
