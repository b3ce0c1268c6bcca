import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { maySeePrivateFields } from './private-fields';
import { User } from './user.entity';
import { ProfileUpdateInput } from './users.inputs';
import { ProfileUpdatePayload } from './users.payloads';

/** Whether the viewer may see the account's private fields (email, roles): its owner and admins. */
function maySeePrivate(ctx: Context, user: User): boolean {
  return maySeePrivateFields(ctx.viewer, user);
}

@Resolver(() => User)
export class UsersResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The account’s email address (lower case). Visible to its owner and to admins; null for others and when none was given.',
  })
  email(@Root() user: User, @Ctx() ctx: Context): string | null {
    return maySeePrivate(ctx, user) ? (user.email ?? null) : null;
  }

  @FieldResolver(() => Boolean, {
    nullable: true,
    description:
      'Whether the account proved `email` is its own (opened the link mailed to it). Store orders and invitations go only to a verified email. Visible to its owner and to admins; null for others.',
  })
  emailVerified(@Root() user: User, @Ctx() ctx: Context): boolean | null {
    return maySeePrivate(ctx, user) ? Boolean(user.email && user.emailVerifiedAt) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The most privileged of `roles` (in this order: admin, curriculum_officer, curriculum_admin, moderator, instructor, seller, booking_provider, booking, booking_client, student, user). Visible to its owner and to admins; null for others.',
  })
  role(@Root() user: User, @Ctx() ctx: Context): string | null {
    return maySeePrivate(ctx, user) ? user.role : null;
  }

  @FieldResolver(() => [String], {
    nullable: true,
    description:
      'Every role of the account (values as in `referenceLists.roles`; a new account has `user`). Visible to its owner and to admins; null for others.',
  })
  roles(@Root() user: User, @Ctx() ctx: Context): string[] | null {
    return maySeePrivate(ctx, user) ? user.roles : null;
  }

  @Query(() => User, {
    nullable: true,
    description:
      'An account by id (its public profile; the private fields only for its owner and admins); null when no account has that id.',
  })
  user(
    @Arg('id', () => ID, { description: 'The account’s id (a UUID).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<User | null> {
    return ctx.services.users.findById(id);
  }

  @Mutation(() => ProfileUpdatePayload, {
    description:
      'Changes the signed-in account’s first and/or last name, or its time zone (a field left out stays as it is). Errors: INVALID_INPUT (a name longer than 100 characters, an unknown time zone; `field` names it).',
  })
  profileUpdate(
    @Arg('input', { description: 'The names to change.' }) input: ProfileUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<ProfileUpdatePayload> {
    // The permission rule guarantees a signed-in user here.
    return payload<{ user: User | null }>(
      async () => ({ user: await ctx.services.users.updateProfile(ctx.user!, input) }),
      {
        user: null,
      },
    );
  }
}
