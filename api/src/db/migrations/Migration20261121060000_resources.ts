import { Migration } from '@mikro-orm/migrations';

/**
 * Curriculum store: resource categories, seller profiles, resources (with a generated tsvector for
 * full-text search), their files, reviews, entitlements and download events.
 */
export class Migration20261121060000_resources extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "resource_categories" ("id" uuid not null, "name" varchar(80) not null, "slug" varchar(100) not null, "description" text null, constraint "resource_categories_pkey" primary key ("id"), constraint "resource_categories_name_unique" unique ("name"), constraint "resource_categories_slug_unique" unique ("slug"));`,
    );
    this.addSql(
      `create table "seller_profiles" ("user_id" uuid not null, "store_name" varchar(120) not null, "bio" text not null default '', "logo_url" varchar(500) null, "stripe_account_id" varchar(100) null, "payout_status" varchar(20) not null default 'not_started', "suspended" boolean not null default false, "created_at" timestamptz(3) not null default now(), "updated_at" timestamptz(3) not null default now(), constraint "seller_profiles_pkey" primary key ("user_id"), constraint "seller_profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "seller_profiles_payout_status_check" check ("payout_status" in ('not_started', 'pending', 'active')));`,
    );
    this.addSql(
      `create table "resources" ("id" uuid not null, "title" varchar(200) not null, "description" text not null default '', "type" varchar(20) not null, "dance_style_id" uuid null, "age_group" varchar(40) null, "skill_level" varchar(40) null, "category_id" uuid null, "price_cents" int not null default 0, "thumbnail_url" varchar(500) null, "seller_id" uuid not null, "status" varchar(20) not null default 'draft', "rejection_reason" varchar(500) null, "featured" boolean not null default false, "download_count" int not null default 0, "rating_average" numeric(3,2) not null default 0, "rating_count" int not null default 0, "created_at" timestamptz(3) not null default now(), "updated_at" timestamptz(3) not null default now(), constraint "resources_pkey" primary key ("id"), constraint "resources_dance_style_id_foreign" foreign key ("dance_style_id") references "dance_styles" ("id") on update cascade on delete set null, constraint "resources_category_id_foreign" foreign key ("category_id") references "resource_categories" ("id") on update cascade on delete set null, constraint "resources_seller_id_foreign" foreign key ("seller_id") references "users" ("id") on update cascade, constraint "resources_type_check" check ("type" in ('document', 'audio', 'video', 'image', 'text', 'spreadsheet', 'other')), constraint "resources_status_check" check ("status" in ('draft', 'published', 'rejected')), constraint "resources_price_cents_check" check ("price_cents" >= 0));`,
    );
    this.addSql(`create index "resources_status_created_at_index" on "resources" ("status", "created_at");`);
    this.addSql(`create index "resources_seller_id_index" on "resources" ("seller_id");`);
    this.addSql(`create index "resources_category_id_index" on "resources" ("category_id");`);
    this.addSql(
      `alter table "resources" add column "search_vector" tsvector generated always as (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) stored;`,
    );
    this.addSql(`create index "resources_search_vector_index" on "resources" using gin ("search_vector");`);
    this.addSql(
      `create table "resource_files" ("id" uuid not null, "resource_id" uuid not null, "storage_key" varchar(300) not null, "file_name" varchar(255) not null, "size_bytes" bigint not null, "content_type" varchar(120) not null, "position" int not null default 0, "created_at" timestamptz(3) not null default now(), constraint "resource_files_pkey" primary key ("id"), constraint "resource_files_resource_id_foreign" foreign key ("resource_id") references "resources" ("id") on update cascade on delete cascade);`,
    );
    this.addSql(
      `create index "resource_files_resource_id_index" on "resource_files" ("resource_id", "position");`,
    );
    this.addSql(
      `create table "reviews" ("id" uuid not null, "resource_id" uuid not null, "user_id" uuid not null, "rating" smallint not null, "body" text not null default '', "created_at" timestamptz(3) not null default now(), "updated_at" timestamptz(3) not null default now(), constraint "reviews_pkey" primary key ("id"), constraint "reviews_resource_id_user_id_unique" unique ("resource_id", "user_id"), constraint "reviews_resource_id_foreign" foreign key ("resource_id") references "resources" ("id") on update cascade on delete cascade, constraint "reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "reviews_rating_check" check ("rating" between 1 and 5));`,
    );
    this.addSql(
      `create index "reviews_resource_id_created_at_index" on "reviews" ("resource_id", "created_at");`,
    );
    this.addSql(
      `create table "entitlements" ("id" uuid not null, "user_id" uuid not null, "resource_id" uuid not null, "source" varchar(20) not null, "order_id" uuid null, "created_at" timestamptz(3) not null default now(), constraint "entitlements_pkey" primary key ("id"), constraint "entitlements_user_id_resource_id_unique" unique ("user_id", "resource_id"), constraint "entitlements_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "entitlements_resource_id_foreign" foreign key ("resource_id") references "resources" ("id") on update cascade on delete cascade, constraint "entitlements_source_check" check ("source" in ('order', 'granted')));`,
    );
    this.addSql(`create index "entitlements_resource_id_index" on "entitlements" ("resource_id");`);
    this.addSql(
      `create table "download_events" ("id" uuid not null, "user_id" uuid not null, "resource_id" uuid not null, "file_id" uuid null, "created_at" timestamptz(3) not null default now(), constraint "download_events_pkey" primary key ("id"), constraint "download_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade, constraint "download_events_resource_id_foreign" foreign key ("resource_id") references "resources" ("id") on update cascade on delete cascade, constraint "download_events_file_id_foreign" foreign key ("file_id") references "resource_files" ("id") on update cascade on delete set null);`,
    );
    this.addSql(
      `create index "download_events_resource_id_created_at_index" on "download_events" ("resource_id", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    for (const table of [
      'download_events',
      'entitlements',
      'reviews',
      'resource_files',
      'resources',
      'seller_profiles',
      'resource_categories',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
