import fs from 'node:fs';
import path from 'node:path';
import { POOL_SIZE } from './mikro-orm.config';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL compiled to WebAssembly (PGlite) with its data in `dataDir/pgdata`, served over
 * the Postgres wire protocol on a loopback port, so the app uses the same driver and code path as
 * with a real server. PGlite runs one transaction at a time across all connections.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const pgdata = path.join(dataDir, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  const db = await PGlite.create(pgdata);
  // Session store pool + ORM pool + one spare for migrations and tools.
  const server = new PGLiteSocketServer({
    db,
    port: 0,
    host: '127.0.0.1',
    maxConnections: POOL_SIZE * 2 + 4,
  });
  await server.start();
  const [, port] = server.getServerConn().split(':');
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
