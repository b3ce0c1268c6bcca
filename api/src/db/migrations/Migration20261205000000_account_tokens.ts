import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts people can trust (issue 31): whether an account's email is verified, and the single-use
 * links mailed to verify an email or reset a password (`account_tokens`: only a SHA-256 of each
 * token is kept). A verified address belongs to one account: the partial unique index refuses a
 * second account verifying it, so store orders and invitations matched to a verified email have
 * exactly one owner. Accounts that exist now start unverified; the demo seed verifies its own.
 */
export class Migration20261205000000_account_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
    this.addSql(
      `create unique index "users_verified_email_unique" on "users" (lower("email")) where "email_verified_at" is not null;`,
    );
    this.addSql(`
      create table "account_tokens" (
        "id" uuid primary key default gen_random_uuid(),
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "purpose" varchar(20) not null check ("purpose" in ('verify_email', 'reset_password')),
        "token_hash" char(64) not null unique,
        "email" varchar(254) null,
        "created_at" timestamptz not null default now(),
        "expires_at" timestamptz not null,
        "used_at" timestamptz null
      );`);
    this.addSql(
      `create index "account_tokens_user_purpose_index" on "account_tokens" ("user_id", "purpose", "created_at");`,
    );
    this.addSql(`create index "account_tokens_expires_index" on "account_tokens" ("expires_at");`);
    // Security events of accounts (account/security-events.ts): mailed to the account, listed for admins.
    this.addSql(`
      create table "security_events" (
        "id" uuid primary key default gen_random_uuid(),
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "kind" varchar(40) not null,
        "ip" varchar(100) null,
        "user_agent" varchar(400) null,
        "detail" text null,
        "created_at" timestamptz(3) not null default now()
      );`);
    this.addSql(
      `create index "security_events_created_index" on "security_events" ("created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "security_events_user_index" on "security_events" ("user_id", "created_at" desc);`,
    );
    // A reset or a password change ends the account's other sessions: found by their user.
    this.addSql(`create index if not exists "session_user_id_index" on "session" ((sess ->> 'userId'));`);
    // What the account flows count per address and per account over an hour (account/hourly-throttle.ts).
    this.addSql(`
      create table "account_throttle_events" (
        "id" bigserial primary key,
        "key" varchar(200) not null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "account_throttle_events_key_index" on "account_throttle_events" ("key", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "security_events";`);
    this.addSql(`drop table if exists "account_throttle_events";`);
    this.addSql(`drop index if exists "session_user_id_index";`);
    this.addSql(`drop table if exists "account_tokens";`);
    this.addSql(`drop index if exists "users_verified_email_unique";`);
    this.addSql(`alter table "users" drop column if exists "email_verified_at";`);
  }
}
