import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { queryRows } from '../../db/pg-query';
import type { Context } from '../../graphql/context';
import { DomainError, UserError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { isUuid } from '../../lib/ids';

/** The most ids `markNotificationsRead(ids)` takes at once (the longest list the site shows). */
export const MARK_READ_MAX_IDS = 100;

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

  @Field(() => Int, {
    nullable: true,
    description: 'How many of my notifications are still unread after the change; null when refused.',
  })
  unreadCount!: number | null;

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

  @Query(() => Int, {
    description:
      'How many of my in-app notifications are unread (the header bell’s badge), without fetching them.',
  })
  unreadNotificationCount(@Ctx() ctx: Context): Promise<number> {
    return unreadCount(ctx.em, ctx.viewer!.id);
  }

  @Mutation(() => MarkNotificationsReadPayload, {
    description:
      'Marks my unread in-app notifications read: those named by `ids`, or all of them when `ids` is ' +
      'omitted. Ids of notifications that are not mine or already read are passed over. userErrors: ' +
      `INVALID_INPUT (an empty list, more than ${MARK_READ_MAX_IDS} ids, or one that is not an id).`,
  })
  markNotificationsRead(
    @Arg('ids', () => [ID], {
      nullable: true,
      description: `The notifications to mark read (1–${MARK_READ_MAX_IDS}); omitted: all of mine.`,
    })
    ids: string[] | null | undefined,
    @Ctx() ctx: Context,
  ): Promise<MarkNotificationsReadPayload> {
    const userId = ctx.viewer!.id;
    return payload(
      async () => {
        if (ids != null) {
          if (ids.length === 0 || ids.length > MARK_READ_MAX_IDS)
            throw new DomainError(
              'INVALID_INPUT',
              `Name 1 to ${MARK_READ_MAX_IDS} notifications, or leave ids out to mark them all read.`,
              'ids',
            );
          if (!ids.every(isUuid))
            throw new DomainError('INVALID_INPUT', 'That is not a notification id.', 'ids');
        }
        const rows =
          ids == null
            ? await ctx.em.execute<{ id: string }[]>(
                `update in_app_notifications set read_at = now() where user_id = ? and read_at is null returning id`,
                [userId],
              )
            : await ctx.em.execute<{ id: string }[]>(
                `update in_app_notifications set read_at = now()
                  where user_id = ? and read_at is null and id in (?) returning id`,
                [userId, [...new Set(ids)]],
              );
        return { marked: rows.length, unreadCount: (await unreadCount(ctx.em, userId)) as number | null };
      },
      { marked: 0, unreadCount: null as number | null },
    );
  }
}

/** How many of the user's in-app notifications are unread (a partial index holds exactly those). */
async function unreadCount(em: EntityManager, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    em,
    `select count(*)::int as n from in_app_notifications where user_id = ? and read_at is null`,
    [userId],
  );
  return row.n;
}
