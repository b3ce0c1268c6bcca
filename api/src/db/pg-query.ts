import type { EntityManager } from '@mikro-orm/postgresql';

/** The part of a pooled `pg` client this helper uses. */
interface PgClient {
  query(config: { text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** The part of knex's client (MikroORM's connection pool) this helper uses. */
interface KnexPoolClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<unknown>;
}

/** Connection.executeQuery: runs `run` and logs `query` (with its time) through the ORM's logger. */
interface LoggingConnection {
  executeQuery<T>(
    query: string,
    run: () => Promise<T>,
    context: { query: string; params: unknown[] },
  ): Promise<T>;
}

const numberedSql = new Map<string, string>();

/** `?` placeholders (as `em.execute` takes them) as PostgreSQL's `$1, $2, …`. */
function numbered(sql: string): string {
  let text = numberedSql.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numberedSql.set(sql, text);
  }
  return text;
}

/**
 * Runs a read-only statement as `em.execute(sql, params)` would, on the same pool and with the same
 * type parsers, but as one parameterized statement sent straight to the pooled `pg` client. It
 * skips MikroORM's and knex's per-query machinery and their inlining of the parameters into the
 * text (a simple-protocol query), which made a hot read several times dearer in CPU than the
 * statement itself. Inside a transaction it falls back to `em.execute` so the statement runs on
 * the transaction's connection. `sql` must use `?` only as placeholders (no `?` in literals).
 */
export async function queryRows<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  if (em.isInTransaction()) return em.execute<T[]>(sql, params);
  const connection = em.getConnection();
  const pool = connection.getKnex().client as unknown as KnexPoolClient;
  // MikroORM's (protected) executeQuery logs the statement through the ORM's logger, as em.execute does.
  return (connection as unknown as LoggingConnection).executeQuery(
    sql,
    async () => {
      const client = await pool.acquireConnection();
      try {
        const result = await client.query({ text: numbered(sql), values: params });
        return result.rows as T[];
      } finally {
        await pool.releaseConnection(client);
      }
    },
    { query: sql, params },
  );
}
