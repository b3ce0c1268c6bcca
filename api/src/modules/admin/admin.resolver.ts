import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import {
  AFTER_ARG_DESCRIPTION,
  FIRST_ARG_DESCRIPTION,
  pageSize,
  toConnection,
} from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import type { User } from '../users';
import {
  AdminOverview,
  SystemStatus,
  UserConnection,
  UserRolesUpdateInput,
  UserRolesUpdatePayload,
} from './admin.types';
import { systemStatus } from './system-status';

@Resolver()
export class AdminResolver {
  @Query(() => UserConnection, {
    description: 'All accounts, newest registration first, optionally filtered by text and role.',
  })
  async users(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Only accounts whose username, first name, last name or email contains this text (any letter case; trimmed). Null or empty: no text filter.',
    })
    search?: string,
    @Arg('role', () => String, {
      nullable: true,
      description:
        'Only accounts whose `roles` include this value (see `referenceLists.roles`; an unknown value matches nobody). Null: every role.',
    })
    role?: string,
  ): Promise<UserConnection> {
    const page = await ctx.services.adminUsers.list({ first: pageSize(first), after, search, role });
    return toConnection(page);
  }

  @Mutation(() => UserRolesUpdatePayload, {
    description:
      'Replaces a user’s roles and sets their `role` to the most privileged of them; takes effect on their next request. ' +
      'Errors: INVALID_INPUT (no role, or an unknown one), NOT_FOUND (no account with `userId`), FORBIDDEN (removing your own admin role).',
  })
  userRolesUpdate(
    @Arg('input', { description: 'Whose roles, and the new list.' }) input: UserRolesUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<UserRolesUpdatePayload> {
    return payload<{ user: User | null }>(
      async () => ({ user: await ctx.services.adminUsers.updateRoles(ctx.user!, input.userId, input.roles) }),
      { user: null },
    );
  }

  @Query(() => AdminOverview, { description: 'Account figures for the admin dashboard, counted now.' })
  adminOverview(@Ctx() ctx: Context): Promise<AdminOverview> {
    return ctx.services.adminUsers.overview();
  }

  @Query(() => SystemStatus, {
    description:
      'The running deployment: versions, database and payment modes, applied migrations and uptime.',
  })
  systemStatus(@Ctx() ctx: Context): Promise<SystemStatus> {
    return systemStatus(ctx.em, ctx.config, ctx.payments);
  }
}
