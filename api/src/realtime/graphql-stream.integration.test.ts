import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { type Browser, CONVERSATION_EVENTS, openStream, signIn } from './stream-fixtures.test';

let t: TestApp;
let server: Server;
let base: string;
let member: Browser;
let instructor: Browser;
let memberId: string;
let instructorId: string;

const START = `mutation($input: ConversationStartInput!) { conversationStart(input: $input) {
  conversation { id } message { id } userErrors { code message } } }`;
const SEND = `mutation($input: MessageSendInput!) { messageSend(input: $input) {
  message { id } userErrors { code message } } }`;

async function userId(username: string): Promise<string> {
  const [row] = await t.orm.em
    .fork()
    .getConnection()
    .execute<{ id: string }[]>('select id from users where username_key = ?', [username]);
  return row.id;
}

/** A refusal's JSON body. */
async function errorsOf(res: Response): Promise<{ message: string; extensions: Record<string, unknown> }[]> {
  return ((await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] })
    .errors;
}

/** POSTs to /graphql/stream as a browser would open an event stream. */
function postStream(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/graphql/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  server = t.handle.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [member, instructor] = await Promise.all([signIn(base, 'member'), signIn(base, 'instructor')]);
  [memberId, instructorId] = await Promise.all([userId('member'), userId('instructor')]);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe('/graphql/stream (graphql-sse)', () => {
  it('delivers my conversation events, each read from the database as me', async () => {
    const stream = openStream(base, instructor.cookie, CONVERSATION_EVENTS);
    try {
      await stream.connected;
      const started = await member.gql(START, {
        input: { recipientId: instructorId, subject: 'Stream test', body: 'Hello over the stream' },
      });
      expect(started.errors).toBeUndefined();
      expect(started.data.conversationStart.userErrors).toEqual([]);
      const { conversation, message } = started.data.conversationStart;

      const { value } = await stream.next();
      expect(value?.errors).toBeUndefined();
      expect(value?.data.conversationEvents).toEqual({
        type: 'MESSAGE',
        conversationId: conversation.id,
        conversation: { id: conversation.id, subject: 'Stream test' },
        // `mine` is false: the event is resolved as the subscriber, not the sender.
        message: { id: message.id, body: 'Hello over the stream', mine: false, sender: { id: memberId } },
      });
    } finally {
      await stream.close();
    }
  });

  it('refuses a guest with UNAUTHENTICATED and ends the stream', async () => {
    const stream = openStream(base, null, CONVERSATION_EVENTS);
    const { value } = await stream.next();
    expect(value?.data ?? null).toBeNull();
    expect(value?.errors).toEqual([
      expect.objectContaining({
        message: 'You must be signed in to do this.',
        extensions: { code: 'UNAUTHENTICATED' },
      }),
    ]);
    expect((await stream.next()).done).toBe(true);
    await stream.close();
  });

  it('ends a stream whose session ended (sign-out) at its next event', async () => {
    const leaving = await signIn(base, 'member');
    const stream = openStream(base, leaving.cookie, CONVERSATION_EVENTS);
    try {
      await stream.connected;
      const logout = await fetch(`${base}/api/logout`, {
        method: 'POST',
        headers: { cookie: leaving.cookie! },
      });
      expect(logout.status).toBeLessThan(300);
      // An event for the member: the stream checks the session again before resolving it.
      const started = await instructor.gql(SEND, {
        input: { conversationId: await firstConversationId(), body: 'Are you still there?' },
      });
      expect(started.data.messageSend.userErrors).toEqual([]);
      const { value } = await stream.next();
      expect(value?.data ?? null).toBeNull();
      expect(value?.errors).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
      expect((await stream.next()).done).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('serves subscriptions only: queries and mutations get 400 and go to /graphql', async () => {
    const query = await postStream({ query: '{ __typename }' }, { cookie: member.cookie! });
    expect(query.status).toBe(400);
    expect(await query.json()).toEqual({
      errors: [
        {
          message: 'Only subscriptions are served here; send queries and mutations to /graphql.',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
    const mutation = await postStream({ query: 'mutation { logout }' }, { cookie: member.cookie! });
    expect(mutation.status).toBe(400);
  });

  it('applies the validation and limit rules of /graphql', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: __typename`).join(' ');
    const tooMany = await postStream(
      { query: `subscription { conversationEvents { ${aliases} } }` },
      { cookie: member.cookie! },
    );
    expect(tooMany.status).toBe(400);
    expect(await errorsOf(tooMany)).toContainEqual(
      expect.objectContaining({ extensions: expect.objectContaining({ limit: 'aliases', max: 15 }) }),
    );

    const unknownField = await postStream({ query: 'subscription { conversationEvents { nope } }' });
    expect(unknownField.status).toBe(400);
    const [error] = await errorsOf(unknownField);
    expect(error.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');

    const unparsable = await postStream({ query: 'subscription {' });
    expect(unparsable.status).toBe(400);
    expect((await errorsOf(unparsable))[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('refuses a cross-site POST before reading the session, and answers 405 to other methods', async () => {
    const crossSite = await postStream(
      { query: CONVERSATION_EVENTS },
      { cookie: member.cookie!, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ message: 'Cross-site requests are not allowed' });

    const get = await fetch(`${base}/graphql/stream?query=${encodeURIComponent(CONVERSATION_EVENTS)}`, {
      headers: { accept: 'text/event-stream', cookie: member.cookie! },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers an event stream with the API security headers, unbuffered and uncached', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/graphql/stream`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: member.cookie! },
      body: JSON.stringify({ query: CONVERSATION_EVENTS }),
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('x-accel-buffering')).toBe('no');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    } finally {
      controller.abort();
    }
  });

  it('answers a subscription sent to /graphql with 400, pointing to /graphql/stream', async () => {
    const res = await member.gql(CONVERSATION_EVENTS);
    expect(res.status).toBe(400);
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toEqual([
      {
        message:
          'Subscriptions are served over Server-Sent Events at POST /graphql/stream (graphql-sse), not here.',
        extensions: { code: 'BAD_REQUEST' },
      },
    ]);
  });

  it('still serves the playground and the schema file', async () => {
    const playground = await fetch(`${base}/graphql`, { headers: { accept: 'text/html' } });
    expect(playground.status).toBe(200);
    expect(playground.headers.get('content-type')).toContain('text/html');
    const schemaFile = await fetch(`${base}/graphql/schema.graphql`);
    expect(schemaFile.status).toBe(200);
    expect(await schemaFile.text()).toContain('conversationEvents: ConversationEvent!');
  });
});

async function firstConversationId(): Promise<string> {
  const [row] = await t.orm.em
    .fork()
    .getConnection()
    .execute<{ id: string }[]>(
      `select c.id from conversations c
        join conversation_participants a on a.conversation_id = c.id and a.user_id = ?
        join conversation_participants b on b.conversation_id = c.id and b.user_id = ?
       order by c.last_message_at desc limit 1`,
      [memberId, instructorId],
    );
  return row.id;
}
