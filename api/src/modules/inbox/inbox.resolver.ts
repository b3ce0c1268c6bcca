import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { sendContact } from './contact.service';
import {
  addInboxNote,
  findInboxItem,
  inboxCounts,
  inboxEntries,
  listInboxItems,
  replyToInboxItem,
  updateInboxItem,
} from './inbox.service';
import {
  ContactSendInput,
  ContactSendPayload,
  InboxCounts,
  InboxEntry,
  InboxItem,
  InboxItemConnection,
  InboxItemKind,
  InboxItemPayload,
  InboxItemUpdateInput,
  InboxNoteAddInput,
  InboxReplyInput,
  InboxStatus,
} from './inbox.types';

/** The public contact form and the admins' inbox (inbox.permissions.ts). */
@Resolver(() => InboxItem)
export class InboxResolver {
  @Mutation(() => ContactSendPayload, {
    description:
      'Sends a message to the DRX team from the contact form; it lands in the staff inbox (/admin/messages). At most 5 an hour from one address and for one email address. userErrors: INVALID_INPUT (field named), RATE_LIMITED.',
  })
  contactSend(
    @Arg('input', () => ContactSendInput, { description: 'The sender and the message.' })
    input: ContactSendInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ received: boolean }>(
      async () => {
        await sendContact(ctx.em, input, { ip: ctx.ip, userId: ctx.viewer?.id ?? null });
        return { received: true };
      },
      { received: false },
    );
  }

  @Query(() => InboxItemConnection, {
    description: 'The staff inbox (contact messages and message reports), newest first, filtered.',
  })
  inboxItems(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('status', () => InboxStatus, {
      nullable: true,
      description: 'Only items in this status; null: all.',
    })
    status?: InboxStatus,
    @Arg('kind', () => InboxItemKind, {
      nullable: true,
      description: 'Only contact messages or reports; null: both.',
    })
    kind?: InboxItemKind,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Part of the name, email address, subject, text or report reason (case-insensitive; the first 200 characters are used); null or blank: all.',
    })
    search?: string,
    @Arg('assignedToMe', () => Boolean, {
      nullable: true,
      description: 'True: only items assigned to me; false or null: anyone’s.',
    })
    assignedToMe?: boolean,
  ): Promise<InboxItemConnection> {
    return listInboxItems(ctx.em, ctx.viewer!.id, pageSize(first), after, {
      status,
      kind,
      search,
      assignedToMe,
    });
  }

  @Query(() => InboxItem, { nullable: true, description: 'One inbox item by id; null when there is none.' })
  inboxItem(
    @Arg('id', () => ID, { description: 'The item’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<InboxItem | null> {
    return findInboxItem(ctx.em, id);
  }

  @Query(() => InboxCounts, { description: 'How many inbox items are new, open, answered and archived.' })
  inboxCounts(@Ctx() ctx: Context): Promise<InboxCounts> {
    return inboxCounts(ctx.em);
  }

  @FieldResolver(() => [InboxEntry], { description: 'Staff notes and mailed replies, oldest first.' })
  entries(@Root() item: InboxItem, @Ctx() ctx: Context): Promise<InboxEntry[]> {
    return inboxEntries(ctx.em, item.id);
  }

  @Mutation(() => InboxItemPayload, {
    description:
      'Changes an inbox item’s status and/or assignee (an admin, or null to unassign). userErrors: NOT_FOUND, INVALID_INPUT (the assignee is not an admin).',
  })
  inboxItemUpdate(
    @Arg('input', () => InboxItemUpdateInput, { description: 'The item and what changes.' })
    input: InboxItemUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ item: InboxItem | null }>(async () => ({ item: await updateInboxItem(ctx.em, input) }), {
      item: null,
    });
  }

  @Mutation(() => InboxItemPayload, {
    description:
      'Adds a staff-only note to an inbox item (a new item becomes open). userErrors: NOT_FOUND, INVALID_INPUT.',
  })
  inboxNoteAdd(
    @Arg('input', () => InboxNoteAddInput, { description: 'The item and the note.' })
    input: InboxNoteAddInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ item: InboxItem | null }>(
      async () => ({ item: await addInboxNote(ctx.em, ctx.viewer!.id, input) }),
      { item: null },
    );
  }

  @Mutation(() => InboxItemPayload, {
    description:
      'Mails a reply to a contact message’s sender (the original quoted below it; /admin/outbox without SMTP), keeps it in the item’s thread and sets the item answered. userErrors: NOT_FOUND, INVALID_INPUT (blank, too long, or a report).',
  })
  inboxReply(
    @Arg('input', () => InboxReplyInput, { description: 'The item and the reply.' }) input: InboxReplyInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ item: InboxItem | null }>(
      async () => ({ item: await replyToInboxItem(ctx.em, ctx.viewer!.id, input) }),
      { item: null },
    );
  }
}
