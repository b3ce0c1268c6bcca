import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import type { Db } from './demo-store-query';
import { seedDemoStore } from './demo-store-seed';
import type { LogError } from './demo-store-log';

/**
 * The demo store's state: PostgreSQL schema `demo_store` in the app's own database, created at
 * first use (idempotently, under an advisory lock so several processes never race or seed twice).
 * State survives restarts and is shared by every process of the app.
 */

/** Any number of the lock key: "demo_store" hashed once. */
const SETUP_LOCK = 727_100_422;

const DDL = [
  `create schema if not exists demo_store`,
  // One row: the test controls (throttled answers left, outage) and the seeding marker.
  `create table if not exists demo_store.control (
    id smallint primary key default 1 check (id = 1),
    throttle_remaining integer not null default 0 check (throttle_remaining >= 0),
    down boolean not null default false,
    seeded_at timestamptz null
  )`,
  // The client credentials grant (demo-store-oauth.ts): the lifetime of tokens issued next, and them.
  `alter table demo_store.control add column if not exists token_ttl_seconds integer not null
     default 86399 check (token_ttl_seconds > 0)`,
  `create table if not exists demo_store.access_tokens (
    token varchar(100) primary key,
    issued_at timestamptz(3) not null default now(),
    expires_at timestamptz(3) not null
  )`,
  `create sequence if not exists demo_store.product_id_seq start 8200000001`,
  `create sequence if not exists demo_store.variant_id_seq start 46100000001`,
  `create sequence if not exists demo_store.collection_id_seq start 4300000001`,
  `create sequence if not exists demo_store.order_id_seq start 6100000001`,
  `create sequence if not exists demo_store.order_number_seq start 1001`,
  `create sequence if not exists demo_store.line_item_id_seq start 15400000001`,
  `create sequence if not exists demo_store.refund_id_seq start 9800000001`,
  `create sequence if not exists demo_store.webhook_subscription_id_seq start 1400000001`,
  `create table if not exists demo_store.products (
    id bigint primary key default nextval('demo_store.product_id_seq'),
    handle varchar(255) not null unique,
    title varchar(255) not null,
    description_html text not null default '',
    product_type varchar(255) not null default '',
    vendor varchar(255) not null default '',
    tags text[] not null default '{}',
    status varchar(20) not null default 'ACTIVE' check (status in ('ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED')),
    options jsonb not null default '[]',
    images jsonb not null default '[]',
    created_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    updated_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp())
  )`,
  `create index if not exists products_updated_at_idx on demo_store.products (updated_at, id)`,
  `create table if not exists demo_store.variants (
    id bigint primary key default nextval('demo_store.variant_id_seq'),
    product_id bigint not null references demo_store.products (id) on delete cascade,
    position integer not null,
    title varchar(255) not null,
    sku varchar(255) null,
    price numeric(12, 2) not null check (price >= 0),
    compare_at_price numeric(12, 2) null,
    inventory integer null check (inventory >= 0),
    selected_options jsonb not null default '[]',
    image_url text null,
    created_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    updated_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp())
  )`,
  `create index if not exists variants_product_idx on demo_store.variants (product_id, position)`,
  `create table if not exists demo_store.collections (
    id bigint primary key default nextval('demo_store.collection_id_seq'),
    handle varchar(255) not null unique,
    title varchar(255) not null,
    description_html text not null default '',
    updated_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp())
  )`,
  `create table if not exists demo_store.collection_products (
    collection_id bigint not null references demo_store.collections (id) on delete cascade,
    product_id bigint not null references demo_store.products (id) on delete cascade,
    position integer not null default 0,
    primary key (collection_id, product_id)
  )`,
  `create table if not exists demo_store.webhook_subscriptions (
    id bigint primary key default nextval('demo_store.webhook_subscription_id_seq'),
    topic varchar(64) not null,
    uri text not null,
    format varchar(10) not null default 'JSON',
    api_version varchar(20) not null,
    created_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    updated_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    unique (topic, uri)
  )`,
  `create table if not exists demo_store.carts (
    token varchar(64) primary key,
    email varchar(320) null,
    note text null,
    lines jsonb not null,
    created_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    updated_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp())
  )`,
  `create table if not exists demo_store.orders (
    id bigint primary key default nextval('demo_store.order_id_seq'),
    number integer not null unique default nextval('demo_store.order_number_seq'),
    status_token varchar(64) not null unique,
    cart_token varchar(64) null unique references demo_store.carts (token),
    email varchar(320) not null,
    customer_name varchar(255) null,
    shipping_address jsonb null,
    financial_status varchar(30) not null,
    fulfillment_status varchar(30) null,
    currency varchar(3) not null,
    total_price numeric(12, 2) not null,
    fulfillments jsonb not null default '[]',
    cancelled_at timestamptz(3) null,
    created_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    updated_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp())
  )`,
  `create table if not exists demo_store.order_lines (
    id bigint primary key default nextval('demo_store.line_item_id_seq'),
    order_id bigint not null references demo_store.orders (id) on delete cascade,
    variant_id bigint not null,
    product_id bigint not null,
    sku varchar(255) null,
    title varchar(255) not null,
    variant_title varchar(255) null,
    quantity integer not null check (quantity > 0),
    price numeric(12, 2) not null
  )`,
  `create table if not exists demo_store.refunds (
    id bigint primary key default nextval('demo_store.refund_id_seq'),
    order_id bigint not null references demo_store.orders (id) on delete cascade,
    created_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp())
  )`,
  // The outbox: a delivery is written in the transaction that changed the state, sent after commit.
  `create table if not exists demo_store.webhook_deliveries (
    id bigserial primary key,
    webhook_id uuid not null unique,
    topic varchar(64) not null,
    uri text not null,
    api_version varchar(20) not null,
    body text not null,
    status varchar(20) not null default 'pending' check (status in ('pending', 'sending', 'delivered', 'failed')),
    attempts integer not null default 0,
    last_status integer null,
    last_error text null,
    next_attempt_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    locked_until timestamptz(3) null,
    created_at timestamptz(3) not null default date_trunc('milliseconds', clock_timestamp()),
    delivered_at timestamptz(3) null
  )`,
  `create index if not exists webhook_deliveries_due_idx on demo_store.webhook_deliveries (next_attempt_at)
    where status in ('pending', 'sending')`,
];

export class DemoStoreDb implements Db {
  readonly pool: Pool;
  private ready: Promise<void> | undefined;

  constructor(
    databaseUrl: string,
    private readonly logError: LogError,
  ) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 4 });
    // An idle client's error (the server restarting) must not crash the process.
    this.pool.on('error', (error) => this.logError(error, '[demo-store] database connection error'));
  }

  /** Creates and seeds the schema once (every process; idempotent). Retried after a failure. */
  ensureReady(): Promise<void> {
    this.ready ??= this.setUp().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async setUp(): Promise<void> {
    await this.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
      for (const statement of DDL) await tx.query(statement);
      await tx.query('insert into demo_store.control (id) values (1) on conflict (id) do nothing');
      const [control] = await tx.query<{ seeded_at: Date | null }>(
        'select seeded_at from demo_store.control where id = 1',
      );
      if (!control.seeded_at) {
        await seedDemoStore(tx);
        await tx.query('update demo_store.control set seeded_at = now() where id = 1');
      }
    });
  }

  async query<R extends QueryResultRow = Record<string, any>>(
    sql: string,
    params: unknown[] = [],
  ): Promise<R[]> {
    return (await this.pool.query<R>(sql, params)).rows;
  }

  /** Runs `work` in one transaction on one connection. */
  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    try {
      await client.query('begin');
      const tx: Db = {
        query: async <R extends QueryResultRow>(sql: string, params: unknown[] = []) =>
          (await client.query<R>(sql, params)).rows,
      };
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
