import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { User } from '../users';

export enum InboxStatus {
  NEW = 'new',
  OPEN = 'open',
  ANSWERED = 'answered',
  ARCHIVED = 'archived',
}

registerEnumType(InboxStatus, {
  name: 'InboxStatus',
  description: 'Where an inbox item stands in the staff’s work.',
  valuesConfig: {
    NEW: { description: 'Just arrived; nobody has worked on it yet.' },
    OPEN: { description: 'Being handled: assigned, noted or set open by staff.' },
    ANSWERED: { description: 'Staff mailed a reply (contact messages), or set it answered.' },
    ARCHIVED: { description: 'Done and put away.' },
  },
});

export enum InboxItemKind {
  CONTACT = 'contact',
  REPORT = 'report',
}

registerEnumType(InboxItemKind, {
  name: 'InboxItemKind',
  description: 'What an inbox item is.',
  valuesConfig: {
    CONTACT: { description: 'A message sent with the public contact form (/contact).' },
    REPORT: { description: 'A member’s report of a message in a conversation.' },
  },
});

export enum InboxEntryKind {
  NOTE = 'note',
  REPLY = 'reply',
}

registerEnumType(InboxEntryKind, {
  name: 'InboxEntryKind',
  description: 'What staff added to an inbox item.',
  valuesConfig: {
    NOTE: { description: 'An internal note, seen by staff only.' },
    REPLY: { description: 'A reply mailed to the contact message’s sender.' },
  },
});

@ObjectType({ description: 'A note or a mailed reply that staff added to an inbox item.' })
export class InboxEntry {
  @Field(() => ID, { description: 'The entry’s id.' })
  id!: string;

  @Field(() => InboxEntryKind, { description: 'A staff-only note or a reply mailed to the sender.' })
  kind!: InboxEntryKind;

  @Field(() => User, {
    nullable: true,
    description: 'The staff member who wrote it; null when the account is gone.',
  })
  author!: User | null;

  @Field({ description: 'Its text, line breaks kept.' })
  body!: string;

  @Field(() => ID, {
    nullable: true,
    description: 'For a reply: the stored mail’s id (OutboxMail.id, /admin/outbox); null for a note.',
  })
  mailId!: string | null;

  @Field(() => Date, { description: 'When it was added.' })
  createdAt!: Date;
}

@ObjectType({ description: 'The conversation message a report is about.' })
export class InboxReportedMessage {
  @Field(() => ID, { description: 'The message’s id.' })
  id!: string;

  @Field({ description: 'Its text as it is now.' })
  body!: string;

  @Field(() => User, { description: 'Who sent it.' })
  sender!: User;

  @Field(() => ID, { description: 'The conversation it belongs to.' })
  conversationId!: string;

  @Field({ description: 'The conversation’s subject; empty when it has none.' })
  conversationSubject!: string;

  @Field(() => Date, { description: 'When it was sent.' })
  sentAt!: Date;
}

@ObjectType({
  description:
    'One item of the staff inbox (/admin/messages): a contact-form message or a report of a conversation message, with its status, assignee, notes and replies.',
})
export class InboxItem {
  @Field(() => ID, { description: 'The item’s id.' })
  id!: string;

  @Field(() => InboxItemKind, { description: 'A contact message or a message report.' })
  kind!: InboxItemKind;

  @Field(() => InboxStatus, { description: 'Where it stands: new, open, answered or archived.' })
  status!: InboxStatus;

  @Field(() => User, { nullable: true, description: 'The admin handling it; null when nobody is assigned.' })
  assignedTo!: User | null;

  @Field({
    description:
      'A one-line title: the contact form’s subject, or for a report “Reported message” and the conversation’s subject.',
  })
  subject!: string;

  @Field({
    description:
      'The text: the contact message, or for a report the reported message’s text as it was when reported (kept when the message is deleted).',
  })
  body!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The name given in the contact form; null for reports.',
  })
  name!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The email address given in the contact form (replies go there); null for reports.',
  })
  email!: string | null;

  @Field(() => User, {
    nullable: true,
    description:
      'The account that sent it: the signed-in sender of a contact message (null for a guest) or the reporter of a message.',
  })
  user!: User | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the member reported the message; null for contact messages.',
  })
  reason!: string | null;

  @Field(() => InboxReportedMessage, {
    nullable: true,
    description:
      'For a report: the reported message with its sender and conversation; null for contact messages or when the message was deleted.',
  })
  reportedMessage!: InboxReportedMessage | null;

  @Field({ description: 'True for contact messages: staff can mail a reply (inboxReply).' })
  canReply!: boolean;

  @Field(() => Date, { description: 'When it arrived.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When it last changed (status, assignee, a note or a reply).' })
  updatedAt!: Date;
}

@ObjectType()
export class InboxItemConnection extends Connection(InboxItem, 'InboxItem') {}

@ObjectType({ description: 'How many inbox items are in each status now.' })
export class InboxCounts {
  @Field(() => Int, { name: 'new', description: 'Items nobody has worked on yet.' })
  newCount!: number;

  @Field(() => Int, { description: 'Items being handled.' })
  open!: number;

  @Field(() => Int, { description: 'Items answered.' })
  answered!: number;

  @Field(() => Int, { description: 'Items archived.' })
  archived!: number;
}

@InputType({ description: 'A message for the DRX team from the contact form (/contact).' })
export class ContactSendInput {
  @Field({ description: 'The sender’s name, 1 to 100 characters.' })
  name!: string;

  @Field({ description: 'Where the reply goes: an email address, at most 254 characters.' })
  email!: string;

  @Field({ description: 'What it is about, 1 to 200 characters (one line).' })
  subject!: string;

  @Field({ description: 'The message, 1 to 5000 characters.' })
  message!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Leave empty. A field people never see (a honeypot): when it is filled the answer is `received: true` and nothing is kept.',
  })
  website?: string | null;
}

@ObjectType({ description: 'The answer to a contact message.' })
export class ContactSendPayload {
  @Field({ description: 'True when the message was received; false on userErrors.' })
  received!: boolean;

  @Field(() => [UserError], { description: 'Why it was refused (nothing kept then); empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'A change to an inbox item; absent fields stay as they are.' })
export class InboxItemUpdateInput {
  @Field(() => ID, { description: 'The item’s id.' })
  id!: string;

  @Field(() => InboxStatus, { nullable: true, description: 'The new status; absent or null: unchanged.' })
  status?: InboxStatus | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'The admin to assign it to; null unassigns it; absent: unchanged. Assigning a new item makes it open.',
  })
  assignedToId?: string | null;
}

@InputType({ description: 'A staff-only note on an inbox item.' })
export class InboxNoteAddInput {
  @Field(() => ID, { description: 'The item’s id.' })
  itemId!: string;

  @Field({ description: 'The note, 1 to 5000 characters.' })
  body!: string;
}

@InputType({ description: 'A reply to a contact message, mailed to its sender.' })
export class InboxReplyInput {
  @Field(() => ID, { description: 'The contact item’s id.' })
  itemId!: string;

  @Field({ description: 'The reply, 1 to 5000 characters (the original message is quoted below it).' })
  body!: string;
}

@ObjectType({ description: 'An inbox item after a change, or why the change was refused.' })
export class InboxItemPayload {
  @Field(() => InboxItem, { nullable: true, description: 'The item after the change; null on userErrors.' })
  item!: InboxItem | null;

  @Field(() => [UserError], { description: 'Why it was refused (nothing changed then); empty on success.' })
  userErrors!: UserError[];
}
