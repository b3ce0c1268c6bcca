import { Migration } from '@mikro-orm/migrations';

/**
 * The DRX shop (api/src/modules/shop, docs/store.md): one connected commerce store (Shopify),
 * its products cached here (so /shop works while the store is slow or down), the shop bag of
 * signed-in members, the store's orders as its webhooks report them, and DRX courses/resources
 * published to the store with the entitlements its paid orders grant.
 *
 * - `store_connection`: at most one row (id = 1). Secrets are AES-256-GCM ciphertexts
 *   (`v1:<iv>:<tag>:<data>`, base64), never read back to a browser. No row outside production
 *   means "the built-in demo store"; a row with status 'disconnected' means none.
 * - `store_config_events`: who changed the configuration, when and what (never a secret's value).
 * - `store_products` / `store_product_variants`: the cache; money as numeric in the store's
 *   currency. DRX's own choices (visible, featured, the dance-style/age-group/skill-level tags
 *   and whether an admin edited them) survive every sync. `removed_at`: gone from the store.
 * - `shop_bag_items`: a member's bag (guests keep theirs in the browser).
 * - `store_webhook_deliveries`: each X-Shopify-Webhook-Id once (replays are dropped).
 * - `store_orders`: the store's orders, matched to a DRX account by email.
 * - `store_published_items`: DRX items sold in the store, SKU `DRX-COURSE-<uuid>` /
 *   `DRX-RESOURCE-<uuid>`.
 * - `store_entitlement_grants`: one row per (store order, line item): pending (no account with that
 *   email yet; an invitation was mailed), granted, or revoked (refund/cancel in the store).
 */
export class Migration20261128000000_shop extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "store_connection" (
        "id" smallint not null default 1 check ("id" = 1),
        "provider" varchar(20) not null default 'shopify' check ("provider" in ('shopify')),
        "status" varchar(20) not null check ("status" in ('connected', 'disconnected')),
        "demo" boolean not null default false,
        "shop_domain" varchar(255) null,
        "api_version" varchar(20) null,
        "storefront_token_enc" text null,
        "admin_token_enc" text null,
        "webhook_secret_enc" text null,
        "collection_ids" text[] not null default '{}',
        "shop_name" varchar(255) null,
        "currency_code" varchar(3) null,
        "connected_at" timestamptz(3) null,
        "updated_at" timestamptz(3) not null default now(),
        "updated_by" uuid null references "users" ("id") on delete set null,
        "last_sync_started_at" timestamptz(3) null,
        "last_sync_finished_at" timestamptz(3) null,
        "last_sync_error" text null,
        "sync_watermark" timestamptz(3) null,
        constraint "store_connection_pkey" primary key ("id"),
        constraint "store_connection_connected_check" check (
          "status" <> 'connected' or ("shop_domain" is not null and "api_version" is not null
            and "storefront_token_enc" is not null and "admin_token_enc" is not null
            and "webhook_secret_enc" is not null)
        )
      );`,
    );
    this.addSql(
      `create table "store_config_events" (
        "id" bigserial primary key,
        "at" timestamptz(3) not null default clock_timestamp(),
        "actor_id" uuid null references "users" ("id") on delete set null,
        "action" varchar(40) not null,
        "details" jsonb not null default '{}'
      );`,
    );
    this.addSql(`create index "store_config_events_at_index" on "store_config_events" ("at" desc);`);

    // array_to_string is only STABLE (it serves any array type), which a generated column refuses;
    // for text[] it is immutable, as this wrapper declares.
    this.addSql(
      `create or replace function "store_tags_text"(text[]) returns text
       language sql immutable parallel safe as $$ select array_to_string($1, ' ') $$;`,
    );
    this.addSql(
      `create table "store_products" (
        "id" varchar(100) not null,
        "handle" varchar(255) not null,
        "title" varchar(255) not null,
        "description_html" text not null default '',
        "product_type" varchar(255) not null default '',
        "vendor" varchar(255) not null default '',
        "store_tags" text[] not null default '{}',
        "store_status" varchar(20) not null default 'ACTIVE',
        "images" jsonb not null default '[]',
        "options" jsonb not null default '[]',
        "collection_ids" text[] not null default '{}',
        "currency_code" varchar(3) not null,
        "min_price" numeric(14, 2) not null check ("min_price" >= 0),
        "max_price" numeric(14, 2) not null check ("max_price" >= "min_price"),
        "total_inventory" int null,
        "available" boolean not null default true,
        "store_updated_at" timestamptz(3) not null,
        "synced_at" timestamptz(3) not null default now(),
        "sync_error" text null,
        "removed_at" timestamptz(3) null,
        "visible" boolean not null default true,
        "featured" boolean not null default false,
        "dance_styles" text[] not null default '{}',
        "age_groups" text[] not null default '{}',
        "skill_levels" text[] not null default '{}',
        "tags_edited" boolean not null default false,
        "search" tsvector generated always as (
          setweight(to_tsvector('simple', coalesce("title", '')), 'A') ||
          setweight(to_tsvector('simple', coalesce("product_type", '') || ' ' || coalesce("vendor", '')), 'B') ||
          setweight(to_tsvector('simple', "store_tags_text"("store_tags")), 'C')
        ) stored,
        constraint "store_products_pkey" primary key ("id"),
        constraint "store_products_handle_unique" unique ("handle")
      );`,
    );
    this.addSql(`create index "store_products_search_index" on "store_products" using gin ("search");`);
    this.addSql(
      `create index "store_products_listing_index" on "store_products" ("featured" desc, "title")
       where "removed_at" is null and "visible";`,
    );
    this.addSql(
      `create table "store_product_variants" (
        "id" varchar(100) not null,
        "product_id" varchar(100) not null references "store_products" ("id") on delete cascade,
        "position" int not null default 0,
        "title" varchar(255) not null,
        "sku" varchar(255) null,
        "price" numeric(14, 2) not null check ("price" >= 0),
        "compare_at_price" numeric(14, 2) null,
        "available" boolean not null default true,
        "quantity" int null,
        "selected_options" jsonb not null default '[]',
        "image_url" text null,
        constraint "store_product_variants_pkey" primary key ("id")
      );`,
    );
    this.addSql(
      `create index "store_product_variants_product_id_index" on "store_product_variants" ("product_id", "position");`,
    );

    this.addSql(
      `create table "shop_bag_items" (
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "variant_id" varchar(100) not null references "store_product_variants" ("id") on delete cascade,
        "quantity" int not null check ("quantity" between 1 and 99),
        "added_at" timestamptz(3) not null default now(),
        "updated_at" timestamptz(3) not null default now(),
        constraint "shop_bag_items_pkey" primary key ("user_id", "variant_id")
      );`,
    );

    this.addSql(
      `create table "store_webhook_deliveries" (
        "webhook_id" varchar(255) not null,
        "topic" varchar(100) not null,
        "shop_domain" varchar(255) null,
        "received_at" timestamptz(3) not null default now(),
        constraint "store_webhook_deliveries_pkey" primary key ("webhook_id")
      );`,
    );

    this.addSql(
      `create table "store_orders" (
        "id" varchar(100) not null,
        "name" varchar(100) not null,
        "email" varchar(254) null,
        "user_id" uuid null references "users" ("id") on delete set null,
        "financial_status" varchar(40) null,
        "fulfillment_status" varchar(40) null,
        "cancelled_at" timestamptz(3) null,
        "currency_code" varchar(3) not null,
        "total_price" numeric(14, 2) not null,
        "lines" jsonb not null default '[]',
        "tracking_number" varchar(255) null,
        "tracking_url" text null,
        "tracking_company" varchar(255) null,
        "status_url" text null,
        "store_created_at" timestamptz(3) not null,
        "store_updated_at" timestamptz(3) not null,
        "updated_at" timestamptz(3) not null default now(),
        constraint "store_orders_pkey" primary key ("id")
      );`,
    );
    this.addSql(
      `create index "store_orders_user_id_index" on "store_orders" ("user_id", "store_created_at" desc);`,
    );
    this.addSql(`create index "store_orders_email_index" on "store_orders" (lower("email"));`);
    this.addSql(`create index "store_orders_created_index" on "store_orders" ("store_created_at" desc);`);

    this.addSql(
      `create table "store_published_items" (
        "item_type" varchar(20) not null check ("item_type" in ('course', 'resource')),
        "item_id" uuid not null,
        "sku" varchar(100) not null,
        "store_product_id" varchar(100) null,
        "store_variant_id" varchar(100) null,
        "status" varchar(20) not null default 'publishing'
          check ("status" in ('publishing', 'published', 'unpublished', 'failed')),
        "published_by" uuid null references "users" ("id") on delete set null,
        "published_at" timestamptz(3) not null default now(),
        "pushed_at" timestamptz(3) null,
        "push_error" text null,
        constraint "store_published_items_pkey" primary key ("item_type", "item_id"),
        constraint "store_published_items_sku_unique" unique ("sku")
      );`,
    );

    this.addSql(
      `create table "store_entitlement_grants" (
        "id" uuid not null default gen_random_uuid(),
        "order_id" varchar(100) not null references "store_orders" ("id") on delete cascade,
        "line_id" varchar(100) not null,
        "sku" varchar(100) not null,
        "item_type" varchar(20) not null check ("item_type" in ('course', 'resource')),
        "item_id" uuid not null,
        "email" varchar(254) not null,
        "user_id" uuid null references "users" ("id") on delete set null,
        "status" varchar(20) not null check ("status" in ('pending', 'granted', 'revoked')),
        "invited_at" timestamptz(3) null,
        "granted_at" timestamptz(3) null,
        "revoked_at" timestamptz(3) null,
        "created_at" timestamptz(3) not null default now(),
        constraint "store_entitlement_grants_pkey" primary key ("id"),
        constraint "store_entitlement_grants_line_unique" unique ("order_id", "line_id"),
        constraint "store_entitlement_grants_state_check" check (
          ("status" = 'pending' and "user_id" is null and "granted_at" is null)
          or ("status" = 'granted' and "user_id" is not null and "granted_at" is not null and "revoked_at" is null)
          or ("status" = 'revoked' and "revoked_at" is not null)
        )
      );`,
    );
    this.addSql(
      `create index "store_entitlement_grants_pending_email_index" on "store_entitlement_grants" (lower("email"))
       where "status" = 'pending';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "store_entitlement_grants";`);
    this.addSql(`drop table if exists "store_published_items";`);
    this.addSql(`drop table if exists "store_orders";`);
    this.addSql(`drop table if exists "store_webhook_deliveries";`);
    this.addSql(`drop table if exists "shop_bag_items";`);
    this.addSql(`drop table if exists "store_product_variants";`);
    this.addSql(`drop table if exists "store_products";`);
    this.addSql(`drop function if exists "store_tags_text"(text[]);`);
    this.addSql(`drop table if exists "store_config_events";`);
    this.addSql(`drop table if exists "store_connection";`);
  }
}
