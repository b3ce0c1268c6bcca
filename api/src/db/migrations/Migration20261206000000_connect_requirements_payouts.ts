import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33, Connect for everyone DRX pays, and the payouts of their accounts:
 * - `seller_profiles` mirrors what Stripe still needs from a connected account
 *   (`requirements.currently_due`, `requirements.disabled_reason`), refreshed by every read of the
 *   account and by the `account.updated` webhook, so the payments pages say it even when Stripe
 *   cannot be reached. The profile holds the connected account of sellers and instructors alike.
 * - `seller_payouts`: a payout Stripe made from a connected account's balance to its bank (Stripe's
 *   automatic schedule; DRX records it from `payout.*` webhooks), and `seller_transfers.payout_id`:
 *   the payout that paid a transfer out (so the orders it covers).
 */
export class Migration20261206000000_connect_requirements_payouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "seller_profiles"
        add column "requirements_due" text[] not null default '{}',
        add column "disabled_reason" varchar(100) null,
        add column "account_checked_at" timestamptz null;`);
    this.addSql(`
      create table "seller_payouts" (
        "id" uuid not null default gen_random_uuid(),
        "seller_id" uuid not null references "users" ("id") on delete cascade,
        "destination_account" varchar(255) not null,
        "stripe_payout_id" varchar(255) not null,
        "amount_cents" bigint not null,
        "status" varchar(20) not null,
        "arrival_date" timestamptz null,
        "failure_message" text null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "seller_payouts_pkey" primary key ("id"),
        constraint "seller_payouts_stripe_payout_id_unique" unique ("stripe_payout_id"),
        constraint "seller_payouts_status_check" check ("status" in ('pending', 'in_transit', 'paid', 'failed', 'canceled'))
      );`);
    this.addSql(
      `create index "seller_payouts_seller_id_created_at_index" on "seller_payouts" ("seller_id", "created_at");`,
    );
    this.addSql(`
      alter table "seller_transfers"
        add column "payout_id" uuid null references "seller_payouts" ("id") on delete set null;`);
    this.addSql(`create index "seller_transfers_payout_id_index" on "seller_transfers" ("payout_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "seller_transfers" drop column "payout_id";`);
    this.addSql(`drop table if exists "seller_payouts";`);
    this.addSql(`
      alter table "seller_profiles"
        drop column "requirements_due",
        drop column "disabled_reason",
        drop column "account_checked_at";`);
  }
}
