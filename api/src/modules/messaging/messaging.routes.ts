import type { RequestHandler } from 'express';
import { sendStoredFile } from '../../http/send-stored-file';
import { optionalText, text, type GraphRoute } from '../../rest/graph-route';
import type { ContextFactory } from '../../graphql/context';
import { attachmentHeader } from '../resources';
import { isUuid } from '../../lib/ids';
import { attachmentForParticipant } from './message-attachments';

/**
 * REST rows of messages (docs/api.md, "Messages"): the same operations as the graph, for the
 * signed-in user (same-origin, session cookie). Errors `{ message, code, field }`: 400
 * INVALID_INPUT, 401, 403 FORBIDDEN/BLOCKED, 404 NOT_FOUND (also any conversation I am not in),
 * 413/415 attachments, 429 RATE_LIMITED.
 */
const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const queryText = (value: unknown) => (typeof value === 'string' && value ? value : null);

const USER = 'id username displayName profileImageUrl';
const MESSAGE_FIELDS = `id conversationId sender { ${USER} } body createdAt mine seenAt
  attachments { id fileName contentType sizeBytes url isImage }`;
const CONVERSATION_FIELDS = `id subject context { kind id title url } participants { user { ${USER} } role lastReadAt }
  otherParticipants { ${USER} } lastMessage { ${MESSAGE_FIELDS} } unreadCount blockedByMe blockedMe
  lastMessageAt createdAt`;
const ERRORS = 'userErrors { code field message }';

const idList = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;

function contextOf(value: unknown): { kind: string; id: string } | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, id } = value as Record<string, unknown>;
  return { kind: text(kind).toUpperCase(), id: text(id) };
}

export const messagingRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/conversations',
    operation: `query Conversations($first: Int, $after: String, $search: String) {
      conversations(first: $first, after: $after, search: $search) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${CONVERSATION_FIELDS} } } }`,
    variables: (req) => ({
      first: intOrNull(req.query.first),
      after: queryText(req.query.after),
      search: queryText(req.query.search),
    }),
    select: (root) => {
      const page = root as { nodes: unknown[]; totalCount: number; pageInfo: unknown };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'get',
    path: '/conversations/:id/messages',
    operation: `query ConversationMessages($id: ID!, $last: Int, $before: String) {
      conversation(id: $id) { ${CONVERSATION_FIELDS}
        messages(last: $last, before: $before) {
          totalCount pageInfo { hasPreviousPage startCursor } nodes { ${MESSAGE_FIELDS} } } } }`,
    variables: (req) => ({
      id: String(req.params.id),
      last: intOrNull(req.query.last),
      before: queryText(req.query.before),
    }),
    whenNull: { status: 404, message: 'Conversation not found' },
    select: (root) => {
      const { messages, ...conversation } = root as {
        messages: { nodes: unknown[]; totalCount: number; pageInfo: unknown };
      };
      return {
        conversation,
        items: messages.nodes,
        totalCount: messages.totalCount,
        pageInfo: messages.pageInfo,
      };
    },
  },
  {
    method: 'post',
    path: '/conversations',
    status: 201,
    operation: `mutation ConversationStart($input: ConversationStartInput!) {
      conversationStart(input: $input) { conversation { ${CONVERSATION_FIELDS} } message { ${MESSAGE_FIELDS} } ${ERRORS} } }`,
    variables: (req) => ({
      input: {
        recipientId: text(req.body?.recipientId),
        subject: optionalText(req.body?.subject),
        body: text(req.body?.body),
        context: contextOf(req.body?.context),
        attachmentUploadIds: idList(req.body?.attachmentUploadIds),
      },
    }),
    select: (root) => ({ conversation: root.conversation, message: root.message }),
  },
  {
    method: 'post',
    path: '/conversations/:id/messages',
    status: 201,
    operation: `mutation MessageSend($input: MessageSendInput!) {
      messageSend(input: $input) { message { ${MESSAGE_FIELDS} } ${ERRORS} } }`,
    variables: (req) => ({
      input: {
        conversationId: String(req.params.id),
        body: text(req.body?.body),
        attachmentUploadIds: idList(req.body?.attachmentUploadIds),
      },
    }),
    select: (root) => root.message,
  },
];

/**
 * GET /api/conversations/:id/attachments/:attachmentId: streams a message's file to a participant
 * of its conversation (401 signed out, 404 for anyone else and unknown ids). Images are shown
 * inline, PDFs downloaded; never cached by shared caches, never sniffed. Streamed by the app from
 * either storage, never redirected to S3: attachments are small (≤ 10 MB), images are shown inside
 * the app's pages (same origin, under their CSP) and keep this response's sandbox.
 */
export function messageAttachmentRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      if (!ctx.viewer) {
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      const conversationId = String(req.params.id);
      const attachmentId = String(req.params.attachmentId);
      const file =
        isUuid(conversationId) && isUuid(attachmentId)
          ? await attachmentForParticipant(ctx.em, ctx.viewer.id, conversationId, attachmentId)
          : null;
      if (!file) {
        res.status(404).json({ message: 'Attachment not found' });
        return;
      }
      const disposition = attachmentHeader(file.fileName);
      const sent = await sendStoredFile(req, res, ctx.storage.private, file.storageKey, {
        'Content-Type': file.contentType,
        'Content-Disposition': file.contentType.startsWith('image/')
          ? disposition.replace(/^attachment/, 'inline')
          : disposition,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
      if (!sent) res.status(404).json({ message: 'Attachment not found' });
    } catch (error) {
      next(error);
    }
  };
}
