import { Migration } from '@mikro-orm/migrations';

/**
 * Passkeys (issue 31): each account's WebAuthn credentials (`passkeys`, modules/passkeys), and the
 * challenges the server issued for adding one or signing in with one (`passkey_challenges`: only a
 * SHA-256 of each challenge is kept; each is answered once, within 5 minutes).
 */
export class Migration20261205110000_passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "passkeys" (
        "id" uuid primary key default gen_random_uuid(),
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "credential_id" text not null unique,
        "public_key" bytea not null,
        "counter" bigint not null default 0,
        "transports" text[] not null default '{}',
        "device_type" text null,
        "backed_up" boolean not null default false,
        "name" text not null,
        "created_at" timestamptz not null default now(),
        "last_used_at" timestamptz null
      );`);
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`
      create table "passkey_challenges" (
        "id" uuid primary key default gen_random_uuid(),
        "purpose" varchar(20) not null check ("purpose" in ('register', 'authenticate')),
        "challenge_hash" char(64) not null unique,
        "user_id" uuid null references "users" ("id") on delete cascade,
        "session_hash" char(64) null,
        "created_at" timestamptz not null default now(),
        "expires_at" timestamptz not null
      );`);
    this.addSql(`create index "passkey_challenges_expires_index" on "passkey_challenges" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "passkey_challenges";`);
    this.addSql(`drop table if exists "passkeys";`);
  }
}
