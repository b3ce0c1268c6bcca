import { Migration } from '@mikro-orm/migrations';

/**
 * Entitlements per order line, and licences (issue 18).
 *
 * Before, `entitlements` held one row per (user, resource) tagged with the first order that gave
 * it: a second paid order of the same resource added nothing, and refunding the first took away
 * the access the second had paid for. Now a bought resource is one row per (user, order line) —
 * the buyer's (`order`) and each colleague's the buyer gave one of the line's licences to
 * (`licence`) — and a staff grant stays one row per (user, resource) (`granted`). Access is "any
 * row"; a refund deletes the rows of its order only.
 *
 * `order_lines.licences_given` counts the line's licences given away: a resource line of quantity N
 * is N licences, one for the buyer, so at most N − 1 are given (the check constraint; the
 * assignment raises it with a conditional UPDATE). A course is one seat per buyer: a cart line of
 * a course holds quantity 1 (courses at more were set back to 1).
 */
export class Migration20261124120000_licences extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "entitlements" add column "order_line_id" uuid null, add constraint "entitlements_order_line_id_foreign" foreign key ("order_line_id") references "order_lines" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "entitlements" drop constraint "entitlements_source_check";`);
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_source_check" check ("source" in ('order', 'licence', 'granted'));`,
    );
    // The line of each bought entitlement; one that matches no line (none is known) stays a grant.
    this.addSql(
      `update "entitlements" e set "order_line_id" = (
         select ol."id" from "order_lines" ol
         where ol."order_id" = e."order_id" and ol."item_type" = 'resource' and ol."item_id" = e."resource_id"
         order by ol."position" limit 1)
       where e."source" = 'order';`,
    );
    this.addSql(
      `update "entitlements" set "source" = 'granted', "order_id" = null where "source" = 'order' and "order_line_id" is null;`,
    );
    this.addSql(`alter table "entitlements" drop constraint "entitlements_user_id_resource_id_unique";`);
    // The buyer's row of every other paid order of a resource they already held (lost to the old unique).
    this.addSql(
      `insert into "entitlements" ("id", "user_id", "resource_id", "source", "order_id", "order_line_id", "created_at")
       select gen_random_uuid(), o."user_id", ol."item_id", 'order', o."id", ol."id", coalesce(o."paid_at", o."created_at")
       from "order_lines" ol
       join "orders" o on o."id" = ol."order_id"
       join "resources" r on r."id" = ol."item_id"
       where o."status" = 'paid' and ol."item_type" = 'resource'
         and not exists (select 1 from "entitlements" e where e."order_line_id" = ol."id" and e."user_id" = o."user_id");`,
    );
    // Likewise a course: the old refund closed it even when another paid order of the buyer gave it.
    this.addSql(
      `update "enrollments" e set "access_revoked_at" = null
       where e."access_revoked_at" is not null and exists (
         select 1 from "orders" o join "order_lines" ol on ol."order_id" = o."id"
         where o."user_id" = e."user_id" and o."status" = 'paid' and ol."item_type" = 'course'
           and ol."item_id" = e."course_id");`,
    );
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_order_line_check" check (("source" = 'granted') = ("order_line_id" is null));`,
    );
    this.addSql(
      `create unique index "entitlements_user_id_order_line_id_unique" on "entitlements" ("user_id", "order_line_id") where "order_line_id" is not null;`,
    );
    this.addSql(
      `create unique index "entitlements_granted_user_id_resource_id_unique" on "entitlements" ("user_id", "resource_id") where "source" = 'granted';`,
    );
    this.addSql(
      `create index "entitlements_user_id_resource_id_index" on "entitlements" ("user_id", "resource_id");`,
    );
    this.addSql(
      `create index "entitlements_order_line_id_index" on "entitlements" ("order_line_id") where "order_line_id" is not null;`,
    );
    this.addSql(
      `create index "entitlements_order_id_index" on "entitlements" ("order_id") where "order_id" is not null;`,
    );

    this.addSql(
      `alter table "order_lines" add column "licences_given" int not null default 0, add constraint "order_lines_licences_given_check" check ("licences_given" >= 0 and "licences_given" < "quantity");`,
    );

    this.addSql(`update "cart_items" set "quantity" = 1 where "item_type" = 'course' and "quantity" > 1;`);
    this.addSql(
      `alter table "cart_items" add constraint "cart_items_course_one_seat_check" check ("item_type" <> 'course' or "quantity" = 1);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "cart_items" drop constraint if exists "cart_items_course_one_seat_check";`);
    this.addSql(`alter table "order_lines" drop column if exists "licences_given";`);
    this.addSql(`delete from "entitlements" where "source" = 'licence';`);
    this.addSql(
      `delete from "entitlements" a using "entitlements" b
       where a."user_id" = b."user_id" and a."resource_id" = b."resource_id"
         and (a."created_at", a."id") > (b."created_at", b."id");`,
    );
    this.addSql(`drop index if exists "entitlements_order_id_index";`);
    this.addSql(`drop index if exists "entitlements_order_line_id_index";`);
    this.addSql(`drop index if exists "entitlements_user_id_resource_id_index";`);
    this.addSql(`drop index if exists "entitlements_granted_user_id_resource_id_unique";`);
    this.addSql(`drop index if exists "entitlements_user_id_order_line_id_unique";`);
    this.addSql(`alter table "entitlements" drop constraint if exists "entitlements_order_line_check";`);
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_user_id_resource_id_unique" unique ("user_id", "resource_id");`,
    );
    this.addSql(`alter table "entitlements" drop constraint "entitlements_source_check";`);
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_source_check" check ("source" in ('order', 'granted'));`,
    );
    this.addSql(`alter table "entitlements" drop column if exists "order_line_id";`);
  }
}
