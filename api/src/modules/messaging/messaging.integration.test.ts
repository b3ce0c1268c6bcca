import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  ALLOWED,
  type Agent,
  BLOCK,
  CONVERSATION_QUERY,
  json,
  kit,
  LIST,
  MARK_READ,
  REPORT,
  UNBLOCK,
  UNREAD,
} from './messaging-fixtures.test';
import { TOO_FAST, TOO_MANY_CONVERSATIONS } from './messaging-limits';

let t: TestApp;
const { db, ok, login, newUser, start, send } = kit(() => t);

let member: { agent: Agent; id: string };
let instructor: { agent: Agent; id: string };
let seller: { agent: Agent; id: string };
let admin: { agent: Agent; id: string };
let bookingId: string;

beforeAll(async () => {
  t = await startTestApp();
  member = await login('member');
  instructor = await login('instructor');
  seller = await login('seller');
  admin = await login('admin');
  const [booking] = await db().execute<{ id: string }[]>(
    `select id from bookings where client_id = ? and instructor_id = ? and status in ('confirmed', 'completed')
      order by starts_at limit 1`,
    [member.id, instructor.id],
  );
  bookingId = booking.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function publishedResourcesOf(sellerId: string): Promise<string[]> {
  const rows = await db().execute<{ id: string }[]>(
    `select id from resources where seller_id = ? and status = 'published' order by created_at, id`,
    [sellerId],
  );
  return rows.map((r) => r.id);
}

describe('a conversation between a member and their instructor', () => {
  it('is read by its participants only: a third member gets null in the graph and 404 over REST', async () => {
    const started = await start(member.agent, {
      recipientId: instructor.id,
      subject: 'About my lesson',
      body: 'Hello Ines,\nquestion about the lesson.',
      context: { kind: 'BOOKING', id: bookingId },
    });
    expect(started.userErrors).toEqual([]);
    const id = started.conversation.id;
    expect(started.conversation.context).toMatchObject({
      kind: 'BOOKING',
      id: bookingId,
      url: '/my-bookings',
    });
    expect(started.conversation.otherParticipants).toEqual([{ id: instructor.id }]);
    expect(started.message).toMatchObject({
      body: 'Hello Ines,\nquestion about the lesson.',
      mine: true,
      seenAt: null,
    });

    const seen = await ok(instructor.agent, CONVERSATION_QUERY, { id });
    expect(seen.conversation.context.url).toBe('/instructor/bookings');
    expect(seen.conversation.unreadCount).toBe(1);
    expect(seen.conversation.messages.nodes.map((m: any) => m.mine)).toEqual([false]);
    const participantRoles = Object.fromEntries(
      seen.conversation.participants.map((p: any) => [p.user.id, p.role]),
    );
    expect(participantRoles).toEqual({ [member.id]: 'member', [instructor.id]: 'instructor' });

    const third = await newUser();
    expect((await ok(third.agent, CONVERSATION_QUERY, { id })).conversation).toBeNull();
    const list = await ok(third.agent, LIST);
    expect(list.conversations.totalCount).toBe(0);
    expect((await third.agent.get(`/api/conversations/${id}/messages`)).status).toBe(404);
    const intrude = await third.agent
      .post(`/api/conversations/${id}/messages`)
      .set(json)
      .send({ body: 'hi' });
    expect(intrude.status).toBe(404);
    expect(intrude.body.message).toBe('This conversation was not found');
    const report = await ok(third.agent, REPORT, {
      input: { messageId: started.message.id, reason: 'spam' },
    });
    expect(report.messageReport.userErrors[0].code).toBe('NOT_FOUND');

    // A guest is refused outright.
    const guest = await t.gql(t.agent(), CONVERSATION_QUERY, { id });
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.agent().get('/api/conversations')).status).toBe(401);
  });

  it('appends to the conversation about the same context, and pages messages newest first', async () => {
    const first = await start(member.agent, {
      recipientId: instructor.id,
      body: 'One more thing',
      context: { kind: 'BOOKING', id: bookingId },
    });
    const again = await start(member.agent, {
      recipientId: instructor.id,
      body: 'And another',
      context: { kind: 'BOOKING', id: bookingId },
    });
    expect(again.conversation.id).toBe(first.conversation.id);
    for (let i = 0; i < 3; i++) await send(instructor.agent, first.conversation.id, `Answer ${i}`);

    const page = await ok(
      member.agent,
      `query($id: ID!) { conversation(id: $id) {
      messages(last: 2) { totalCount pageInfo { hasPreviousPage hasNextPage startCursor } nodes { body } } } }`,
      {
        id: first.conversation.id,
      },
    );
    const messages = page.conversation.messages;
    expect(messages.nodes.map((m: any) => m.body)).toEqual(['Answer 1', 'Answer 2']);
    expect(messages.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const older = await ok(
      member.agent,
      `query($id: ID!, $before: String) { conversation(id: $id) {
      messages(last: 2, before: $before) { pageInfo { hasPreviousPage hasNextPage } nodes { body } } } }`,
      {
        id: first.conversation.id,
        before: messages.pageInfo.startCursor,
      },
    );
    expect(older.conversation.messages.nodes.map((m: any) => m.body)).toEqual(['And another', 'Answer 0']);
    expect(older.conversation.messages.pageInfo.hasNextPage).toBe(true);

    // REST: the same conversation and its messages.
    const rest = await member.agent.get(`/api/conversations/${first.conversation.id}/messages?last=2`);
    expect(rest.status).toBe(200);
    expect(rest.body.items.map((m: any) => m.body)).toEqual(['Answer 1', 'Answer 2']);
    expect(rest.body.conversation.id).toBe(first.conversation.id);
    const listed = await member.agent.get('/api/conversations?search=Ines');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((c: any) => c.id)).toContain(first.conversation.id);
  });
});

describe('times to the microsecond', () => {
  const PAGE = `query($id: ID!, $before: String) { conversation(id: $id) {
    messages(last: 1, before: $before) { pageInfo { hasPreviousPage startCursor } nodes { body } } } }`;

  it('pages messages and conversations microseconds apart without skipping or repeating one', async () => {
    const client = await newUser('Mira');
    const started = await start(admin.agent, { recipientId: client.id, body: 'm0' });
    const id = started.conversation.id;
    // The sender's read mark is the message's own time, not rounded to the millisecond.
    const [mark] = await db().execute<{ same: boolean }[]>(
      `select p.last_read_at = m.created_at as same from conversation_participants p
         join messages m on m.id = ? where p.conversation_id = ? and p.user_id = ?`,
      [started.message.id, id, admin.id],
    );
    expect(mark.same).toBe(true);
    // Four messages within one millisecond, a microsecond apart.
    await db().execute(`update messages set created_at = '2030-01-01T00:00:00.123401Z' where id = ?`, [
      started.message.id,
    ]);
    for (const [i, micros] of [2, 3, 4].entries()) {
      await db().execute(
        `insert into messages (id, conversation_id, sender_id, body, created_at)
         values (gen_random_uuid(), ?, ?, ?, ?::timestamptz)`,
        [id, admin.id, `m${i + 1}`, `2030-01-01T00:00:00.12340${micros}Z`],
      );
    }
    const seen: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: any = await ok(client.agent, PAGE, { id, before });
      const messages: any = page.conversation.messages;
      seen.unshift(...messages.nodes.map((m: { body: string }) => m.body));
      if (!messages.pageInfo.hasPreviousPage) break;
      before = messages.pageInfo.startCursor;
    }
    expect(seen).toEqual(['m0', 'm1', 'm2', 'm3']);

    // The conversations list: two conversations whose last activity is a microsecond apart.
    const other = await start(client.agent, {
      recipientId: instructor.id,
      body: 'Hello',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
    });
    expect(other.userErrors).toEqual([]);
    await db().execute(`update conversations set last_message_at = ?::timestamptz where id = ?`, [
      '2030-01-01T00:00:00.500001Z',
      id,
    ]);
    await db().execute(`update conversations set last_message_at = ?::timestamptz where id = ?`, [
      '2030-01-01T00:00:00.500002Z',
      other.conversation.id,
    ]);
    const firstPage = await ok(client.agent, LIST, { first: 1 });
    expect(firstPage.conversations.nodes.map((c: any) => c.id)).toEqual([other.conversation.id]);
    const secondPage = await ok(client.agent, LIST, {
      first: 1,
      after: firstPage.conversations.pageInfo.endCursor,
    });
    expect(secondPage.conversations.nodes.map((c: any) => c.id)).toEqual([id]);
    expect(secondPage.conversations.pageInfo.hasNextPage).toBe(false);
  });
});

describe('who may message whom', () => {
  it('instructors: inquiries when they accept them, always from their clients', async () => {
    const stranger = await newUser();
    const allowed = await ok(stranger.agent, ALLOWED, {
      recipientId: instructor.id,
      context: { kind: 'INSTRUCTOR', id: instructor.id },
    });
    expect(allowed.messagingAllowed).toEqual({ allowed: true, reason: null });

    const off = await ok(
      instructor.agent,
      `mutation { instructorProfileUpdate(input: { acceptsInquiries: false }) {
      profile { acceptsInquiries } userErrors { code } } }`,
    );
    expect(off.instructorProfileUpdate.profile.acceptsInquiries).toBe(false);
    try {
      const refused = await ok(stranger.agent, ALLOWED, {
        recipientId: instructor.id,
        context: { kind: 'INSTRUCTOR', id: instructor.id },
      });
      expect(refused.messagingAllowed.allowed).toBe(false);
      const tried = await start(stranger.agent, {
        recipientId: instructor.id,
        body: 'Hi',
        context: { kind: 'INSTRUCTOR', id: instructor.id },
      });
      expect(tried.userErrors[0]).toMatchObject({ code: 'FORBIDDEN', field: 'recipientId' });
      // Their own client still may (a booking between them).
      const client = await start(member.agent, {
        recipientId: instructor.id,
        body: 'Hi, it is me again',
        context: { kind: 'INSTRUCTOR', id: instructor.id },
      });
      expect(client.userErrors).toEqual([]);
      // The instructor may write to their client about the booking, never to a stranger.
      const toClient = await start(instructor.agent, {
        recipientId: member.id,
        body: 'See you Tuesday',
        context: { kind: 'BOOKING', id: bookingId },
      });
      expect(toClient.userErrors).toEqual([]);
      const toStranger = await start(instructor.agent, { recipientId: stranger.id, body: 'Hello there' });
      expect(toStranger.userErrors[0].code).toBe('FORBIDDEN');
      const wrongBooking = await start(stranger.agent, {
        recipientId: instructor.id,
        body: 'Hi',
        context: { kind: 'BOOKING', id: bookingId },
      });
      expect(wrongBooking.userErrors[0].code).toBe('FORBIDDEN');
    } finally {
      await ok(
        instructor.agent,
        `mutation { instructorProfileUpdate(input: { acceptsInquiries: true }) { userErrors { code } } }`,
      );
    }
  });

  it('sellers: about their published resources or by a buyer; members not to each other; staff to anyone', async () => {
    const buyer = await newUser();
    const [resourceId] = await publishedResourcesOf(seller.id);
    const about = await start(buyer.agent, {
      recipientId: seller.id,
      body: 'Does this include the music?',
      context: { kind: 'RESOURCE', id: resourceId },
    });
    expect(about.userErrors).toEqual([]);
    expect(about.conversation.context).toMatchObject({ kind: 'RESOURCE', url: `/curriculum/${resourceId}` });
    const roles = Object.fromEntries(about.conversation.participants.map((p: any) => [p.user.id, p.role]));
    expect(roles).toEqual({ [buyer.id]: 'buyer', [seller.id]: 'seller' });

    const plain = await start(buyer.agent, { recipientId: seller.id, body: 'Hello' });
    expect(plain.userErrors[0]).toMatchObject({ code: 'FORBIDDEN' });
    // A resource that is not the recipient's.
    const [otherResource] = await db().execute<{ id: string }[]>(
      `select id from resources where seller_id <> ? and status = 'published' limit 1`,
      [seller.id],
    );
    const wrongSeller = await start(buyer.agent, {
      recipientId: seller.id,
      body: 'Hello',
      context: { kind: 'RESOURCE', id: otherResource.id },
    });
    expect(wrongSeller.userErrors[0].code).toBe('FORBIDDEN');
    // The seller may not write first to someone who bought nothing.
    const sellerFirst = await start(seller.agent, {
      recipientId: buyer.id,
      body: 'Buy my stuff',
      context: { kind: 'RESOURCE', id: resourceId },
    });
    expect(sellerFirst.userErrors[0].code).toBe('FORBIDDEN');
    // ...but may reply in the conversation the buyer started.
    expect((await send(seller.agent, about.conversation.id, 'Yes, it does!')).userErrors).toEqual([]);

    const other = await newUser();
    const peer = await start(buyer.agent, { recipientId: other.id, body: 'Hi stranger' });
    expect(peer.userErrors[0]).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot start a conversation with this person',
    });
    const self = await start(buyer.agent, { recipientId: buyer.id, body: 'Me' });
    expect(self.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'recipientId' });
    const nobody = await start(buyer.agent, {
      recipientId: '00000000-0000-4000-8000-000000000000',
      body: 'Hi',
    });
    expect(nobody.userErrors[0].code).toBe('NOT_FOUND');
    const empty = await start(buyer.agent, {
      recipientId: seller.id,
      body: '   ',
      context: { kind: 'RESOURCE', id: resourceId },
    });
    expect(empty.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'body' });
    const long = await start(buyer.agent, {
      recipientId: seller.id,
      body: 'x'.repeat(5001),
      context: { kind: 'RESOURCE', id: resourceId },
    });
    expect(long.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'body' });

    const staff = await start(admin.agent, {
      recipientId: other.id,
      subject: 'Welcome',
      body: 'Welcome to DRX!',
    });
    expect(staff.userErrors).toEqual([]);
    expect(staff.conversation.participants.find((p: any) => p.user.id === admin.id).role).toBe('staff');
    // The member may answer staff.
    expect((await send(other.agent, staff.conversation.id, 'Thanks!')).userErrors).toEqual([]);
  });
});

describe('blocking', () => {
  it('stops both sides from sending and starting, until lifted', async () => {
    const buyer = await newUser();
    const [resourceId] = await publishedResourcesOf(seller.id);
    const context = { kind: 'RESOURCE', id: resourceId };
    const started = await start(buyer.agent, { recipientId: seller.id, body: 'Question', context });
    const id = started.conversation.id;

    const blocked = await ok(seller.agent, BLOCK, { input: { userId: buyer.id } });
    expect(blocked.userBlock).toEqual({ blocked: true, userErrors: [] });
    expect((await ok(seller.agent, BLOCK, { input: { userId: buyer.id } })).userBlock.blocked).toBe(true);

    const refused = await send(buyer.agent, id, 'Hello?');
    expect(refused.userErrors[0]).toMatchObject({
      code: 'BLOCKED',
      message: 'You cannot message this person',
    });
    const restarted = await start(buyer.agent, { recipientId: seller.id, body: 'Hello?', context });
    expect(restarted.userErrors[0].code).toBe('BLOCKED');
    const allowed = await ok(buyer.agent, ALLOWED, { recipientId: seller.id, context });
    expect(allowed.messagingAllowed).toEqual({ allowed: false, reason: 'You cannot message this person' });
    const rest = await buyer.agent
      .post(`/api/conversations/${id}/messages`)
      .set(json)
      .send({ body: 'Hello?' });
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ code: 'BLOCKED', message: 'You cannot message this person' });
    // The blocker cannot write either while the block stands.
    expect((await send(seller.agent, id, 'Bye')).userErrors[0].code).toBe('BLOCKED');

    const sides = async (agent: Agent) =>
      (await ok(agent, CONVERSATION_QUERY, { id })).conversation as {
        blockedByMe: boolean;
        blockedMe: boolean;
      };
    expect(await sides(seller.agent)).toMatchObject({ blockedByMe: true, blockedMe: false });
    expect(await sides(buyer.agent)).toMatchObject({ blockedByMe: false, blockedMe: true });

    const self = await ok(buyer.agent, BLOCK, { input: { userId: buyer.id } });
    expect(self.userBlock.userErrors[0].code).toBe('INVALID_INPUT');

    expect((await ok(seller.agent, UNBLOCK, { input: { userId: buyer.id } })).userUnblock.blocked).toBe(
      false,
    );
    expect((await send(buyer.agent, id, 'Hello again')).userErrors).toEqual([]);
  });
});

describe('rate limits', () => {
  it('30 messages a minute per sender, counted in the database', async () => {
    const buyer = await newUser();
    const [resourceId] = await publishedResourcesOf(seller.id);
    const started = await start(buyer.agent, {
      recipientId: seller.id,
      body: 'Message 1',
      context: { kind: 'RESOURCE', id: resourceId },
    });
    const id = started.conversation.id;
    // 29 more, concurrently: the sender's advisory lock lets exactly 29 of 35 through.
    const results = await Promise.all(
      Array.from({ length: 35 }, (_, i) => send(buyer.agent, id, `Message ${i + 2}`)),
    );
    const errors = results.filter((r) => r.userErrors.length);
    expect(results.length - errors.length).toBe(29);
    expect(
      errors.every((r) => r.userErrors[0].code === 'RATE_LIMITED' && r.userErrors[0].message === TOO_FAST),
    ).toBe(true);
    const rest = await buyer.agent.post(`/api/conversations/${id}/messages`).set(json).send({ body: 'More' });
    expect(rest.status).toBe(429);
    expect(rest.body.message).toBe(TOO_FAST);
    // A minute later (the messages moved back) sending works again.
    await db().execute(
      `update messages set created_at = created_at - interval '61 seconds' where sender_id = ?`,
      [buyer.id],
    );
    expect((await send(buyer.agent, id, 'Back again')).userErrors).toEqual([]);
  });

  it('accounts younger than 7 days start at most 10 conversations a day', async () => {
    const fresh = await newUser();
    const resources = await db().execute<{ id: string; seller_id: string }[]>(
      `select id, seller_id from resources where status = 'published' order by created_at, id limit 11`,
    );
    expect(resources).toHaveLength(11);
    const about = (r: { id: string; seller_id: string }, body = 'Hi') =>
      start(fresh.agent, { recipientId: r.seller_id, body, context: { kind: 'RESOURCE', id: r.id } });
    for (const resource of resources.slice(0, 10)) expect((await about(resource)).userErrors).toEqual([]);
    const eleventh = await about(resources[10]);
    expect(eleventh.userErrors[0]).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_CONVERSATIONS });
    const rest = await fresh.agent
      .post('/api/conversations')
      .set(json)
      .send({
        recipientId: resources[10].seller_id,
        body: 'Hi',
        context: { kind: 'resource', id: resources[10].id },
      });
    expect(rest.status).toBe(429);
    // Writing into an existing conversation is not a new one.
    expect((await about(resources[0], 'Hi again')).userErrors).toEqual([]);
    // An account older than 7 days is not limited.
    await db().execute(`update users set created_at = now() - interval '8 days' where id = ?`, [fresh.id]);
    expect((await about(resources[10])).userErrors).toEqual([]);
  });
});

describe('unread counts and read marks', () => {
  it('are per user: two sessions of the instructor see the same counts and marks', async () => {
    const client = await newUser('Cleo');
    const other = await login('instructor');
    const before = (await ok(instructor.agent, UNREAD)).unreadMessageCount;
    const started = await start(client.agent, {
      recipientId: instructor.id,
      body: 'First',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
    });
    const id = started.conversation.id;
    await send(client.agent, id, 'Second');

    for (const agent of [instructor.agent, other.agent]) {
      expect((await ok(agent, UNREAD)).unreadMessageCount).toBe(before + 2);
      expect((await ok(agent, CONVERSATION_QUERY, { id })).conversation.unreadCount).toBe(2);
    }
    const mine = await ok(client.agent, CONVERSATION_QUERY, { id });
    expect(mine.conversation.messages.nodes.map((m: any) => m.seenAt)).toEqual([null, null]);
    expect(mine.conversation.unreadCount).toBe(0);

    const read = await ok(instructor.agent, MARK_READ, { input: { conversationId: id } });
    expect(read.conversationMarkRead.userErrors).toEqual([]);
    expect(read.conversationMarkRead.conversation.unreadCount).toBe(0);
    expect((await ok(other.agent, UNREAD)).unreadMessageCount).toBe(before);
    expect((await ok(other.agent, CONVERSATION_QUERY, { id })).conversation.unreadCount).toBe(0);

    const seen = await ok(client.agent, CONVERSATION_QUERY, { id });
    const seenAt = seen.conversation.messages.nodes.map((m: any) => m.seenAt);
    expect(seenAt.every((s: string | null) => s !== null)).toBe(true);
    // The instructor's own messages are never "seen" from their side, and a new one is unread for the client.
    await send(other.agent, id, 'Reply');
    expect((await ok(client.agent, UNREAD)).unreadMessageCount).toBe(1);
    const after = await ok(client.agent, CONVERSATION_QUERY, { id });
    expect(after.conversation.messages.nodes.at(-1)).toMatchObject({
      body: 'Reply',
      mine: false,
      seenAt: null,
    });
    // The client's last message is still seen (the instructor's reply marked it read for them).
    expect(after.conversation.messages.nodes[1].seenAt).not.toBeNull();

    const stranger = await newUser();
    const notMine = await ok(stranger.agent, MARK_READ, { input: { conversationId: id } });
    expect(notMine.conversationMarkRead.userErrors[0].code).toBe('NOT_FOUND');
  });
});

describe('reports', () => {
  it('a participant reports the other’s message to staff once; never their own', async () => {
    const client = await newUser();
    const started = await start(client.agent, {
      recipientId: instructor.id,
      body: 'Rude words',
      context: { kind: 'INSTRUCTOR', id: instructor.id },
    });
    const messageId = started.message.id;
    const own = await ok(client.agent, REPORT, { input: { messageId, reason: 'oops' } });
    expect(own.messageReport.userErrors[0].code).toBe('INVALID_INPUT');
    const blank = await ok(instructor.agent, REPORT, { input: { messageId, reason: '  ' } });
    expect(blank.messageReport.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'reason' });
    for (let i = 0; i < 2; i++) {
      const reported = await ok(instructor.agent, REPORT, { input: { messageId, reason: 'Insulting' } });
      expect(reported.messageReport).toEqual({ reported: true, userErrors: [] });
    }
    const rows = await db().execute(`select id from inbox_items where message_id = ? and reporter_id = ?`, [
      messageId,
      instructor.id,
    ]);
    expect(rows).toHaveLength(1);
  });
});
