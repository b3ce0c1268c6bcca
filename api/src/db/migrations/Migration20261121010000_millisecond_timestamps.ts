import { Migration } from '@mikro-orm/migrations';

/**
 * List cursors carry JavaScript dates (millisecond precision); rows stamped by the database's own
 * now() (microseconds) could fall between two cursors and be skipped. Store milliseconds only.
 */
export class Migration20261121010000_millisecond_timestamps extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" alter column "created_at" type timestamptz(3), alter column "updated_at" type timestamptz(3);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "users" alter column "created_at" type timestamptz, alter column "updated_at" type timestamptz;`,
    );
  }
}
