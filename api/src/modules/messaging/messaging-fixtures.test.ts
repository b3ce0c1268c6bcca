// Test helpers only (the .test.ts suffix keeps this file out of the production build).
import type request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';

/** Shared helpers of the messaging integration tests (the real app on a real database). */

export type Agent = ReturnType<typeof request.agent>;

export const json = { 'content-type': 'application/json' };
export const ERR = 'userErrors { code field message }';
const MESSAGE =
  'id conversationId body mine seenAt createdAt sender { id } attachments { id fileName contentType sizeBytes url isImage }';
const CONVERSATION = `id subject unreadCount blockedByMe blockedMe lastMessageAt context { kind id title url }
  participants { role lastReadAt user { id } } otherParticipants { id } lastMessage { id body }`;

export const START = `mutation($input: ConversationStartInput!) { conversationStart(input: $input) {
  conversation { ${CONVERSATION} } message { ${MESSAGE} } ${ERR} } }`;
export const SEND = `mutation($input: MessageSendInput!) { messageSend(input: $input) { message { ${MESSAGE} } ${ERR} } }`;
export const MARK_READ = `mutation($input: ConversationMarkReadInput!) { conversationMarkRead(input: $input) {
  conversation { ${CONVERSATION} } ${ERR} } }`;
export const CONVERSATION_QUERY = `query($id: ID!) { conversation(id: $id) { ${CONVERSATION}
  messages { totalCount pageInfo { hasPreviousPage hasNextPage startCursor } nodes { ${MESSAGE} } } } }`;
export const LIST = `query($search: String, $first: Int, $after: String) { conversations(search: $search, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } nodes { ${CONVERSATION} } } }`;
export const UNREAD = `query { unreadMessageCount }`;
export const ALLOWED = `query($recipientId: ID!, $context: ConversationContextInput) {
  messagingAllowed(recipientId: $recipientId, context: $context) { allowed reason } }`;
export const BLOCK = `mutation($input: UserBlockInput!) { userBlock(input: $input) { blocked ${ERR} } }`;
export const UNBLOCK = `mutation($input: UserBlockInput!) { userUnblock(input: $input) { blocked ${ERR} } }`;
export const REPORT = `mutation($input: MessageReportInput!) { messageReport(input: $input) { reported ${ERR} } }`;

export function kit(t: () => TestApp) {
  let counter = 0;
  const db = () => t().orm.em.fork().getConnection();

  async function ok<T = any>(
    agent: Agent,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    const res = await t().gql<T>(agent, query, variables);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data;
  }

  async function login(username: string): Promise<{ agent: Agent; id: string }> {
    const agent = t().agent();
    const res = await agent.post('/api/login').set(json).send({ username, password: 'drx-demo-2026' });
    expect(res.status).toBe(200);
    const [row] = await db().execute<{ id: string }[]>('select id from users where username_key = ?', [
      username,
    ]);
    return { agent, id: row.id };
  }

  /** A new member's browser, signed in. */
  async function newUser(firstName = 'Nora'): Promise<{ agent: Agent; id: string; username: string }> {
    const agent = t().agent();
    const username = `msg${++counter}${Date.now().toString(36)}`;
    const res = await agent
      .post('/api/register')
      .set(json)
      .send({ username, password: 'messaging-test-pw', firstName, email: `${username}@example.com` });
    expect(res.status).toBe(201);
    const [row] = await db().execute<{ id: string }[]>('select id from users where username = ?', [username]);
    return { agent, id: row.id, username };
  }

  async function start(agent: Agent, input: Record<string, unknown>) {
    const data = await ok(agent, START, { input });
    return data.conversationStart;
  }

  async function send(agent: Agent, conversationId: string, body: string, attachmentUploadIds?: string[]) {
    const data = await ok(agent, SEND, { input: { conversationId, body, attachmentUploadIds } });
    return data.messageSend;
  }

  return { db, ok, login, newUser, start, send };
}
