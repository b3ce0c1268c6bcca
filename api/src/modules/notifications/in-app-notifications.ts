import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { UserError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';

/** What an in-app notification says (a line in the member's notification list). */
export interface InAppMessage {
  userId: string;
  title: string;
  body?: string;
  /** A path inside the site to open, e.g. `/assignments/<id>`. */
  link?: string | null;
}

/**
 * Adds an in-app notification for `message.userId`, in the caller's transaction (so it exists
 * exactly when the change it tells of commits). In-app notifications cannot be switched off; the
 * mail of the same event goes through `notify` and its preferences.
 */
export async function notifyInApp(em: EntityManager, message: InAppMessage): Promise<void> {
  await em.execute(
    `insert into in_app_notifications (id, user_id, title, body, link) values (?, ?, ?, ?, ?)`,
    [
      randomUUID(),
      message.userId,
      message.title.slice(0, 200),
      (message.body ?? '').slice(0, 2000),
      message.link ?? null,
    ],
  );
}

@ObjectType('InAppNotification', { description: 'A notification shown in the site (newest first).' })
export class InAppNotificationView {
  @Field(() => ID, { description: 'The notification id.' })
  id!: string;

  @Field({ description: 'What happened, in a line.' })
  title!: string;

  @Field({ description: 'More detail (may be empty).' })
  body!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The page of the site it is about, a path; null if none.',
  })
  link!: string | null;

  @Field(() => Date, { nullable: true, description: 'When I marked it read; null while unread.' })
  readAt!: Date | null;

  @Field(() => Date, { description: 'When it was made.' })
  createdAt!: Date;
}

@ObjectType({ description: 'The result of markNotificationsRead.' })
export class MarkNotificationsReadPayload {
  @Field(() => Int, { description: 'How many notifications became read.' })
  marked!: number;

  @Field(() => [UserError], { description: 'Expected failures; empty when the change was made.' })
  userErrors!: UserError[];
}

interface Row {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
}

/** My in-app notifications and marking them read. */
@Resolver()
export class InAppNotificationsResolver {
  @Query(() => [InAppNotificationView], {
    description: 'My in-app notifications, newest first (at most `limit`, default 20, up to 100).',
  })
  async myNotifications(
    @Arg('limit', () => Int, { nullable: true, description: 'How many (1–100; default 20).' })
    limit: number | null,
    @Ctx() ctx: Context,
  ): Promise<InAppNotificationView[]> {
    const n = Math.min(Math.max(limit ?? 20, 1), 100);
    const rows = await ctx.em.execute<Row[]>(
      `select id, title, body, link, read_at, created_at from in_app_notifications
        where user_id = ? order by created_at desc, id limit ?`,
      [ctx.viewer!.id, n],
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      link: r.link,
      readAt: r.read_at === null ? null : new Date(r.read_at),
      createdAt: new Date(r.created_at),
    }));
  }

  @Mutation(() => MarkNotificationsReadPayload, {
    description: 'Marks all my unread in-app notifications read. userErrors: none expected.',
  })
  markNotificationsRead(@Ctx() ctx: Context): Promise<MarkNotificationsReadPayload> {
    return payload(
      async () => {
        const rows = await ctx.em.execute<{ id: string }[]>(
          `update in_app_notifications set read_at = now() where user_id = ? and read_at is null returning id`,
          [ctx.viewer!.id],
        );
        return { marked: rows.length };
      },
      { marked: 0 },
    );
  }
}
