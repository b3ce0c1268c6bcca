import { Migration } from '@mikro-orm/migrations';

/**
 * Registrations per client address (each account costs an argon2id hash): counted over the last
 * hour, in PostgreSQL so every app process and replica sees the same count.
 */
export class Migration20261124100000_registration_attempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "registration_attempts" (
        "id" bigserial primary key,
        "address" varchar(100) not null,
        "created_at" timestamptz(3) not null default now()
      );`);
    this.addSql(
      `create index "registration_attempts_address_created_at_index" on "registration_attempts" ("address", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "registration_attempts";`);
  }
}
