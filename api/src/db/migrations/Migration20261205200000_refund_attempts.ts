import { Migration } from '@mikro-orm/migrations';

/**
 * An automatic refund the provider keeps refusing stays due (`orders.refund_due_at`); admins now
 * see it on /admin/refunds (issue 33): how many times it was tried, when last and the provider's
 * last answer. Kept on the order, written by automatic-refund.ts at each failed try.
 * `refund_refusals` counts the provider's definite refusals: Stripe answers a repeated idempotency
 * key with its first answer for 24 hours (a refusal included), so each refusal starts a new key.
 */
export class Migration20261205200000_refund_attempts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "orders"
        add column "refund_attempts" int not null default 0,
        add column "refund_last_error" varchar(1000) null,
        add column "refund_last_attempt_at" timestamptz(3) null,
        add column "refund_refusals" int not null default 0,
        add constraint "orders_refund_attempts_check" check ("refund_attempts" >= 0 and "refund_refusals" >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table "orders"
        drop constraint "orders_refund_attempts_check",
        drop column "refund_attempts",
        drop column "refund_last_error",
        drop column "refund_last_attempt_at",
        drop column "refund_refusals";`);
  }
}
