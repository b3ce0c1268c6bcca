import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 12: a booking paid with a membership lesson credit gets a booking order too, so the
 * instructor earns for it in the sellers' ledger (which needs an order and an order line) exactly
 * as for a paid booking of the same price. The order is `paid` at once with total 0: subtotal = the
 * session's price, all of it shown as the "Membership credit" (`orders.credit_cents`), payment
 * provider `credit` (nothing is charged, so nothing is ever refunded through a provider). DRX pays
 * the instructor's earning out of membership revenue: its gross is the price.
 *
 * The database keeps it honest: the total is subtotal − member discount − coupon discount − credit;
 * a credit order is a booking order whose credit is its whole subtotal (total 0), with no payment,
 * no provider refund and no refund due, and only a credit order has a credit; a booking paid with a credit always has its order (replacing the previous
 * "credited booking has no order" check). Credited bookings made before this migration get their
 * order, order line and earning here (reversed when the credit was given back; the late fee's share
 * when the client cancelled late and kept the credit).
 */
export class Migration20261126000300_credit_booking_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "credit_cents" bigint not null default 0;`);
    this.addSql(`alter table "orders" drop constraint "orders_payment_provider_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_payment_provider_check" check ("payment_provider" in ('test', 'stripe', 'free', 'credit'));`,
    );
    this.addSql(`alter table "orders" drop constraint "orders_amounts_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_amounts_check" check ("subtotal_cents" >= 0
         and "discount_cents" >= 0 and "member_discount_cents" >= 0 and "credit_cents" >= 0
         and "discount_cents" + "member_discount_cents" + "credit_cents" <= "subtotal_cents"
         and "total_cents" = "subtotal_cents" - "member_discount_cents" - "discount_cents" - "credit_cents");`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_credit_check" check (("payment_provider" = 'credit') = ("credit_cents" > 0)
         and ("payment_provider" <> 'credit' or ("kind" = 'booking' and "credit_cents" = "subtotal_cents" and "total_cents" = 0
           and "refund_due_at" is null and "refund_reference" is null and "payment_reference" is null)));`,
    );

    // Credited bookings made before: their order (paid; refunded when the credit came back), line and earning.
    this.addSql(`do $$
declare
  b record;
  new_order uuid;
  new_line uuid;
  new_number text;
  fee_percent numeric := coalesce((select (value #>> '{}')::numeric from platform_settings where key = 'platformFeePercent'), 10);
  gross int;
  fee int;
begin
  for b in select * from bookings where credit_subscription_id is not null and order_id is null order by created_at loop
    new_order := gen_random_uuid();
    new_line := gen_random_uuid();
    insert into orders (id, user_id, kind, status, currency, subtotal_cents, discount_cents, credit_cents, total_cents,
        payment_provider, idempotency_key, created_at, updated_at, paid_at, fulfilled_at, refunded_at, refund_reason)
      values (new_order, b.client_id, 'booking', case when b.credit_returned_at is null then 'paid' else 'refunded' end,
        'USD', b.price_cents, 0, b.price_cents, 0, 'credit', 'booking:' || b.id, b.created_at, now(), b.created_at,
        b.created_at, b.credit_returned_at,
        case when b.credit_returned_at is null then null else 'The lesson credit was given back' end)
      returning number into new_number;
    insert into order_lines (id, order_id, position, item_type, item_id, title, unit_price_cents, quantity,
        line_total_cents, discount_cents, image_url, seller_id)
      values (new_line, new_order, 0, 'booking', b.id,
        left(b.title || ' — ' || to_char(b.starts_at at time zone b.time_zone, 'Dy, Mon FMDD, YYYY FMHH12:MI AM') || ' ' || b.time_zone, 200),
        b.price_cents, 1, b.price_cents, 0, null, b.instructor_id);
    update bookings set order_id = new_order where id = b.id;
    gross := case when b.credit_returned_at is null and b.status = 'canceled'
                  then floor((b.price_cents * b.late_cancel_fee_percent + 50) / 100)::int
                  else b.price_cents end;
    fee := floor((gross * round(fee_percent * 100) + 5000) / 10000)::int;
    insert into seller_earnings (id, seller_id, order_id, order_number, order_line_id, resource_id, gross_cents,
        fee_percent, fee_cents, net_cents, status, created_at, reversed_at)
      values (gen_random_uuid(), b.instructor_id, new_order, new_number, new_line, null, gross, fee_percent, fee,
        gross - fee, case when b.credit_returned_at is not null or gross = 0 then 'reversed' else 'pending' end,
        b.created_at, case when b.credit_returned_at is not null or gross = 0 then coalesce(b.credit_returned_at, b.canceled_at, now()) end);
  end loop;
end $$;`);

    this.addSql(`alter table "bookings" drop constraint "bookings_credit_check";`);
    this.addSql(
      `alter table "bookings" add constraint "bookings_credit_check" check (("credit_subscription_id" is null or "order_id" is not null)
         and ("credit_returned_at" is null or "credit_period_start" is not null));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookings" drop constraint "bookings_credit_check";`);
    this.addSql(
      `delete from "seller_earnings" where "order_id" in (select "id" from "orders" where "payment_provider" = 'credit');`,
    );
    this.addSql(
      `update "bookings" set "order_id" = null where "order_id" in (select "id" from "orders" where "payment_provider" = 'credit');`,
    );
    this.addSql(`delete from "orders" where "payment_provider" = 'credit';`);
    this.addSql(
      `alter table "bookings" add constraint "bookings_credit_check" check (("credit_subscription_id" is null or "order_id" is null)
         and ("credit_returned_at" is null or "credit_period_start" is not null));`,
    );
    this.addSql(`alter table "orders" drop constraint "orders_credit_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_amounts_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_amounts_check" check ("subtotal_cents" >= 0
         and "discount_cents" >= 0 and "member_discount_cents" >= 0
         and "discount_cents" + "member_discount_cents" <= "subtotal_cents"
         and "total_cents" = "subtotal_cents" - "member_discount_cents" - "discount_cents");`,
    );
    this.addSql(`alter table "orders" drop constraint "orders_payment_provider_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_payment_provider_check" check ("payment_provider" in ('test', 'stripe', 'free'));`,
    );
    this.addSql(`alter table "orders" drop column "credit_cents";`);
  }
}
