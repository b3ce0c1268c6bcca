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
export async function createTestDatabase(
  template?: string,
  prefix = 'drx_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
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

/** The prefix of a template's copies: the run's teardown drops whatever copy is left. */
export const copiesOf = (template: string) => `${template}_c`;

/** Each template's next copy, made ahead in this process (a test worker: see `copyOfTemplate`). */
const spares = new Map<string, ReturnType<typeof createTestDatabase>>();

/**
 * A copy of `template` (the run's migrated and seeded database), the next one started at once in
 * the background: PostgreSQL takes about half a second to copy it (every page written again),
 * which the worker's next test file then does not wait for — its app starts on the copy made
 * while the previous file ran. The copy a worker is left with at the end of the run is dropped by
 * the template's teardown (template-database.global.ts), by its name.
 */
export function copyOfTemplate(template: string): ReturnType<typeof createTestDatabase> {
  const ready = spares.get(template) ?? createTestDatabase(template, copiesOf(template));
  const next = createTestDatabase(template, copiesOf(template));
  // Its failure (if any) is the next caller's, when it awaits it.
  next.catch(() => undefined);
  spares.set(template, next);
  return ready;
}

/** The template copies this process has yet to drop, one after another (`dropLater`). */
let dropping: Promise<void> = Promise.resolve();

/**
 * Drops a template's copy once the test file that used it is done, without the file waiting for it:
 * PostgreSQL forces a checkpoint at every `drop database` (every dirty page of the server written
 * and synced), 0.5–1 s on an idle 2-core machine and several seconds under the run's load. A copy
 * still here when the run ends (its worker gone first) is dropped by the template's teardown, by name.
 */
export function dropLater(db: { drop(): Promise<void> }): void {
  dropping = dropping.then(() => db.drop()).catch(() => undefined);
}
