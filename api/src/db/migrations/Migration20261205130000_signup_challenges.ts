import { Migration } from '@mikro-orm/migrations';

/**
 * The sign-up challenge solutions used (auth/signup-challenge.ts): one row per challenge nonce, so
 * a solution admits one registration — the primary key refuses a second use, even by two requests
 * racing with it. Rows are pruned once their challenge has expired (it verifies no more).
 */
export class Migration20261205130000_signup_challenges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "signup_challenge_solutions" (
        "nonce" varchar(64) primary key,
        "expires_at" timestamptz(3) not null,
        "created_at" timestamptz(3) not null default now()
      );`);
    this.addSql(
      `create index "signup_challenge_solutions_expires_at_index" on "signup_challenge_solutions" ("expires_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "signup_challenge_solutions";`);
  }
}
