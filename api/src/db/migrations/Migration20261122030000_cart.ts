import { Migration } from '@mikro-orm/migrations';

/**
 * Cart lines. The unique (user_id, item_type, item_id) constraint is what the upsert of
 * `cartItemAdd` targets, so concurrent adds of one item always end on a single line.
 */
export class Migration20261122030000_cart extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "cart_items" ("id" uuid not null, "user_id" uuid not null, "item_type" varchar(20) not null, "item_id" uuid not null, "title" varchar(200) not null, "unit_price_cents" int not null, "quantity" int not null, "image_url" varchar(500) null, "created_at" timestamptz(3) not null default now(), "updated_at" timestamptz(3) not null default now(), constraint "cart_items_pkey" primary key ("id"), constraint "cart_items_user_id_item_type_item_id_unique" unique ("user_id", "item_type", "item_id"), constraint "cart_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "cart_items_item_type_check" check ("item_type" in ('course', 'resource')), constraint "cart_items_quantity_check" check ("quantity" between 1 and 99), constraint "cart_items_unit_price_cents_check" check ("unit_price_cents" >= 0));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cart_items" cascade;`);
  }
}
