import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';

export enum ApiTokenStatus {
  ACTIVE = 'active',
  EXPIRED = 'expired',
  REVOKED = 'revoked',
}

registerEnumType(ApiTokenStatus, {
  name: 'ApiTokenStatus',
  description: 'Whether an API token works.',
  valuesConfig: {
    ACTIVE: { description: 'It works (not revoked, not expired).' },
    EXPIRED: { description: 'Its expiry date has passed: refused with 401.' },
    REVOKED: { description: 'Its owner or an admin revoked it: refused with 401.' },
  },
});

@ObjectType({ description: 'A scope an API token can be given, and what it allows.' })
export class ApiTokenScopeInfo {
  @Field({ description: 'The scope, e.g. "orders:read".' })
  name!: string;

  @Field({ description: 'What it allows, in a sentence.' })
  description!: string;
}

@ObjectType({
  description:
    'A personal API token: sent as `Authorization: Bearer <token>`, it acts as its owner within its scopes. Its secret is shown only once, when it is created.',
})
export class ApiToken {
  @Field(() => ID, { description: 'The token’s id (not the secret).' })
  id!: string;

  @Field({ description: 'The name its owner gave it, e.g. "Studio website".' })
  name!: string;

  @Field({ description: 'Its first 10 characters (`drx_` and 6 more), to tell tokens apart.' })
  tokenPrefix!: string;

  @Field(() => [String], { description: 'What it may do (see `apiTokenScopes`).' })
  scopes!: string[];

  @Field(() => ApiTokenStatus, { description: 'Whether it works now.' })
  status!: ApiTokenStatus;

  @Field(() => Date, { nullable: true, description: 'When it stops working; null: never.' })
  expiresAt!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it was last used (to the minute); null: never used.',
  })
  lastUsedAt!: Date | null;

  @Field({ description: 'When it was created.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was revoked; null: not revoked.' })
  revokedAt!: Date | null;

  @Field({ description: 'The username of its owner, whose account it acts as.' })
  ownerUsername!: string;
}

@ObjectType({ description: 'A page of API tokens.' })
export class ApiTokenConnection extends Connection(ApiToken, 'ApiToken') {}

@InputType({ description: 'A new API token.' })
export class ApiTokenCreateInput {
  @Field({ description: 'A name to recognise it by (1–100 characters), e.g. where it is used.' })
  name!: string;

  @Field(() => [String], {
    description: 'What it may do: one or more of `apiTokenScopes` (the admin scope: staff only).',
  })
  scopes!: string[];

  @Field(() => Int, {
    nullable: true,
    description: 'Days until it stops working (1–366); null or absent: it never expires.',
  })
  expiresInDays?: number | null;
}

@ObjectType({ description: 'The result of apiTokenCreate.' })
export class ApiTokenCreatePayload {
  @Field(() => ApiToken, { nullable: true, description: 'The new token; null when userErrors is not empty.' })
  apiToken!: ApiToken | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The secret to send as `Authorization: Bearer <token>`. Shown this once: DRX keeps only its hash. Null when userErrors is not empty.',
  })
  token!: string | null;

  @Field(() => [UserError], {
    description:
      'Why it was refused: INVALID_INPUT (name, scopes or expiresInDays; field names it), CONFLICT (too many active tokens); empty on success.',
  })
  userErrors!: UserError[];
}

@InputType({ description: 'The token to revoke.' })
export class ApiTokenRevokeInput {
  @Field(() => ID, { description: 'The token’s id (ApiToken.id).' })
  id!: string;
}

@ObjectType({ description: 'The result of revoking an API token.' })
export class ApiTokenRevokePayload {
  @Field(() => ApiToken, {
    nullable: true,
    description: 'The revoked token; null when userErrors is not empty.',
  })
  apiToken!: ApiToken | null;

  @Field(() => [UserError], { description: 'NOT_FOUND (no such token of yours); empty on success.' })
  userErrors!: UserError[];
}
