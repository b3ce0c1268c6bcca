import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { findOutboxMail, listOutbox, type OutboxRow } from './mail-outbox';
import { OutboxMail, OutboxMailConnection } from './mail.types';

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    ...row,
    attachmentNames: row.attachments.map((a) => a.filename),
    attachments: row.attachments.map((a, index) => ({
      index,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      url: `/api/admin/outbox/${row.id}/attachments/${index}`,
    })),
  };
}

/** The admin outbox: every mail the app made (mail.permissions.ts: admins only). */
@Resolver(() => OutboxMail)
export class MailResolver {
  @Query(() => OutboxMailConnection, {
    description: 'Every mail the app made, newest first, optionally filtered by recipient or subject.',
  })
  async adminMailOutbox(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Part of the recipient address or the subject, matched case-insensitively (the first 100 characters are used); blank: all.',
    })
    search?: string,
  ): Promise<OutboxMailConnection> {
    const page = await listOutbox(ctx.em, pageSize(first), after, search);
    const nodes = page.nodes.map(toOutboxMail);
    return {
      ...page,
      nodes,
      edges: page.edges.map((edge, i) => ({ node: nodes[i], cursor: edge.cursor })),
    };
  }

  @Query(() => OutboxMail, { nullable: true, description: 'One stored mail by id; null when there is none.' })
  async adminMailOutboxMessage(
    @Arg('id', () => ID, { description: 'The mail’s id (OutboxMail.id).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<OutboxMail | null> {
    const row = await findOutboxMail(ctx.em, id);
    return row ? toOutboxMail(row) : null;
  }
}
