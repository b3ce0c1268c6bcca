import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds and disputes made on Stripe's side (issue 33): the dashboard's refunds, chargebacks.
 *
 * - `order_lines.refunded_at`: the line was taken back by a refund (DRX's own, or Stripe's in part
 *   or in whole). A full refund stamps every line; a partial one only the lines it covers
 *   (orders/provider-refunds.ts). Lines of orders refunded in full before this are stamped here.
 * - `order_lines.suspended_at`: the line's access is suspended by an open dispute (given back when
 *   the dispute is won; turned into `refunded_at` when it is lost).
 * - `orders.provider_refunded_cents`: what refunds made outside DRX (Stripe's dashboard) gave back
 *   so far; included in `refunded_cents` with DRX's own refunds.
 * - `orders.dispute_id / dispute_status / disputed_at`: the order's chargeback (open, won, lost).
 * - `order_history`: what happened to an order on the provider's side, in words (one row per event).
 * - `disputed_entitlements`: the entitlements an open dispute took away (the buyer's and the
 *   licences given to colleagues), put back as they were when the dispute is won.
 */
export class Migration20261205180000_provider_refunds_disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "order_lines" add column "refunded_at" timestamptz(3) null, add column "suspended_at" timestamptz(3) null;`,
    );
    this.addSql(
      `update "order_lines" ol set "refunded_at" = coalesce(o."refunded_at", now())
       from "orders" o where o."id" = ol."order_id" and o."status" = 'refunded' and o."refunded_cents" >= o."total_cents";`,
    );
    this.addSql(
      `alter table "orders" add column "provider_refunded_cents" bigint not null default 0,
         add column "dispute_id" varchar(255) null, add column "dispute_status" varchar(20) null,
         add column "disputed_at" timestamptz(3) null,
         add constraint "orders_dispute_status_check" check ("dispute_status" in ('open', 'won', 'lost'));`,
    );
    this.addSql(`
      create table "order_history" (
        "id" uuid not null default gen_random_uuid(),
        "order_id" uuid not null,
        "event" varchar(40) not null,
        "note" varchar(1000) not null,
        "amount_cents" bigint null,
        "provider_event_id" varchar(255) null,
        "created_at" timestamptz(3) not null default clock_timestamp(),
        constraint "order_history_pkey" primary key ("id"),
        constraint "order_history_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade);`);
    this.addSql(`create index "order_history_order_id_index" on "order_history" ("order_id", "created_at");`);
    this.addSql(`
      create table "disputed_entitlements" (
        "id" uuid not null,
        "order_id" uuid not null,
        "user_id" uuid not null,
        "resource_id" uuid not null,
        "source" varchar(20) not null,
        "order_line_id" uuid not null,
        "created_at" timestamptz(3) not null,
        constraint "disputed_entitlements_pkey" primary key ("id"),
        constraint "disputed_entitlements_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade,
        constraint "disputed_entitlements_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade,
        constraint "disputed_entitlements_resource_id_foreign" foreign key ("resource_id") references "resources" ("id") on update cascade on delete cascade,
        constraint "disputed_entitlements_order_line_id_foreign" foreign key ("order_line_id") references "order_lines" ("id") on update cascade on delete cascade);`);
    this.addSql(
      `create index "disputed_entitlements_order_id_index" on "disputed_entitlements" ("order_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "disputed_entitlements";`);
    this.addSql(`drop table if exists "order_history";`);
    this.addSql(
      `alter table "orders" drop constraint "orders_dispute_status_check", drop column "provider_refunded_cents", drop column "dispute_id", drop column "dispute_status", drop column "disputed_at";`,
    );
    this.addSql(`alter table "order_lines" drop column "refunded_at", drop column "suspended_at";`);
  }
}
