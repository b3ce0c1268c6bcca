import { Migration } from '@mikro-orm/migrations';

/**
 * Paying sellers and instructors (issue 33): Stripe Connect transfers of the ledger's rows once their
 * hold period ends, their reversals after a refund, and the negative balance a refund leaves when a
 * reversal cannot take the money back (docs/payments.md).
 * - `seller_transfers`: one row per ledger row (`earning_id` unique: the claim that makes a transfer
 *   happen once), with what it sends (`amount_cents` = the row's net less what paid a negative
 *   balance back, `recovered_cents`), its Stripe id and state.
 * - `seller_transfer_reversals`: the part of a transfer a refund takes back, made by a job.
 * - `seller_balance_debts`: negative balance entries, paid back first from the next transfers.
 */
export class Migration20261205170000_seller_transfers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "seller_transfers" (
        "id" uuid not null default gen_random_uuid(),
        "seller_id" uuid not null,
        "earning_id" uuid not null,
        "order_id" uuid not null,
        "order_number" varchar(40) not null,
        "destination_account" varchar(255) not null,
        "transfer_group" varchar(80) not null,
        "payment_reference" varchar(255) null,
        "source_transaction" varchar(255) null,
        "net_cents" int not null,
        "recovered_cents" int not null default 0,
        "amount_cents" int not null,
        "reversal_requested_cents" int not null default 0,
        "reversed_cents" int not null default 0,
        "status" varchar(20) not null default 'pending',
        "stripe_transfer_id" varchar(255) null,
        "failure_reason" text null,
        "attempts" int not null default 1,
        "attempted_at" timestamptz(3) not null default now(),
        "paid_at" timestamptz(3) null,
        "created_at" timestamptz(3) not null default now(),
        "updated_at" timestamptz(3) not null default now(),
        constraint "seller_transfers_pkey" primary key ("id"),
        constraint "seller_transfers_earning_id_unique" unique ("earning_id"),
        constraint "seller_transfers_stripe_transfer_id_unique" unique ("stripe_transfer_id"),
        constraint "seller_transfers_seller_id_foreign" foreign key ("seller_id") references "users" ("id") on update cascade,
        constraint "seller_transfers_earning_id_foreign" foreign key ("earning_id") references "seller_earnings" ("id") on update cascade,
        constraint "seller_transfers_status_check" check ("status" in ('pending', 'paid', 'failed', 'offset', 'canceled')),
        constraint "seller_transfers_amounts_check" check (
          "net_cents" >= 0 and "recovered_cents" >= 0 and "amount_cents" >= 0 and "recovered_cents" <= "net_cents"
          and "reversed_cents" >= 0 and "reversed_cents" <= "reversal_requested_cents"
          and "reversal_requested_cents" <= "amount_cents"),
        constraint "seller_transfers_paid_check" check ("status" <> 'paid' or "stripe_transfer_id" is not null)
      );`);
    this.addSql(
      `create index "seller_transfers_seller_id_created_at_index" on "seller_transfers" ("seller_id", "created_at" desc);`,
    );
    this.addSql(
      `create index "seller_transfers_status_index" on "seller_transfers" ("status") where "status" in ('pending', 'failed');`,
    );
    this.addSql(`create index "seller_transfers_order_id_index" on "seller_transfers" ("order_id");`);

    this.addSql(`
      create table "seller_transfer_reversals" (
        "id" uuid not null default gen_random_uuid(),
        "transfer_id" uuid not null,
        "seller_id" uuid not null,
        "amount_cents" int not null,
        "status" varchar(20) not null default 'pending',
        "stripe_reversal_id" varchar(255) null,
        "failure_reason" text null,
        "attempts" int not null default 0,
        "attempted_at" timestamptz(3) null,
        "created_at" timestamptz(3) not null default now(),
        "updated_at" timestamptz(3) not null default now(),
        constraint "seller_transfer_reversals_pkey" primary key ("id"),
        constraint "seller_transfer_reversals_transfer_id_foreign" foreign key ("transfer_id") references "seller_transfers" ("id") on update cascade,
        constraint "seller_transfer_reversals_stripe_reversal_id_unique" unique ("stripe_reversal_id"),
        constraint "seller_transfer_reversals_status_check" check ("status" in ('pending', 'succeeded', 'failed', 'canceled')),
        constraint "seller_transfer_reversals_amount_check" check ("amount_cents" > 0)
      );`);
    this.addSql(
      `create index "seller_transfer_reversals_transfer_id_index" on "seller_transfer_reversals" ("transfer_id");`,
    );
    this.addSql(
      `create index "seller_transfer_reversals_pending_index" on "seller_transfer_reversals" ("created_at") where "status" = 'pending';`,
    );

    this.addSql(`
      create table "seller_balance_debts" (
        "id" uuid not null default gen_random_uuid(),
        "seller_id" uuid not null,
        "order_id" uuid null,
        "order_number" varchar(40) null,
        "reversal_id" uuid null,
        "amount_cents" int not null,
        "recovered_cents" int not null default 0,
        "reason" varchar(300) not null,
        "created_at" timestamptz(3) not null default now(),
        constraint "seller_balance_debts_pkey" primary key ("id"),
        constraint "seller_balance_debts_seller_id_foreign" foreign key ("seller_id") references "users" ("id") on update cascade,
        constraint "seller_balance_debts_reversal_id_unique" unique ("reversal_id"),
        constraint "seller_balance_debts_amounts_check" check ("amount_cents" > 0 and "recovered_cents" >= 0 and "recovered_cents" <= "amount_cents")
      );`);
    this.addSql(
      `create index "seller_balance_debts_open_index" on "seller_balance_debts" ("seller_id", "created_at") where "recovered_cents" < "amount_cents";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "seller_balance_debts";`);
    this.addSql(`drop table if exists "seller_transfer_reversals";`);
    this.addSql(`drop table if exists "seller_transfers";`);
  }
}
