import { Migration } from '@mikro-orm/migrations';

/**
 * One payment per purchase, and totals that fit (issue 18).
 *
 * - A member has at most one open checkout: a partial unique index on `orders (user_id)` where
 *   `status = 'pending'`. Checkout reuses or replaces the open order (checkout.service.ts); two
 *   concurrent starts meet on this index. Members who already had several pending orders keep the
 *   newest; the older ones are canceled here and their coupon uses given back (a payment that
 *   still arrives for one of them is refunded automatically, see `refund_due_at`).
 * - `orders.refund_due_at`: money was taken for an order that could not be delivered (the buyer
 *   already had the item from another paid order, or a member-only course without membership, or
 *   a payment for a canceled order). The order is `refunded` at once; the column stays set until
 *   the provider has given the money back (`refund_reference` then holds its refund).
 * - Sums of money are `bigint`: orders' subtotal, discount and total, order lines' line total and
 *   discount share, coupon redemptions' discount. `line_total_cents = unit_price_cents * quantity`
 *   is checked in bigint (the int product overflowed above 2 147 483 647).
 */
export class Migration20261124110000_one_open_checkout extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "orders" alter column "subtotal_cents" type bigint, alter column "discount_cents" type bigint, alter column "total_cents" type bigint, add column "refund_due_at" timestamptz(3) null;`,
    );
    this.addSql(`alter table "order_lines" drop constraint "order_lines_amounts_check";`);
    this.addSql(
      `alter table "order_lines" alter column "line_total_cents" type bigint, alter column "discount_cents" type bigint;`,
    );
    this.addSql(
      `alter table "order_lines" add constraint "order_lines_amounts_check" check ("unit_price_cents" >= 0 and "quantity" >= 1 and "line_total_cents" = "unit_price_cents"::bigint * "quantity" and "discount_cents" between 0 and "line_total_cents");`,
    );
    this.addSql(`alter table "coupon_redemptions" alter column "discount_cents" type bigint;`);

    // Keep each member's newest pending order; cancel the others and give their coupon uses back.
    this.addSql(
      `with "replaced" as (
         update "orders" o set "status" = 'canceled', "canceled_at" = now(), "updated_at" = now()
         where o."status" = 'pending' and exists (
           select 1 from "orders" n where n."user_id" = o."user_id" and n."status" = 'pending'
             and (n."created_at", n."id") > (o."created_at", o."id"))
         returning o."id"),
       "released" as (
         update "coupon_redemptions" set "released_at" = now()
         where "order_id" in (select "id" from "replaced") and "released_at" is null
         returning "coupon_id")
       update "coupons" c set "used_count" = greatest(c."used_count" - r."n", 0), "updated_at" = now()
       from (select "coupon_id", count(*)::int as "n" from "released" group by "coupon_id") r
       where c."id" = r."coupon_id";`,
    );
    this.addSql(
      `create unique index "orders_user_id_pending_unique" on "orders" ("user_id") where "status" = 'pending';`,
    );
    this.addSql(
      `create index "orders_refund_due_at_index" on "orders" ("refund_due_at") where "refund_due_at" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "orders_refund_due_at_index";`);
    this.addSql(`drop index if exists "orders_user_id_pending_unique";`);
    this.addSql(`alter table "coupon_redemptions" alter column "discount_cents" type int;`);
    this.addSql(`alter table "order_lines" drop constraint "order_lines_amounts_check";`);
    this.addSql(
      `alter table "order_lines" alter column "line_total_cents" type int, alter column "discount_cents" type int;`,
    );
    this.addSql(
      `alter table "order_lines" add constraint "order_lines_amounts_check" check ("unit_price_cents" >= 0 and "quantity" >= 1 and "line_total_cents" = "unit_price_cents" * "quantity" and "discount_cents" between 0 and "line_total_cents");`,
    );
    this.addSql(
      `alter table "orders" drop column "refund_due_at", alter column "subtotal_cents" type int, alter column "discount_cents" type int, alter column "total_cents" type int;`,
    );
  }
}
