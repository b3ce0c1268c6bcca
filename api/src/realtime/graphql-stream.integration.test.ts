import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-sse';
import { startTestApp, type TestApp } from '../test/test-app';
import { MAX_STREAMS_PER_USER, tooManyStreams } from './graphql-stream';
import { LISTENER_APPLICATION_NAME } from './pg-pubsub';
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

  it('refuses an over-budget subscription before it runs, costing pages given in variables', async () => {
    const page = (i: number) =>
      `m${i}: messages(last: $n) { nodes { id body createdAt seenAt mine sender { id username displayName firstName lastName profileImageUrl } attachments { id } } }`;
    const query = `subscription($n: Int) { conversationEvents { conversation { ${[0, 1, 2, 3, 4, 5].map(page).join(' ')} } } }`;
    const small = await postStream({ query, variables: { n: 1 } }, { cookie: member.cookie! });
    expect(small.status).toBe(200);
    await small.body?.cancel();
    const costly = await postStream({ query, variables: { n: 100 } }, { cookie: member.cookie! });
    expect(costly.status).toBe(400);
    expect((await errorsOf(costly))[0].extensions).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'cost',
    });
  });

  it('takes an API token instead of the cookie, within its scopes', async () => {
    const create = async (scopes: string[]) => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: member.cookie! },
        body: JSON.stringify({
          query: `mutation($input: ApiTokenCreateInput!) { apiTokenCreate(input: $input) { token } }`,
          variables: { input: { name: `stream ${scopes.join(' ')}`, scopes } },
        }),
      });
      return ((await res.json()) as { data: { apiTokenCreate: { token: string } } }).data.apiTokenCreate
        .token;
    };
    const catalogOnly = await create(['catalog:read']);
    const refused = await postStream(
      { query: CONVERSATION_EVENTS },
      { authorization: `Bearer ${catalogOnly}` },
    );
    expect(refused.status).toBe(403);
    expect((await errorsOf(refused))[0].extensions).toMatchObject({
      code: 'FORBIDDEN',
      requiredScope: 'messages:read',
    });
    const reader = await create(['messages:read']);
    const allowed = await postStream({ query: CONVERSATION_EVENTS }, { authorization: `Bearer ${reader}` });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toContain('text/event-stream');
    await allowed.body?.cancel();
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

describe('/graphql/stream limits and listener loss', () => {
  it('holds at most 10 open streams per user (429 RATE_LIMITED beyond); a closed one frees its place', async () => {
    const seller = await signIn(base, 'seller');
    const other = await signIn(base, 'seller'); // another session of the same user counts too
    const open: AbortController[] = [];
    const openOne = async (cookie: string) => {
      const controller = new AbortController();
      const res = await fetch(`${base}/graphql/stream`, {
        method: 'POST',
        signal: controller.signal,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
        body: JSON.stringify({ query: CONVERSATION_EVENTS }),
      });
      if (res.status === 200) open.push(controller);
      return res;
    };
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        expect((await openOne(i % 2 ? other.cookie! : seller.cookie!)).status).toBe(200);
      }
      const refused = await openOne(other.cookie!);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        errors: [{ message: tooManyStreams(MAX_STREAMS_PER_USER), extensions: { code: 'RATE_LIMITED' } }],
      });
      // Someone else is not limited by the seller's streams.
      const memberStream = openStream(base, member.cookie, CONVERSATION_EVENTS);
      await memberStream.connected;
      await memberStream.close();

      open.shift()!.abort();
      await expect
        .poll(async () => (await openOne(seller.cookie!)).status, { timeout: 3000, interval: 50 })
        .toBe(200);
    } finally {
      for (const controller of open) controller.abort();
    }
  });

  it('drops open streams when the LISTEN connection is lost: the client reconnects and hears later events', async () => {
    const connects: boolean[] = [];
    const client = createClient({
      url: `${base}/graphql/stream`,
      headers: { cookie: instructor.cookie! },
      retryAttempts: 5,
      retry: () => new Promise((resolve) => setTimeout(resolve, 50)),
    });
    const results = client.iterate<any>(
      { query: CONVERSATION_EVENTS },
      { connected: (reconnected) => connects.push(reconnected) },
    );
    const pending = results.next();
    try {
      await expect.poll(() => connects, { timeout: 3000, interval: 20 }).toEqual([false]);
      const [before] = await listenerPids();
      expect(before).toBeTypeOf('number');
      await t.orm.em.fork().execute('select pg_terminate_backend(?)', [before]);

      // The server drops the stream; the client connects again, once the listener is back.
      await expect.poll(() => connects, { timeout: 5000, interval: 20 }).toEqual([false, true]);
      const after = await listenerPids();
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(before);

      const sent = await member.gql(SEND, {
        input: { conversationId: await firstConversationId(), body: 'After the listener came back' },
      });
      expect(sent.data.messageSend.userErrors).toEqual([]);
      const { value } = await withTimeout(pending, 3000);
      expect(value?.data.conversationEvents.message).toMatchObject({ body: 'After the listener came back' });
    } finally {
      await results.return?.();
      client.dispose();
    }
  });
});

/** The realtime listener connections of the test database (backend pids). */
async function listenerPids(): Promise<number[]> {
  const rows = await t.orm.em
    .fork()
    .execute<{ pid: number }[]>(
      'select pid from pg_stat_activity where application_name = ? and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
  return rows.map((row) => row.pid);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

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
