import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons (codes stored upper-cased, so unique case-insensitively) and their redemptions (one per
 * order; `order_id` has no foreign key because the orders table comes in a later migration).
 */
export class Migration20261122040000_coupons extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "coupons" ("id" uuid not null, "code" varchar(32) not null, "description" text not null default '', "kind" varchar(10) not null, "percent_off" int null, "amount_off_cents" int null, "starts_at" timestamptz(3) not null default now(), "ends_at" timestamptz(3) null, "usage_limit" int null, "per_member_limit" int null default 1, "used_count" int not null default 0, "min_subtotal_cents" int not null default 0, "scope" varchar(10) not null default 'all', "active" boolean not null default true, "created_at" timestamptz(3) not null default now(), "updated_at" timestamptz(3) not null default now(), constraint "coupons_pkey" primary key ("id"), constraint "coupons_code_unique" unique ("code"), constraint "coupons_code_check" check ("code" ~ '^[A-Z0-9_-]{3,32}$'), constraint "coupons_kind_check" check (("kind" = 'percent' and "percent_off" between 1 and 100 and "amount_off_cents" is null) or ("kind" = 'fixed' and "amount_off_cents" > 0 and "percent_off" is null)), constraint "coupons_scope_check" check ("scope" in ('all', 'courses', 'resources')), constraint "coupons_dates_check" check ("ends_at" is null or "ends_at" > "starts_at"), constraint "coupons_usage_limit_check" check ("usage_limit" is null or "usage_limit" >= 1), constraint "coupons_per_member_limit_check" check ("per_member_limit" is null or "per_member_limit" >= 1), constraint "coupons_used_count_check" check ("used_count" >= 0), constraint "coupons_min_subtotal_cents_check" check ("min_subtotal_cents" >= 0));`,
    );
    this.addSql(`create index "coupons_created_at_index" on "coupons" ("created_at", "id");`);
    this.addSql(
      `create table "coupon_redemptions" ("id" uuid not null, "coupon_id" uuid not null, "user_id" uuid not null, "order_id" uuid not null, "discount_cents" int not null, "created_at" timestamptz(3) not null default now(), "released_at" timestamptz(3) null, constraint "coupon_redemptions_pkey" primary key ("id"), constraint "coupon_redemptions_order_id_unique" unique ("order_id"), constraint "coupon_redemptions_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on update cascade on delete cascade, constraint "coupon_redemptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "coupon_redemptions_discount_cents_check" check ("discount_cents" >= 0));`,
    );
    this.addSql(
      `create index "coupon_redemptions_coupon_id_user_id_index" on "coupon_redemptions" ("coupon_id", "user_id");`,
    );
    this.addSql(`create index "coupon_redemptions_user_id_index" on "coupon_redemptions" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "coupon_redemptions" cascade;`);
    this.addSql(`drop table if exists "coupons" cascade;`);
  }
}
