import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../modules/auth';
import { DEMO_INSTRUCTOR_USERS } from './demo-instructors';
import { DEMO_STORE_SELLERS } from './demo-resources.data';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';

/** The accounts the demo seeders create, all with the published DEMO_PASSWORD. */
export const DEMO_USERNAMES: readonly string[] = [
  ...DEMO_USERS.map((u) => u.username),
  ...DEMO_STORE_SELLERS.map((s) => s.username),
  ...DEMO_INSTRUCTOR_USERS.map((u) => u.username),
];

/** A production start refused because a demo account can still be signed in to. */
export class DemoPasswordError extends Error {}

/** The demo accounts (by the seeders' usernames) whose password is still the published one. */
export async function accountsWithDemoPassword(em: EntityManager): Promise<string[]> {
  return (await demoPasswordRows(em)).map((row) => row.username);
}

async function demoPasswordRows(em: EntityManager) {
  const rows = await em.getConnection().execute<{ username: string; password_hash: string }[]>(
    `select username, password_hash from users where username_key in (${DEMO_USERNAMES.map(() => '?').join(', ')})
        order by username_key`,
    DEMO_USERNAMES.map((name) => name.toLowerCase()),
  );
  const found: typeof rows = [];
  for (const row of rows) {
    if (await verifyPassword(row.password_hash, DEMO_PASSWORD)) found.push(row);
  }
  return found;
}

/** Production refuses to start while anyone could sign in with the published demo password. */
export async function refuseDemoPasswords(em: EntityManager): Promise<void> {
  const accounts = await accountsWithDemoPassword(em);
  if (!accounts.length) return;
  throw new DemoPasswordError(
    `Refusing to start with NODE_ENV=production: the demo account${accounts.length > 1 ? 's' : ''} ` +
      `${accounts.join(', ')} still sign${accounts.length > 1 ? '' : 's'} in with the published demo ` +
      `password. Give them new passwords with \`node api/dist/db/seeders/replace-demo-passwords.js\` ` +
      '(same DATABASE_URL; it prints the new ones), or use a database that was never seeded.',
  );
}

/**
 * Gives each demo account that still has the published password a new random one (24 characters)
 * and returns them, for the operator to note. Accounts with another password are left alone.
 */
export async function replaceDemoPasswords(
  em: EntityManager,
): Promise<{ username: string; password: string }[]> {
  const replaced: { username: string; password: string }[] = [];
  for (const row of await demoPasswordRows(em)) {
    const password = randomBytes(18).toString('base64url');
    // Only while the hash is still the demo one (a password changed meanwhile is kept).
    const updated = await em
      .getConnection()
      .execute<unknown[]>(
        'update users set password_hash = ?, updated_at = now() where username = ? and password_hash = ? returning id',
        [await hashPassword(password), row.username, row.password_hash],
      );
    if (updated.length) replaced.push({ username: row.username, password });
  }
  return replaced;
}
