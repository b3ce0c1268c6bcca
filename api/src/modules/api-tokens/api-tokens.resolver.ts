import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { API_TOKEN_SCOPES, API_TOKEN_SCOPE_TEXT } from './api-token-scopes';
import { type ApiTokenRow, ApiTokensService } from './api-tokens.service';
import {
  ApiToken,
  ApiTokenConnection,
  ApiTokenCreateInput,
  ApiTokenCreatePayload,
  ApiTokenRevokeInput,
  ApiTokenRevokePayload,
  ApiTokenScopeInfo,
  ApiTokenStatus,
} from './api-tokens.types';

const service = (ctx: Context) => new ApiTokensService(ctx.em);
const asGraph = (row: ApiTokenRow) => row as unknown as ApiToken;

/** Personal API tokens (api-tokens.permissions.ts): my own, and for admins everyone's. */
@Resolver()
export class ApiTokensResolver {
  @Query(() => [ApiTokenScopeInfo], {
    description: 'Every scope an API token can be given, with what it allows.',
  })
  apiTokenScopes(): ApiTokenScopeInfo[] {
    return API_TOKEN_SCOPES.map((name) => ({ name, description: API_TOKEN_SCOPE_TEXT[name] }));
  }

  @Query(() => [ApiToken], {
    description:
      'My API tokens: active ones first, then expired ones and those revoked in the last 90 days; newest first.',
  })
  async apiTokens(@Ctx() ctx: Context): Promise<ApiToken[]> {
    return (await service(ctx).listMine(ctx.viewer!.id)).map(asGraph);
  }

  @Mutation(() => ApiTokenCreatePayload, {
    description:
      'Creates a personal API token acting as me within its scopes (never beyond my roles). The secret is in the payload this once. Needs a signed-in session (not a token).',
  })
  apiTokenCreate(
    @Arg('input', () => ApiTokenCreateInput, { description: 'Its name, scopes and expiry.' })
    input: ApiTokenCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ apiToken: ApiToken | null; token: string | null }>(
      async () => {
        const { apiToken, token } = await service(ctx).create(ctx.viewer!, input);
        return { apiToken: asGraph(apiToken), token };
      },
      { apiToken: null, token: null },
    );
  }

  @Mutation(() => ApiTokenRevokePayload, {
    description: 'Revokes one of my API tokens: it is refused (401) from the next request on.',
  })
  apiTokenRevoke(
    @Arg('input', () => ApiTokenRevokeInput, { description: 'Which token.' }) input: ApiTokenRevokeInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ apiToken: ApiToken | null }>(
      async () => ({ apiToken: asGraph(await service(ctx).revoke(input.id, ctx.viewer!, ctx.viewer!.id)) }),
      { apiToken: null },
    );
  }

  @Query(() => ApiTokenConnection, {
    description: 'Every API token of every account, newest first, optionally by status and text.',
  })
  async adminApiTokens(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Part of the token’s name or prefix, or of its owner’s username or email; blank: all.',
    })
    search?: string,
    @Arg('status', () => ApiTokenStatus, { nullable: true, description: 'Only tokens in this state.' })
    status?: ApiTokenStatus,
  ): Promise<ApiTokenConnection> {
    const page = await service(ctx).listAll({ first: pageSize(first), after, search, status });
    return page as unknown as ApiTokenConnection;
  }

  @Mutation(() => ApiTokenRevokePayload, { description: 'Revokes anyone’s API token.' })
  adminApiTokenRevoke(
    @Arg('input', () => ApiTokenRevokeInput, { description: 'Which token.' }) input: ApiTokenRevokeInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ apiToken: ApiToken | null }>(
      async () => ({ apiToken: asGraph(await service(ctx).revoke(input.id, ctx.viewer!, null)) }),
      { apiToken: null },
    );
  }
}
