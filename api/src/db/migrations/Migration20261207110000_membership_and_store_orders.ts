import { Migration } from '@mikro-orm/migrations';

/**
 * One order lifecycle for every payment (issue 32, goal 3): a membership's payments and the
 * connected store's orders become orders too, placed and moved by orders/order-lifecycle.ts.
 *
 * - `orders.kind` gains `membership` (one membership invoice: the first payment, a renewal, a plan
 *   change's proration) and `store` (one order of the connected store that belongs to a DRX
 *   account; the store stays its system of record). Neither is listed by `orders`/`adminOrders`.
 * - `subscription_invoices.order_id` and `store_orders.order_id`: the order of each.
 * - `orders.payment_provider` gains `store`: paid at the connected store, not through DRX.
 * - `store_order_number_seq`: store orders are numbered S-000001… (the store's own names repeat
 *   across stores); membership orders carry their invoice's number (M-1001…).
 * - The invoices and matched store orders of before are placed as orders in their state.
 */
export class Migration20261207110000_membership_and_store_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_kind_check",
      add constraint "orders_kind_check" check ("kind" in ('cart', 'booking', 'membership', 'store'));`);
    this.addSql(`alter table "orders" drop constraint "orders_payment_provider_check",
      add constraint "orders_payment_provider_check"
        check ("payment_provider" in ('test', 'stripe', 'free', 'credit', 'store'));`);
    this.addSql(`create sequence if not exists "store_order_number_seq" start 1;`);
    this.addSql(`alter table "subscription_invoices" add column "order_id" uuid null
      references "orders" ("id") on update cascade on delete set null;`);
    this.addSql(
      `create unique index "subscription_invoices_order_id_unique" on "subscription_invoices" ("order_id");`,
    );
    this.addSql(`alter table "store_orders" add column "order_id" uuid null
      references "orders" ("id") on update cascade on delete set null;`);
    this.addSql(`create unique index "store_orders_order_id_unique" on "store_orders" ("order_id");`);

    // The invoices of before, each an order in the state its invoice is in.
    this.addSql(`
      insert into "orders" ("id", "number", "user_id", "kind", "status", "currency", "subtotal_cents", "total_cents",
        "payment_provider", "idempotency_key", "created_at", "updated_at", "paid_at", "fulfilled_at", "failed_at",
        "canceled_at", "refunded_at", "refunded_cents", "provider_refunded_cents", "dispute_status")
      select gen_random_uuid(),
        case when length(i."number") <= 20 then i."number"
             else 'DRX-' || lpad(nextval('order_number_seq')::text, 6, '0') end,
        i."user_id", 'membership',
        case when i."paid_at" is not null and (i."refunded_cents" > 0 or i."dispute_status" = 'lost') then 'refunded'
             when i."status" = 'paid' then 'paid' when i."status" = 'open' then 'failed' else 'canceled' end,
        'USD', i."amount_cents", i."amount_cents",
        case when i."amount_cents" = 0 then 'free' when s."provider" = 'stripe' then 'stripe' else 'test' end,
        'membership-invoice:' || i."id", i."created_at", now(), i."paid_at", i."paid_at",
        case when i."status" = 'open' then i."created_at" end,
        case when i."status" = 'void' then now() end,
        case when i."paid_at" is not null and (i."refunded_cents" > 0 or i."dispute_status" = 'lost') then now() end,
        case when i."paid_at" is not null and i."dispute_status" = 'lost' then i."amount_cents"
             when i."paid_at" is not null then i."refunded_cents" else 0 end,
        case when i."paid_at" is not null then i."refunded_cents" else 0 end,
        i."dispute_status"
      from "subscription_invoices" i join "subscriptions" s on s."id" = i."subscription_id"
      on conflict do nothing;`);
    this.addSql(`
      update "subscription_invoices" i set "order_id" = o."id" from "orders" o
      where o."kind" = 'membership' and o."user_id" = i."user_id" and o."idempotency_key" = 'membership-invoice:' || i."id";`);

    // The store orders of before that belong to an account (money in the store's currency, × 100).
    this.addSql(`
      insert into "orders" ("id", "number", "user_id", "kind", "status", "currency", "subtotal_cents", "total_cents",
        "payment_provider", "idempotency_key", "created_at", "updated_at", "paid_at", "fulfilled_at", "canceled_at",
        "refunded_at", "refunded_cents", "provider_refunded_cents")
      select gen_random_uuid(), 'S-' || lpad(nextval('store_order_number_seq')::text, 6, '0'), so."user_id", 'store',
        so."status", so."currency_code", so."cents", so."cents", 'store', 'store-order:' || md5(so."id"),
        so."store_created_at", now(),
        case when so."status" in ('paid', 'refunded') then so."store_created_at" end,
        case when so."status" in ('paid', 'refunded') then so."store_created_at" end,
        case when so."status" = 'canceled' then coalesce(so."cancelled_at", so."store_updated_at") end,
        case when so."status" = 'refunded' then so."store_updated_at" end,
        case when so."status" = 'refunded' then so."cents" else 0 end,
        case when so."status" = 'refunded' then so."cents" else 0 end
      from (select o.*, round(o."total_price" * 100)::bigint as "cents",
              case when o."financial_status" = 'refunded' then 'refunded'
                   when o."financial_status" in ('paid', 'partially_refunded') then 'paid'
                   when o."financial_status" = 'voided' or o."cancelled_at" is not null then 'canceled'
                   else 'pending' end as "status"
            from "store_orders" o where o."user_id" is not null) so
      on conflict do nothing;`);
    this.addSql(`
      update "store_orders" so set "order_id" = o."id" from "orders" o
      where so."user_id" is not null and o."kind" = 'store' and o."user_id" = so."user_id"
        and o."idempotency_key" = 'store-order:' || md5(so."id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "store_orders_order_id_unique";`);
    this.addSql(`alter table "store_orders" drop column if exists "order_id";`);
    this.addSql(`drop index if exists "subscription_invoices_order_id_unique";`);
    this.addSql(`alter table "subscription_invoices" drop column if exists "order_id";`);
    this.addSql(`delete from "orders" where "kind" in ('membership', 'store');`);
    this.addSql(`drop sequence if exists "store_order_number_seq";`);
    this.addSql(`alter table "orders" drop constraint "orders_kind_check",
      add constraint "orders_kind_check" check ("kind" in ('cart', 'booking'));`);
    this.addSql(`alter table "orders" drop constraint "orders_payment_provider_check",
      add constraint "orders_payment_provider_check" check ("payment_provider" in ('test', 'stripe', 'free', 'credit'));`);
  }
}
