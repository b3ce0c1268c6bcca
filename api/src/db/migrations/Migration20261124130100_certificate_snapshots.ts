import { Migration } from '@mikro-orm/migrations';

/**
 * Certificates print what was true when they were issued: the holder's name and the course title
 * become columns, backfilled from the current data (first and last name, else the username, as
 * the certificates printed them so far). A staff reissue revokes a certificate and points it at
 * its replacement (`replaced_by_id`, deferred so both rows are written in one transaction), so
 * "one certificate per user and course" becomes one *current* certificate (a partial unique index).
 */
export class Migration20261124130100_certificate_snapshots extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "certificates" add column "holder_name" varchar(255) null,
         add column "course_title" varchar(200) null, add column "replaced_by_id" uuid null;`,
    );
    this.addSql(
      `update "certificates" c
          set "holder_name" = coalesce(
                nullif(concat_ws(' ', nullif(trim(u."first_name"), ''), nullif(trim(u."last_name"), '')), ''),
                u."username"),
              "course_title" = co."title"
         from "users" u, "courses" co
        where u."id" = c."user_id" and co."id" = c."course_id";`,
    );
    this.addSql(
      `alter table "certificates" alter column "holder_name" set not null,
         alter column "course_title" set not null;`,
    );
    this.addSql(
      `alter table "certificates" add constraint "certificates_replaced_by_id_foreign"
         foreign key ("replaced_by_id") references "certificates" ("id") on update cascade on delete set null
         deferrable initially deferred;`,
    );
    this.addSql(
      `alter table "certificates" add constraint "certificates_replaced_by_id_unique" unique ("replaced_by_id");`,
    );
    this.addSql(`alter table "certificates" drop constraint "certificates_user_id_course_id_unique";`);
    this.addSql(
      `create unique index "certificates_user_id_course_id_current" on "certificates" ("user_id", "course_id")
         where "replaced_by_id" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "certificates_user_id_course_id_current";`);
    this.addSql(`delete from "certificates" where "id" in (select "replaced_by_id" from "certificates");`);
    this.addSql(
      `alter table "certificates" add constraint "certificates_user_id_course_id_unique" unique ("user_id", "course_id");`,
    );
    this.addSql(
      `alter table "certificates" drop column "replaced_by_id", drop column "course_title", drop column "holder_name";`,
    );
  }
}
