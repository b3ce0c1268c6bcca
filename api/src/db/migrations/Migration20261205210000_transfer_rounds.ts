import { Migration } from '@mikro-orm/migrations';

/**
 * A ledger row may be transferred again after its transfer was taken back and the earning given
 * back (a chargeback the seller won: issue 33). `seller_earnings.transfer_round` counts the
 * transfers a row is owed; `seller_transfers.round` says which one a transfer is. The claim stays
 * one per round (`earning_id`, `round` unique), and so does Stripe's idempotency key.
 */
export class Migration20261205210000_transfer_rounds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "seller_earnings"
        add column "transfer_round" int not null default 0,
        add constraint "seller_earnings_transfer_round_check" check ("transfer_round" >= 0);`);
    this.addSql(`
      alter table "seller_transfers"
        add column "round" int not null default 0,
        drop constraint "seller_transfers_earning_id_unique",
        add constraint "seller_transfers_earning_id_round_unique" unique ("earning_id", "round");`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "seller_transfers" where "round" > 0;`);
    this.addSql(`
      alter table "seller_transfers"
        drop constraint "seller_transfers_earning_id_round_unique",
        add constraint "seller_transfers_earning_id_unique" unique ("earning_id"),
        drop column "round";`);
    this.addSql(`
      alter table "seller_earnings"
        drop constraint "seller_earnings_transfer_round_check",
        drop column "transfer_round";`);
  }
}
