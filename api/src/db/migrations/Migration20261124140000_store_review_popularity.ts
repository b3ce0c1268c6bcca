import { Migration } from '@mikro-orm/migrations';

/**
 * Curriculum store integrity (issue 18).
 *
 * `pending_review`: a rejected resource that its seller edited waits for staff approval; the seller
 * can no longer publish it (before, an edit sent it back to draft and the seller published it
 * again, unreviewed).
 *
 * "Most popular" counts buyers, not downloads: `resource_downloaders` holds each buyer's first
 * download of a resource (never its seller's nor staff's), and `resources.downloader_count` counts
 * those rows (raised in the transaction that inserts one). The existing download events fill both,
 * without the seller's and current staff members' downloads.
 */
export class Migration20261124140000_store_review_popularity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "resources" drop constraint "resources_status_check";`);
    this.addSql(
      `alter table "resources" add constraint "resources_status_check" check ("status" in ('draft', 'pending_review', 'published', 'rejected'));`,
    );
    this.addSql(
      `create table "resource_downloaders" ("resource_id" uuid not null, "user_id" uuid not null, "first_downloaded_at" timestamptz(3) not null default now(), constraint "resource_downloaders_pkey" primary key ("resource_id", "user_id"), constraint "resource_downloaders_resource_id_foreign" foreign key ("resource_id") references "resources" ("id") on update cascade on delete cascade, constraint "resource_downloaders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(
      `alter table "resources" add column "downloader_count" int not null default 0, add constraint "resources_downloader_count_check" check ("downloader_count" >= 0);`,
    );
    this.addSql(
      `insert into "resource_downloaders" ("resource_id", "user_id", "first_downloaded_at")
       select de."resource_id", de."user_id", min(de."created_at")
       from "download_events" de
       join "resources" r on r."id" = de."resource_id"
       join "users" u on u."id" = de."user_id"
       where de."user_id" <> r."seller_id"
         and not (u."role" in ('admin', 'curriculum_officer') or u."roles" && array['admin', 'curriculum_officer'])
       group by de."resource_id", de."user_id";`,
    );
    this.addSql(
      `update "resources" r set "downloader_count" = d."n"
       from (select "resource_id", count(*)::int as "n" from "resource_downloaders" group by "resource_id") d
       where d."resource_id" = r."id";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "resources" drop column if exists "downloader_count";`);
    this.addSql(`drop table if exists "resource_downloaders" cascade;`);
    this.addSql(`update "resources" set "status" = 'rejected' where "status" = 'pending_review';`);
    this.addSql(`alter table "resources" drop constraint "resources_status_check";`);
    this.addSql(
      `alter table "resources" add constraint "resources_status_check" check ("status" in ('draft', 'published', 'rejected'));`,
    );
  }
}
