import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "users" (
        "id" uuid primary key,
        "username" varchar(50) not null,
        "username_key" varchar(50) not null,
        "email" varchar(254) null,
        "password_hash" varchar(255) not null,
        "role" varchar(40) not null default 'user',
        "roles" text[] not null default '{user}',
        "first_name" varchar(100) null,
        "last_name" varchar(100) null,
        "profile_image_url" varchar(500) null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "users_username_key_unique" unique ("username_key")
      );`);
    this.addSql(`create index "users_email_index" on "users" ("email");`);
    this.addSql(`
      create table "login_attempts" (
        "id" bigserial primary key,
        "key" varchar(300) not null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "login_attempts_key_created_at_index" on "login_attempts" ("key", "created_at");`,
    );
    // express-session store (connect-pg-simple's table layout).
    this.addSql(`
      create table "session" (
        "sid" varchar not null primary key,
        "sess" json not null,
        "expire" timestamp(6) not null
      );`);
    this.addSql(`create index "session_expire_index" on "session" ("expire");`);
    // Which seeders have run: demo data is seeded once, never re-created after edits.
    this.addSql(`
      create table "seed_runs" (
        "name" varchar(100) primary key,
        "ran_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "seed_runs";`);
    this.addSql(`drop table if exists "session";`);
    this.addSql(`drop table if exists "login_attempts";`);
    this.addSql(`drop table if exists "users";`);
  }
}
