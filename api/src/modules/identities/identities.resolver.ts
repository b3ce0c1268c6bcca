import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { AccountActionPayload } from '../account';
import { listIdentities, unlinkIdentity } from './identities.service';
import { LinkedIdentity, SignInProvider } from './identities.types';

/** The configured provider's name for an issuer; the issuer's host for one no longer configured. */
export function providerNameFor(ctx: Context, issuer: string): string {
  if (ctx.config.oidc?.issuer === issuer) return ctx.config.oidc.name;
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}

/** Sign in with an identity provider: what the pages offer, and my linked sign-ins (modules/identities). */
@Resolver()
export class IdentitiesResolver {
  @Query(() => [SignInProvider], {
    description:
      'The identity providers one may sign in or register with (“Continue with …”); empty when none is set up.',
  })
  signInProviders(@Ctx() ctx: Context): SignInProvider[] {
    const oidc = ctx.config.oidc;
    return oidc ? [{ id: 'oidc', name: oidc.name, startUrl: '/api/auth/oidc/start' }] : [];
  }

  @Query(() => [LinkedIdentity], {
    description: 'The identity provider sign-ins linked to my account, oldest first.',
  })
  async myIdentities(@Ctx() ctx: Context): Promise<LinkedIdentity[]> {
    const rows = await listIdentities(ctx.em, ctx.user!.id);
    return rows.map((row) => ({
      id: row.id,
      providerName: providerNameFor(ctx, row.issuer),
      email: row.email,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
    }));
  }

  @Mutation(() => AccountActionPayload, {
    description:
      'Unlinks one of my identity provider sign-ins, and mails my email. ' +
      'Errors: NOT_FOUND (not one of mine), INVALID_INPUT (it is my only way to sign in: set a password first).',
  })
  identityUnlink(
    @Arg('id', () => ID, { description: 'The link’s `id` from `myIdentities`.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<AccountActionPayload> {
    return payload<{ success: boolean; message: string | null }>(
      async () => {
        await unlinkIdentity(
          ctx.em,
          ctx.user!,
          id,
          (issuer) => providerNameFor(ctx, issuer),
          ctx.config.publicUrl,
          { ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? null },
        );
        return { success: true, message: 'The sign-in was unlinked.' };
      },
      { success: false, message: null },
    );
  }
}
