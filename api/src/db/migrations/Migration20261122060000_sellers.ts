import { Migration } from '@mikro-orm/migrations';

/**
 * Seller business (S2): the earnings ledger (one row per sold order line; no foreign key to
 * orders, which live in their own module), platform settings with the default platform fee, and
 * the suspension reason on seller profiles.
 */
export class Migration20261122060000_sellers extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "seller_earnings" ("id" uuid not null, "seller_id" uuid not null, "order_id" uuid not null, "order_number" varchar(40) not null, "order_line_id" uuid not null, "resource_id" uuid null, "gross_cents" int not null, "fee_percent" numeric(5,2) not null, "fee_cents" int not null, "net_cents" int not null, "status" varchar(20) not null default 'pending', "created_at" timestamptz(3) not null default now(), "reversed_at" timestamptz(3) null, constraint "seller_earnings_pkey" primary key ("id"), constraint "seller_earnings_order_line_id_unique" unique ("order_line_id"), constraint "seller_earnings_seller_id_foreign" foreign key ("seller_id") references "users" ("id") on update cascade, constraint "seller_earnings_resource_id_foreign" foreign key ("resource_id") references "resources" ("id") on update cascade on delete set null, constraint "seller_earnings_status_check" check ("status" in ('pending', 'available', 'reversed')), constraint "seller_earnings_amounts_check" check ("gross_cents" >= 0 and "fee_cents" >= 0 and "net_cents" = "gross_cents" - "fee_cents"), constraint "seller_earnings_fee_percent_check" check ("fee_percent" between 0 and 100));`,
    );
    this.addSql(
      `create index "seller_earnings_seller_id_created_at_index" on "seller_earnings" ("seller_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(`create index "seller_earnings_order_id_index" on "seller_earnings" ("order_id");`);
    this.addSql(`create index "seller_earnings_resource_id_index" on "seller_earnings" ("resource_id");`);
    this.addSql(
      `create table "platform_settings" ("key" varchar(80) not null, "value" jsonb not null, "updated_at" timestamptz(3) not null default now(), constraint "platform_settings_pkey" primary key ("key"));`,
    );
    this.addSql(
      `insert into "platform_settings" ("key", "value") values ('platformFeePercent', '10') on conflict do nothing;`,
    );
    this.addSql(
      `alter table "seller_profiles" add column "suspended_reason" varchar(500) null, add column "suspended_at" timestamptz(3) null;`,
    );
    this.addSql(
      `create unique index "seller_profiles_stripe_account_id_unique" on "seller_profiles" ("stripe_account_id") where "stripe_account_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "seller_profiles_stripe_account_id_unique";`);
    this.addSql(
      `alter table "seller_profiles" drop column if exists "suspended_reason", drop column if exists "suspended_at";`,
    );
    this.addSql(`drop table if exists "platform_settings" cascade;`);
    this.addSql(`drop table if exists "seller_earnings" cascade;`);
  }
}
