import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 12: a membership's lesson credits pay Connect bookings. A booking paid with a credit has no
 * order: `credit_subscription_id` is the membership whose credit it took (its
 * `subscriptions.credits_used` counter was raised by one conditional UPDATE in the booking's
 * transaction), `credit_period_start` the credit period it was taken from, and
 * `credit_returned_at` is set once when the credit is given back (cancelled inside the free
 * window, declined, cancelled by the instructor or an admin) — the conditional UPDATE on it makes
 * a second cancel give nothing back. A credited booking never has an order.
 */
export class Migration20261126000200_booking_credits extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "bookings" add column "credit_subscription_id" uuid null,
         add column "credit_period_start" timestamptz(3) null,
         add column "credit_returned_at" timestamptz(3) null,
         add constraint "bookings_credit_subscription_id_foreign" foreign key ("credit_subscription_id")
           references "subscriptions" ("id") on update cascade on delete set null,
         add constraint "bookings_credit_check" check (("credit_subscription_id" is null or "order_id" is null)
           and ("credit_returned_at" is null or "credit_period_start" is not null));`,
    );
    this.addSql(
      `create index "bookings_credit_subscription_id_index" on "bookings" ("credit_subscription_id") where "credit_subscription_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "bookings_credit_subscription_id_index";`);
    this.addSql(
      `alter table "bookings" drop constraint "bookings_credit_check", drop constraint "bookings_credit_subscription_id_foreign",
         drop column "credit_subscription_id", drop column "credit_period_start", drop column "credit_returned_at";`,
    );
  }
}
