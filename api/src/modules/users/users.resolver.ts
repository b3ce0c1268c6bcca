import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { hasRole } from './roles';
import { User } from './user.entity';
import { ProfileUpdateInput } from './users.inputs';
import { ProfileUpdatePayload } from './users.payloads';

/**
 * Whether the viewer may see the account's private fields (email, roles): its owner and admins.
 * A public profile (guests, other members, staff who are not admins) shows name, username, avatar.
 */
function maySeePrivate(ctx: Context, user: User): boolean {
  return !!ctx.viewer && (ctx.viewer.id === user.id || hasRole(ctx.viewer, 'admin'));
}

@Resolver(() => User)
export class UsersResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'Visible to its owner and to admins; null for others.',
  })
  email(@Root() user: User, @Ctx() ctx: Context): string | null {
    return maySeePrivate(ctx, user) ? (user.email ?? null) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The most privileged of `roles`. Visible to its owner and to admins; null for others.',
  })
  role(@Root() user: User, @Ctx() ctx: Context): string | null {
    return maySeePrivate(ctx, user) ? user.role : null;
  }

  @FieldResolver(() => [String], {
    nullable: true,
    description: 'Visible to its owner and to admins; null for others.',
  })
  roles(@Root() user: User, @Ctx() ctx: Context): string[] | null {
    return maySeePrivate(ctx, user) ? user.roles : null;
  }

  @Query(() => User, { nullable: true, description: 'A public profile by id.' })
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<User | null> {
    return ctx.services.users.findById(id);
  }

  @Mutation(() => ProfileUpdatePayload, { description: 'Changes my first and last name.' })
  profileUpdate(@Arg('input') input: ProfileUpdateInput, @Ctx() ctx: Context): Promise<ProfileUpdatePayload> {
    // The permission rule guarantees a signed-in user here.
    return payload<{ user: User | null }>(
      async () => ({ user: await ctx.services.users.updateProfile(ctx.user!, input) }),
      {
        user: null,
      },
    );
  }
}
