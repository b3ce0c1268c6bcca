import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16: an in-person session type's own place (a studio): ZIP code, city, state and the ZIP code's
 * coordinates (filled by the server from the offline lookup). Null: at the instructor's location.
 */
export class Migration20261125001700_session_type_location extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "session_types" add column "zip" varchar(10) null, add column "city" varchar(100) null,
         add column "state" varchar(100) null, add column "latitude" double precision null,
         add column "longitude" double precision null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "session_types" drop column if exists "zip", drop column if exists "city",
         drop column if exists "state", drop column if exists "latitude", drop column if exists "longitude";`,
    );
  }
}
