import type { QueryResultRow } from 'pg';

/** What the demo store's SQL runs on: its pool (DemoStoreDb, demo-store-db.ts) or one transaction's client. */
export interface Db {
  query<R extends QueryResultRow = Record<string, any>>(sql: string, params?: unknown[]): Promise<R[]>;
}
