import { Migration } from '@mikro-orm/migrations';

/**
 * Two-step sign-in with an authenticator app (issue 31; account/two-step/). One TOTP secret per
 * account (encrypted with a key derived from the session secret; `enabled_at` null while being set
 * up), the last time step a code was accepted in (a code is never accepted twice), ten one-time
 * recovery codes kept only as SHA-256, and the second steps owed by password sign-ins (a random
 * token in an HttpOnly cookie, kept only hashed, valid 10 minutes, used once).
 */
export class Migration20261205100000_two_step extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "two_step_secrets" (
        "user_id" uuid primary key references "users" ("id") on delete cascade,
        "secret" text not null,
        "enabled_at" timestamptz null,
        "last_time_step" bigint null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "two_step_recovery_codes" (
        "id" uuid primary key default gen_random_uuid(),
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "code_hash" char(64) not null unique,
        "used_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "two_step_recovery_codes_user_index" on "two_step_recovery_codes" ("user_id");`,
    );
    this.addSql(`
      create table "two_step_pending" (
        "id" uuid primary key default gen_random_uuid(),
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "token_hash" char(64) not null unique,
        "method" varchar(20) not null,
        "created_at" timestamptz not null default now(),
        "expires_at" timestamptz not null,
        "used_at" timestamptz null
      );`);
    this.addSql(`create index "two_step_pending_expires_index" on "two_step_pending" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "two_step_pending";`);
    this.addSql(`drop table if exists "two_step_recovery_codes";`);
    this.addSql(`drop table if exists "two_step_secrets";`);
  }
}
