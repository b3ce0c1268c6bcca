import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16: a store's location (ZIP code, city, state), typed in the seller settings where a US ZIP
 * code fills city and state. All optional.
 */
export class Migration20261125001600_store_location extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "seller_profiles" add column "zip" varchar(10) null, add column "city" varchar(100) null,
         add column "state" varchar(100) null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "seller_profiles" drop column if exists "zip", drop column if exists "city", drop column if exists "state";`,
    );
  }
}
