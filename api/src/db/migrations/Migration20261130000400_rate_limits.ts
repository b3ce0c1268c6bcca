import { Migration } from '@mikro-orm/migrations';

/**
 * Rate limit counters shared by every process and machine (http/rate-limit.ts): one row per key
 * and limit with its count and the end of its window (ms since the epoch), in the shape
 * rate-limiter-flexible's RateLimiterPostgres reads and writes. Unlogged: every request writes a
 * row, and a counter is worth no WAL — after a crash the table starts empty, which only forgets
 * the current minute's counts.
 */
export class Migration20261130000400_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create unlogged table "rate_limits" (
        "key" varchar(255) primary key,
        "points" integer not null default 0,
        "expire" bigint
      );`);
    this.addSql(`create index "rate_limits_expire_index" on "rate_limits" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limits";`);
  }
}
