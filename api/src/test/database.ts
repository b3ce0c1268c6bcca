import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server tests use (a real one; never a mock). */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Creates an empty database for one test file — or, with `template`, a copy of that database (the
 * run's migrated and seeded template: template-database.global.ts); `drop()` removes it.
 */
export async function createTestDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `drx_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  return {
    url: withDatabase(TEST_SERVER_URL, name),
    async drop() {
      const client = new Client({ connectionString: TEST_SERVER_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
