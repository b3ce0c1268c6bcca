import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { NotificationPreferencesService } from './notification-preferences.service';
import {
  NotificationKind,
  NotificationPreference,
  NotificationPreferencesPayload,
  NotificationPreferencesUpdateInput,
  NotificationUnsubscribeInput,
  NotificationUnsubscribePayload,
} from './notifications.types';

const service = (ctx: Context) => new NotificationPreferencesService(ctx.em);

/** Email preferences and one-click unsubscribe (notifications.permissions.ts). */
@Resolver()
export class NotificationsResolver {
  @Query(() => [NotificationPreference], {
    description: 'Every kind of email with whether I get it (all on until I switch one off).',
  })
  async notificationPreferences(@Ctx() ctx: Context): Promise<NotificationPreference[]> {
    return (await service(ctx).list(ctx.viewer!.id)) as NotificationPreference[];
  }

  @Mutation(() => NotificationPreferencesPayload, {
    description:
      'Switches kinds of email on or off for me. userErrors: INVALID_INPUT (no entry, or a kind twice).',
  })
  notificationPreferencesUpdate(
    @Arg('input', () => NotificationPreferencesUpdateInput, { description: 'The kinds to change.' })
    input: NotificationPreferencesUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ preferences: NotificationPreference[] }>(
      async () => ({
        preferences: (await service(ctx).update(
          ctx.viewer!.id,
          input.preferences,
        )) as NotificationPreference[],
      }),
      { preferences: [] },
    );
  }

  @Mutation(() => NotificationUnsubscribePayload, {
    description:
      'Switches off the kind of email of an unsubscribe link (no sign-in needed: the signed token is the proof). userErrors: INVALID_INPUT (forged, altered or malformed token), NOT_FOUND (account gone).',
  })
  notificationUnsubscribe(
    @Arg('input', () => NotificationUnsubscribeInput, { description: 'The token from the link.' })
    input: NotificationUnsubscribeInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ kind: NotificationKind | null }>(
      async () => ({
        kind: (await service(ctx).unsubscribe(input.token, ctx.config.sessionSecret)) as NotificationKind,
      }),
      { kind: null },
    );
  }
}
