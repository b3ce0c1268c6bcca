import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { User } from '../users';

/** What a conversation is about (conversations.context_kind, lower case in the database). */
export enum ConversationContextKind {
  BOOKING = 'booking',
  RESOURCE = 'resource',
  ORDER = 'order',
  INSTRUCTOR = 'instructor',
}
registerEnumType(ConversationContextKind, {
  name: 'ConversationContextKind',
  description:
    'What a conversation is about: a booking, a store resource, an order or an instructor’s profile.',
  valuesConfig: {
    BOOKING: { description: 'A booked session (Booking.id); between its client and its instructor.' },
    RESOURCE: { description: 'A resource of the curriculum store (Resource.id); with its seller.' },
    ORDER: { description: 'An order (Order.id); between its buyer and a seller of one of its items.' },
    INSTRUCTOR: { description: 'An inquiry to an instructor from their profile (the instructor’s user id).' },
  },
});

/** What happened in one of my conversations (the live stream's events). */
export enum ConversationEventType {
  MESSAGE = 'MESSAGE',
  READ = 'READ',
}
registerEnumType(ConversationEventType, {
  name: 'ConversationEventType',
  description: 'What happened in a conversation.',
  valuesConfig: {
    MESSAGE: { description: 'A new message (`message` is set).' },
    READ: {
      description: 'A participant marked the conversation read (seen marks and unread counts change).',
    },
  },
});

@ObjectType({ description: 'What a conversation is about, with a title and a link to show it.' })
export class ConversationContext {
  @Field(() => ConversationContextKind, { description: 'The kind of thing the conversation is about.' })
  kind!: ConversationContextKind;

  @Field(() => ID, { description: 'The id of the booking, resource, order or instructor (user id).' })
  id!: string;

  @Field({
    description:
      'A short title of it: the session and its date, the resource’s title, the order number or the instructor’s name; “Unavailable” when it no longer exists.',
  })
  title!: string;

  @Field({
    description:
      'The web path where the signed-in participant sees it, e.g. /curriculum/{id}, /my-bookings, /my-purchases or /instructors/{id}.',
  })
  url!: string;
}

@ObjectType({
  description: 'A file attached to a message: an image (JPEG, PNG, GIF, WebP) or a PDF, up to 10 MB.',
})
export class MessageAttachment {
  @Field(() => ID, { description: 'The attachment’s id.' })
  id!: string;

  @Field({ description: 'The file’s name as uploaded (cleaned of path parts and control characters).' })
  fileName!: string;

  @Field({
    description:
      'The file’s type, detected from its content: image/jpeg, image/png, image/gif, image/webp or application/pdf.',
  })
  contentType!: string;

  @Field(() => Int, { description: 'The file’s size in bytes (at most 10485760).' })
  sizeBytes!: number;

  @Field({
    description:
      'Where the conversation’s participants download it: /api/conversations/{conversationId}/attachments/{id} (same-origin, with the session; 404 for anyone else).',
  })
  url!: string;

  @Field({ description: 'True for images (show a thumbnail); false for PDFs (show a link).' })
  isImage!: boolean;
}

@ObjectType({ description: 'One message of a conversation.' })
export class Message {
  @Field(() => ID, { description: 'The message’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The conversation it belongs to (Conversation.id).' })
  conversationId!: string;

  /** The sender's id (sender is resolved from it). */
  senderId!: string;

  @Field(() => User, { description: 'Who wrote it (their public profile).' })
  sender!: User;

  @Field({
    description:
      'The text, 1 to 5000 characters, as written: plain text with line breaks (never HTML; show it escaped).',
  })
  body!: string;

  @Field(() => [MessageAttachment], { description: 'Its files, in the order they were attached (up to 5).' })
  attachments!: MessageAttachment[];

  @Field({ description: 'When it was sent (ISO-8601, UTC).' })
  createdAt!: Date;

  @Field({ description: 'True when the signed-in user sent it.' })
  mine!: boolean;

  @Field(() => Date, {
    nullable: true,
    description:
      'For my messages: when every other participant had read it (the latest of their read marks, once all of them are at or after it); null while someone has not read it, and always null for others’ messages.',
  })
  seenAt!: Date | null;
}

@ObjectType({ description: 'A person taking part in a conversation.' })
export class ConversationParticipant {
  @Field(() => User, { description: 'The person (their public profile).' })
  user!: User;

  @Field({
    description:
      'Their part in it: member, instructor (the instructor of a booking or inquiry), seller, buyer or staff.',
  })
  role!: string;

  @Field(() => Date, {
    nullable: true,
    description:
      'Up to when they have read the conversation (the newest message they saw); null when never read.',
  })
  lastReadAt!: Date | null;
}

@ObjectType({
  description:
    'A private conversation between two (or more) people, seen only by its participants. Fields about reading and blocking are from the signed-in participant’s side.',
})
export class Conversation {
  @Field(() => ID, { description: 'The conversation’s id (the web shows it at /messages/{id}).' })
  id!: string;

  @Field({ description: 'The subject given when it was started (up to 200 characters; may be empty).' })
  subject!: string;

  /** conversations.context_kind / context_id (context is resolved from them). */
  contextKind!: ConversationContextKind | null;
  contextId!: string | null;

  @Field(() => ConversationContext, {
    nullable: true,
    description:
      'What it is about (a booking, resource, order or instructor); null for a plain conversation.',
  })
  context!: ConversationContext | null;

  @Field(() => [ConversationParticipant], { description: 'Everyone in it, me included.' })
  participants!: ConversationParticipant[];

  @Field(() => [User], { description: 'Everyone in it but me (who the conversation is with).' })
  otherParticipants!: User[];

  @Field(() => Message, { nullable: true, description: 'The newest message; null when there is none.' })
  lastMessage!: Message | null;

  @Field(() => Int, {
    description: 'How many messages from others came after my read mark (0 when I have read everything).',
  })
  unreadCount!: number;

  @Field({ description: 'True when I blocked one of the other participants: they cannot message me.' })
  blockedByMe!: boolean;

  @Field({
    description: 'True when one of the other participants blocked me: I cannot send into this conversation.',
  })
  blockedMe!: boolean;

  @Field({ description: 'When the newest message was sent (ISO-8601, UTC); the list is sorted by it.' })
  lastMessageAt!: Date;

  @Field({ description: 'When the conversation was started (ISO-8601, UTC).' })
  createdAt!: Date;

  /** The signed-in participant (seenAt and mine are from their side). */
  viewerId!: string;
}

@ObjectType()
export class ConversationConnection extends Connection(Conversation, 'Conversation') {}

@ObjectType()
export class MessageConnection extends Connection(Message, 'Message') {}

@ObjectType({ description: 'Whether the signed-in user may write to someone, and why not.' })
export class MessagingAllowed {
  @Field({ description: 'True when conversationStart with this recipient (and context) would be allowed.' })
  allowed!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Why not, as a sentence for people; null when allowed.',
  })
  reason!: string | null;
}

@ObjectType({
  description:
    'One event of the signed-in user’s conversations, read again from the database for them when it is delivered.',
})
export class ConversationEvent {
  @Field(() => ConversationEventType, { description: 'What happened.' })
  type!: ConversationEventType;

  @Field(() => ID, { description: 'The conversation it happened in.' })
  conversationId!: string;

  @Field(() => Conversation, {
    nullable: true,
    description:
      'The conversation as it is now (unread count, last message); null when I am no longer in it.',
  })
  conversation!: Conversation | null;

  @Field(() => Message, {
    nullable: true,
    description: 'The new message of a MESSAGE event; null for READ events.',
  })
  message!: Message | null;
}

@InputType({ description: 'What a conversation is about: a booking, resource, order or instructor.' })
export class ConversationContextInput {
  @Field(() => ConversationContextKind, { description: 'The kind of thing.' })
  kind!: ConversationContextKind;

  @Field(() => ID, { description: 'Its id (for INSTRUCTOR: the instructor’s user id).' })
  id!: string;
}

const ATTACHMENTS =
  'Files to attach: ids from POST /api/upload?purpose=message (mine, not used yet). Up to 5, each an image (JPEG, PNG, GIF, WebP) or a PDF of at most 10 MB.';

@InputType({ description: 'A new conversation and its first message.' })
export class ConversationStartInput {
  @Field(() => ID, { description: 'Who to write to (their user id).' })
  recipientId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The subject, up to 200 characters; empty or absent: none.',
  })
  subject?: string | null;

  @Field({
    description: 'The first message, 1 to 5000 characters (leading and trailing blanks are removed).',
  })
  body!: string;

  @Field(() => ConversationContextInput, {
    nullable: true,
    description: 'What it is about; absent for a plain conversation (staff, or an inquiry to an instructor).',
  })
  context?: ConversationContextInput | null;

  @Field(() => [ID], { nullable: true, description: ATTACHMENTS })
  attachmentUploadIds?: string[] | null;
}

@InputType({ description: 'A message to send into a conversation.' })
export class MessageSendInput {
  @Field(() => ID, { description: 'The conversation (I must be in it).' })
  conversationId!: string;

  @Field({ description: 'The message, 1 to 5000 characters (leading and trailing blanks are removed).' })
  body!: string;

  @Field(() => [ID], { nullable: true, description: ATTACHMENTS })
  attachmentUploadIds?: string[] | null;
}

@InputType({ description: 'The conversation to mark read.' })
export class ConversationMarkReadInput {
  @Field(() => ID, { description: 'The conversation (I must be in it).' })
  conversationId!: string;
}

@InputType({ description: 'The person to block or unblock.' })
export class UserBlockInput {
  @Field(() => ID, { description: 'Their user id.' })
  userId!: string;
}

@InputType({ description: 'A message to report to staff.' })
export class MessageReportInput {
  @Field(() => ID, { description: 'The message (in one of my conversations, sent by someone else).' })
  messageId!: string;

  @Field({ description: 'Why it is reported, 1 to 2000 characters.' })
  reason!: string;
}

@ObjectType({ description: 'The result of conversationStart.' })
export class ConversationStartPayload {
  @Field(() => Conversation, {
    nullable: true,
    description: 'The conversation (a new one, or the existing one about the same context); null on failure.',
  })
  conversation!: Conversation | null;

  @Field(() => Message, { nullable: true, description: 'The message sent; null on failure.' })
  message!: Message | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of messageSend.' })
export class MessageSendPayload {
  @Field(() => Message, { nullable: true, description: 'The message sent; null on failure.' })
  message!: Message | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of a change to a conversation.' })
export class ConversationPayload {
  @Field(() => Conversation, {
    nullable: true,
    description: 'The conversation as it is now; null on failure.',
  })
  conversation!: Conversation | null;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of userBlock and userUnblock.' })
export class UserBlockPayload {
  @Field({ description: 'Whether I block the person now.' })
  blocked!: boolean;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of messageReport.' })
export class MessageReportPayload {
  @Field({
    description:
      'True when the report is with staff (a second report of the same message is the same report).',
  })
  reported!: boolean;

  @Field(() => [UserError], { description: 'Why it failed; empty on success.' })
  userErrors!: UserError[];
}
