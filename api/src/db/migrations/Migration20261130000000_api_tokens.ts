import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 15: personal API tokens (api/src/modules/api-tokens). Only the SHA-256 of a token is kept;
 * `token_prefix` (its first 10 characters) tells tokens apart in lists. Revoking sets `revoked_at`
 * (the row stays as a record); an owner's deletion deletes their tokens. The scopes are the
 * `API_TOKEN_SCOPES` of api-token-scopes.ts (checked here too).
 */
export class Migration20261130000000_api_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_tokens" (
        "id" uuid not null default gen_random_uuid() primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "name" varchar(100) not null check (length(btrim("name")) > 0),
        "token_hash" char(64) not null,
        "token_prefix" varchar(16) not null,
        "scopes" text[] not null check (
          cardinality("scopes") > 0 and "scopes" <@ array['catalog:read', 'account:read', 'account:write',
            'orders:read', 'cart:write', 'learning:read', 'learning:write', 'reviews:write', 'courses:write',
            'resources:write', 'bookings:read', 'bookings:write', 'messages:read', 'messages:write',
            'memberships:write', 'admin']::text[]
        ),
        "expires_at" timestamptz(3) null,
        "last_used_at" timestamptz(3) null,
        "created_at" timestamptz(3) not null default now(),
        "revoked_at" timestamptz(3) null,
        "revoked_by_id" uuid null references "users" ("id") on delete set null,
        constraint "api_tokens_token_hash_key" unique ("token_hash"),
        constraint "api_tokens_expiry_after_creation" check ("expires_at" is null or "expires_at" > "created_at")
      );`,
    );
    this.addSql(`create index "api_tokens_user_id_idx" on "api_tokens" ("user_id", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_tokens";`);
  }
}
