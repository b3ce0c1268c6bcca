import {
  Arg,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { type ConversationEventPayload, viewerEvents } from '../../realtime';
import { loadConversations, loadMessages } from './conversation-reads';
import { ConversationsService } from './conversations.service';
import {
  Conversation,
  ConversationConnection,
  ConversationContextInput,
  ConversationEvent,
  ConversationEventType,
  ConversationMarkReadInput,
  ConversationPayload,
  ConversationStartInput,
  ConversationStartPayload,
  Message,
  MessageConnection,
  MessageReportInput,
  MessageReportPayload,
  MessageSendInput,
  MessageSendPayload,
  MessagingAllowed,
  UserBlockInput,
  UserBlockPayload,
} from './messaging.types';

const service = (ctx: Context) => new ConversationsService(ctx.em, ctx.storage.private);

/** How many messages a page holds unless `last` says otherwise. */
export const MESSAGE_PAGE_SIZE = 30;

/** Conversations, messages and their live events (messaging.permissions.ts: signed-in users). */
@Resolver(() => Conversation)
export class ConversationsResolver {
  @Query(() => ConversationConnection, {
    description: 'My conversations, the one with the newest message first.',
  })
  conversations(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Only conversations whose subject, other participants’ names or usernames, or message text contain this (case-insensitive); null or blank: all.',
    })
    search?: string,
  ) {
    return service(ctx).list(ctx.viewer!, pageSize(first), after, search);
  }

  @Query(() => Conversation, {
    nullable: true,
    description: 'One of my conversations; null when there is none with this id or I am not in it.',
  })
  conversation(
    @Arg('id', () => ID, { description: 'The conversation’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Conversation | null> {
    return service(ctx).get(ctx.viewer!, id);
  }

  @Query(() => Int, {
    description:
      'How many messages from others I have not read yet, over all my conversations (the header’s badge).',
  })
  unreadMessageCount(@Ctx() ctx: Context): Promise<number> {
    return service(ctx).unreadMessageCount(ctx.viewer!);
  }

  @Query(() => MessagingAllowed, {
    description:
      'Whether I may start a conversation with this person (about this context), so the web can show or hide its “Message” buttons; the same rules as conversationStart, without its rate limits.',
  })
  messagingAllowed(
    @Arg('recipientId', () => ID, { description: 'Who I would write to (their user id).' })
    recipientId: string,
    @Ctx() ctx: Context,
    @Arg('context', () => ConversationContextInput, {
      nullable: true,
      description: 'What it would be about; null or absent: a plain conversation.',
    })
    context?: ConversationContextInput | null,
  ): Promise<MessagingAllowed> {
    return service(ctx).allowed(ctx.viewer!, recipientId, context ?? null);
  }

  @FieldResolver(() => MessageConnection, {
    description:
      'Messages, newest page first: the `last` newest messages before `before` (a page’s `pageInfo.startCursor`, to load older ones), listed oldest to newest within the page. `pageInfo.hasPreviousPage` says whether older messages exist.',
  })
  messages(
    @Root() conversation: Conversation,
    @Ctx() ctx: Context,
    @Arg('last', () => Int, {
      nullable: true,
      defaultValue: MESSAGE_PAGE_SIZE,
      description: 'How many messages: 1 to 100 (a larger number returns 100; default 30).',
    })
    last: number,
    @Arg('before', () => String, {
      nullable: true,
      description:
        'Return the messages before (older than) this cursor: the `pageInfo.startCursor` of an earlier page. Null or absent: the newest.',
    })
    before?: string,
  ) {
    return service(ctx).messages(ctx.viewer!, conversation.id, pageSize(last ?? MESSAGE_PAGE_SIZE), before);
  }

  @Mutation(() => ConversationStartPayload, {
    description:
      'Starts a conversation with its first message; to someone I already have a conversation with about the same context (or both without one), the message goes into that conversation. Who may start: see docs/messaging.md (staff anyone; members instructors who accept inquiries or with a booking, sellers of what they bought or of a published resource; instructors and sellers their clients and buyers). The recipient gets a mail when they have not read it within 10 minutes. userErrors: INVALID_INPUT (body, subject, myself, attachments), NOT_FOUND (recipient, context), FORBIDDEN (not allowed to write to them), BLOCKED (a block between us), RATE_LIMITED (30 messages a minute; new accounts 10 new conversations a day), FILE_TYPE, FILE_TOO_LARGE.',
  })
  conversationStart(
    @Arg('input', () => ConversationStartInput, { description: 'Who, about what, and the message.' })
    input: ConversationStartInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ conversation: Conversation | null; message: Message | null }>(
      async () => {
        const { conversationId, messageId } = await service(ctx).start(ctx.user!, ctx.viewer!, input);
        const [conversation] = await loadConversations(ctx.em, ctx.viewer!.id, [conversationId]);
        const [message] = await loadMessages(ctx.em, ctx.viewer!.id, [messageId]);
        return { conversation: conversation ?? null, message: message ?? null };
      },
      { conversation: null, message: null },
    );
  }

  @Mutation(() => MessageSendPayload, {
    description:
      'Sends a message into one of my conversations (the others get it live and, unread after 10 minutes, by mail); it also marks the conversation read for me. userErrors: INVALID_INPUT (body, attachments), NOT_FOUND (not my conversation), BLOCKED, RATE_LIMITED (30 messages a minute), FILE_TYPE, FILE_TOO_LARGE.',
  })
  messageSend(
    @Arg('input', () => MessageSendInput, { description: 'The conversation and the message.' })
    input: MessageSendInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ message: Message | null }>(
      async () => {
        const messageId = await service(ctx).send(ctx.user!, ctx.viewer!, input);
        const [message] = await loadMessages(ctx.em, ctx.viewer!.id, [messageId]);
        return { message: message ?? null };
      },
      { message: null },
    );
  }

  @Mutation(() => ConversationPayload, {
    description:
      'Marks one of my conversations read up to its newest message (the others see “Seen” on their messages). userErrors: NOT_FOUND (not my conversation).',
  })
  conversationMarkRead(
    @Arg('input', () => ConversationMarkReadInput, { description: 'The conversation.' })
    input: ConversationMarkReadInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ conversation: Conversation | null }>(
      async () => {
        await service(ctx).markRead(ctx.viewer!, input.conversationId);
        return { conversation: await service(ctx).get(ctx.viewer!, input.conversationId) };
      },
      { conversation: null },
    );
  }

  @Mutation(() => UserBlockPayload, {
    description:
      'Blocks a person: neither of us can start a conversation with the other or send into one we share (staff are not stopped). Blocking twice is fine. userErrors: NOT_FOUND (user), INVALID_INPUT (myself).',
  })
  userBlock(
    @Arg('input', () => UserBlockInput, { description: 'Who to block.' }) input: UserBlockInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ blocked: boolean }>(
      async () => ({ blocked: await service(ctx).setBlock(ctx.viewer!, input.userId, true) }),
      { blocked: false },
    );
  }

  @Mutation(() => UserBlockPayload, {
    description:
      'Lifts my block of a person (nothing happens when there is none). userErrors: NOT_FOUND, INVALID_INPUT.',
  })
  userUnblock(
    @Arg('input', () => UserBlockInput, { description: 'Who to unblock.' }) input: UserBlockInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ blocked: boolean }>(
      async () => ({ blocked: await service(ctx).setBlock(ctx.viewer!, input.userId, false) }),
      { blocked: false },
    );
  }

  @Mutation(() => MessageReportPayload, {
    description:
      'Reports someone else’s message in one of my conversations to staff (it appears in the admin inbox; reporting it again is the same report). userErrors: INVALID_INPUT (reason; my own message), NOT_FOUND (not a message of my conversations).',
  })
  messageReport(
    @Arg('input', () => MessageReportInput, { description: 'The message and why.' })
    input: MessageReportInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ reported: boolean }>(
      async () => {
        await service(ctx).report(ctx.viewer!, input.messageId, input.reason);
        return { reported: true };
      },
      { reported: false },
    );
  }
}

/** The live stream of my conversations' events (graphql-sse at /graphql/stream). */
@Resolver(() => ConversationEvent)
export class ConversationEventsResolver {
  @Subscription(() => ConversationEvent, {
    subscribe: viewerEvents,
    description:
      'Every event of my conversations as it happens: new messages and read marks. Each event is read again from the database as me (the conversation and message as I may see them).',
  })
  async conversationEvents(
    @Root() event: ConversationEventPayload,
    @Ctx() ctx: Context,
  ): Promise<ConversationEvent> {
    const viewerId = ctx.viewer!.id;
    const [conversation] = await loadConversations(ctx.em, viewerId, [event.conversationId]);
    const [message] =
      conversation && event.messageId ? await loadMessages(ctx.em, viewerId, [event.messageId]) : [];
    return Object.assign(new ConversationEvent(), {
      type: event.type === 'READ' ? ConversationEventType.READ : ConversationEventType.MESSAGE,
      conversationId: event.conversationId,
      conversation: conversation ?? null,
      message: message && message.conversationId === event.conversationId ? message : null,
    });
  }
}

export const messagingResolvers = [ConversationsResolver, ConversationEventsResolver] as const;
