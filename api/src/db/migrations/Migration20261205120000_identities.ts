import { Migration } from '@mikro-orm/migrations';

/**
 * Sign in with an identity provider (issue 31, modules/identities): each row links one person at one
 * OpenID Connect provider — the pair (issuer, subject), unique — to one account, with the email the
 * provider gave and when the link was made and last used. An account made by a provider sign-in has
 * no password until one is set (forgot password), so `users.password_hash` may now be null.
 */
export class Migration20261205120000_identities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "identities" (
        "id" uuid primary key default gen_random_uuid(),
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "issuer" varchar(500) not null,
        "subject" varchar(255) not null,
        "email" varchar(254) null,
        "created_at" timestamptz not null default now(),
        "last_used_at" timestamptz not null default now(),
        constraint "identities_issuer_subject_unique" unique ("issuer", "subject")
      );`);
    this.addSql(`create index "identities_user_index" on "identities" ("user_id");`);
    this.addSql(`alter table "users" alter column "password_hash" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identities";`);
    this.addSql(`update "users" set "password_hash" = '!' where "password_hash" is null;`);
    this.addSql(`alter table "users" alter column "password_hash" set not null;`);
  }
}
