import { Migration } from '@mikro-orm/migrations';

/**
 * Orders (C2): orders numbered DRX-000001… from a sequence, their lines with the price paid, the
 * webhook events already processed (each Stripe event id once), and `access_revoked_at` on
 * enrollments (a refunded course purchase keeps its progress but loses access).
 */
export class Migration20261122050000_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence if not exists "order_number_seq" start 1;`);
    this.addSql(
      `create table "orders" ("id" uuid not null, "number" varchar(20) not null default ('DRX-' || lpad(nextval('order_number_seq')::text, 6, '0')), "user_id" uuid not null, "status" varchar(20) not null default 'pending', "currency" varchar(3) not null default 'USD', "subtotal_cents" int not null, "discount_cents" int not null default 0, "total_cents" int not null, "payment_provider" varchar(20) not null, "payment_reference" varchar(255) null, "idempotency_key" varchar(100) not null, "coupon_id" uuid null, "coupon_code" varchar(32) null, "created_at" timestamptz(3) not null default now(), "updated_at" timestamptz(3) not null default now(), "paid_at" timestamptz(3) null, "fulfilled_at" timestamptz(3) null, "canceled_at" timestamptz(3) null, "failed_at" timestamptz(3) null, "refunded_at" timestamptz(3) null, "refund_reason" varchar(500) null, "refund_reference" varchar(255) null, constraint "orders_pkey" primary key ("id"), constraint "orders_number_unique" unique ("number"), constraint "orders_user_id_idempotency_key_unique" unique ("user_id", "idempotency_key"), constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "orders_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on update cascade on delete set null, constraint "orders_status_check" check ("status" in ('pending', 'paid', 'failed', 'refunded', 'canceled')), constraint "orders_payment_provider_check" check ("payment_provider" in ('test', 'stripe', 'free')), constraint "orders_amounts_check" check ("subtotal_cents" >= 0 and "discount_cents" >= 0 and "discount_cents" <= "subtotal_cents" and "total_cents" = "subtotal_cents" - "discount_cents"));`,
    );
    this.addSql(
      `create index "orders_user_id_created_at_index" on "orders" ("user_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(`create index "orders_created_at_index" on "orders" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "orders_status_created_at_index" on "orders" ("status", "created_at" desc);`);
    this.addSql(
      `create unique index "orders_payment_reference_unique" on "orders" ("payment_reference") where "payment_reference" is not null;`,
    );
    this.addSql(
      `create table "order_lines" ("id" uuid not null, "order_id" uuid not null, "position" int not null, "item_type" varchar(20) not null, "item_id" uuid not null, "title" varchar(200) not null, "unit_price_cents" int not null, "quantity" int not null, "line_total_cents" int not null, "discount_cents" int not null default 0, "image_url" varchar(500) null, "seller_id" uuid null, constraint "order_lines_pkey" primary key ("id"), constraint "order_lines_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade, constraint "order_lines_seller_id_foreign" foreign key ("seller_id") references "users" ("id") on update cascade on delete set null, constraint "order_lines_item_type_check" check ("item_type" in ('course', 'resource')), constraint "order_lines_amounts_check" check ("unit_price_cents" >= 0 and "quantity" >= 1 and "line_total_cents" = "unit_price_cents" * "quantity" and "discount_cents" between 0 and "line_total_cents"));`,
    );
    this.addSql(`create index "order_lines_order_id_index" on "order_lines" ("order_id", "position");`);
    this.addSql(`create index "order_lines_item_index" on "order_lines" ("item_type", "item_id");`);
    this.addSql(
      `create table "processed_webhook_events" ("id" varchar(255) not null, "type" varchar(100) not null, "order_id" uuid null, "processed_at" timestamptz(3) not null default now(), constraint "processed_webhook_events_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "enrollments" add column "access_revoked_at" timestamptz(3) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "enrollments" drop column if exists "access_revoked_at";`);
    this.addSql(`drop table if exists "processed_webhook_events" cascade;`);
    this.addSql(`drop table if exists "order_lines" cascade;`);
    this.addSql(`drop table if exists "orders" cascade;`);
    this.addSql(`drop sequence if exists "order_number_seq";`);
  }
}
