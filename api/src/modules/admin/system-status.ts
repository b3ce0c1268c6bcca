import type { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { PaymentProvider } from '../payments';

const startedAt = new Date();

function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    return String(pkg.version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

const VERSION = appVersion();

export interface SystemStatusData {
  version: string;
  nodeVersion: string;
  environment: string;
  databaseMode: string;
  paymentMode: PaymentProvider['name'];
  databaseVersion: string;
  migrations: string[];
  startedAt: Date;
  uptimeSeconds: number;
}

/** What the deployment page shows: versions, database and payment modes, applied migrations. */
export async function systemStatus(
  em: EntityManager,
  config: Config,
  payments: PaymentProvider,
): Promise<SystemStatusData> {
  const conn = em.getConnection();
  const [{ server_version }] = await conn.execute<{ server_version: string }[]>('show server_version');
  const migrations = await conn.execute<{ name: string }[]>(
    'select name from mikro_orm_migrations order by id',
  );
  return {
    version: VERSION,
    nodeVersion: process.version,
    environment: config.production ? 'production' : 'development',
    databaseMode: config.databaseUrl ? 'external PostgreSQL' : 'embedded PostgreSQL',
    paymentMode: payments.name,
    databaseVersion: server_version,
    migrations: migrations.map((m) => m.name),
    startedAt,
    uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  };
}
