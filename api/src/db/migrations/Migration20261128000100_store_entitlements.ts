import { Migration } from '@mikro-orm/migrations';

/**
 * What a paid store order grants (api/src/modules/shop/store-entitlements.ts), on top of the shop
 * tables of Migration20261128000000_shop:
 *
 * - `entitlements` gets a fourth source, `store`: one row per granted store order line
 *   (`store_grant_id` → `store_entitlement_grants`, unique), beside any the user holds from DRX
 *   orders, licences or staff grants. Access stays "any row"; revoking the store line deletes its
 *   own row only. The order-line link is for `order`/`licence` rows only, the grant link for
 *   `store` rows only (checks).
 * - `enrollments.source` may be `store` (the column has no check; the value is documented on the
 *   Enrollment entity). Revoking sets `access_revoked_at` as a DRX refund does.
 * - `store_orders.refunds`: `{ "<refund id>": { "<line id>": quantity } }` from refunds/create, kept
 *   apart from `lines` so a later order webhook (which rewrites `lines`) never loses a refund and a
 *   refund delivered twice counts once. `store_orders.customer_name`: the buyer's name.
 * - `users (lower(email))`: store orders and grants find their account by the buyer's email in any
 *   letter case.
 */
export class Migration20261128000100_store_entitlements extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "entitlements" add column "store_grant_id" uuid null
         references "store_entitlement_grants" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "entitlements" drop constraint "entitlements_source_check";`);
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_source_check"
         check ("source" in ('order', 'licence', 'granted', 'store'));`,
    );
    this.addSql(`alter table "entitlements" drop constraint "entitlements_order_line_check";`);
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_order_line_check"
         check (("source" in ('order', 'licence')) = ("order_line_id" is not null));`,
    );
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_store_grant_check"
         check (("source" = 'store') = ("store_grant_id" is not null));`,
    );
    this.addSql(
      `create unique index "entitlements_store_grant_id_unique" on "entitlements" ("store_grant_id")
         where "store_grant_id" is not null;`,
    );

    this.addSql(`alter table "store_orders" add column "refunds" jsonb not null default '{}';`);
    this.addSql(`alter table "store_orders" add column "customer_name" varchar(255) null;`);

    this.addSql(
      `create index "store_entitlement_grants_user_item_index" on "store_entitlement_grants"
         ("user_id", "item_type", "item_id") where "status" = 'granted';`,
    );
    this.addSql(`create index "users_email_lower_index" on "users" (lower("email"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "users_email_lower_index";`);
    this.addSql(`drop index if exists "store_entitlement_grants_user_item_index";`);
    this.addSql(`alter table "store_orders" drop column if exists "customer_name";`);
    this.addSql(`alter table "store_orders" drop column if exists "refunds";`);
    this.addSql(`update "enrollments" set "source" = 'granted' where "source" = 'store';`);
    this.addSql(`delete from "entitlements" where "source" = 'store';`);
    this.addSql(`drop index if exists "entitlements_store_grant_id_unique";`);
    this.addSql(`alter table "entitlements" drop constraint if exists "entitlements_store_grant_check";`);
    this.addSql(`alter table "entitlements" drop constraint "entitlements_order_line_check";`);
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_order_line_check" check (("source" = 'granted') = ("order_line_id" is null));`,
    );
    this.addSql(`alter table "entitlements" drop constraint "entitlements_source_check";`);
    this.addSql(
      `alter table "entitlements" add constraint "entitlements_source_check" check ("source" in ('order', 'licence', 'granted'));`,
    );
    this.addSql(`alter table "entitlements" drop column if exists "store_grant_id";`);
  }
}
