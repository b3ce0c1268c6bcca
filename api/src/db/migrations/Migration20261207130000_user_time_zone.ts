import { Migration } from '@mikro-orm/migrations';

/**
 * The account's IANA time zone (the browser's, sent by the web app; null: not known), so mails
 * without a booking's zone — the assignment due-date reminder — state times in the reader's zone.
 */
export class Migration20261207130000_user_time_zone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "time_zone" varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "time_zone";`);
  }
}
