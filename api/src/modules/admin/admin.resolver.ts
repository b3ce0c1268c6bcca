import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize, toConnection } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import type { User } from '../users/user.entity';
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
  @Query(() => UserConnection, { description: 'All users, newest first (admins).' })
  async users(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, { nullable: true, description: 'Part of a username, name or email.' })
    search?: string,
    @Arg('role', () => String, { nullable: true }) role?: string,
  ): Promise<UserConnection> {
    const page = await ctx.services.adminUsers.list({ first: pageSize(first), after, search, role });
    return toConnection(page);
  }

  @Mutation(() => UserRolesUpdatePayload, { description: "Replaces a user's roles (admins)." })
  userRolesUpdate(
    @Arg('input') input: UserRolesUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<UserRolesUpdatePayload> {
    return payload<{ user: User | null }>(
      async () => ({ user: await ctx.services.adminUsers.updateRoles(ctx.user!, input.userId, input.roles) }),
      { user: null },
    );
  }

  @Query(() => AdminOverview, { description: 'Figures for the admin dashboard (admins and officers).' })
  adminOverview(@Ctx() ctx: Context): Promise<AdminOverview> {
    return ctx.services.adminUsers.overview();
  }

  @Query(() => SystemStatus, { description: 'The running deployment (admins).' })
  systemStatus(@Ctx() ctx: Context): Promise<SystemStatus> {
    return systemStatus(ctx.em, ctx.config, ctx.payments);
  }
}
