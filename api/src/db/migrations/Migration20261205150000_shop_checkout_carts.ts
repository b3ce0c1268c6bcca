import { Migration } from '@mikro-orm/migrations';

/**
 * A signed-in member's shop checkout is theirs (issue 31): the store cart DRX made for the member
 * (Storefront `cartCreate`) is remembered by its token, and the order the store reports with that
 * `cart_token` belongs to that member at once — whatever email was typed at the store's checkout and
 * whether or not the member's address is verified yet. Orders without such a cart (guests, or made
 * in the store directly) are still matched to the account that verified the buyer's email.
 */
export class Migration20261205150000_shop_checkout_carts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "shop_checkout_carts" (
        "cart_token" varchar(200) primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "shop_checkout_carts_created_index" on "shop_checkout_carts" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shop_checkout_carts";`);
  }
}
