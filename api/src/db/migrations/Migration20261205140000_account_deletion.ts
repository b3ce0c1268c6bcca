import { Migration } from '@mikro-orm/migrations';

/**
 * "Take their data and leave" (issue 31, GDPR art. 17): an account deleted by its owner keeps its
 * row (orders, ledger rows and messages still point at it) but is anonymised, and `deleted_at`
 * says so: such an account never signs in again (auth/sign-in.ts) and shows as "Deleted user".
 */
export class Migration20261205140000_account_deletion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "deleted_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "deleted_at";`);
  }
}
