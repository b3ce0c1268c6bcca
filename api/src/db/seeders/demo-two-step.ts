import type { EntityManager } from '@mikro-orm/postgresql';
import { plainSecret } from '../../modules/account';
import { DemoPasswordError } from './demo-passwords';
import { STAFF_ROLES } from '../../modules/users';
import { DEMO_USERS } from './demo-users';

/**
 * The authenticator key of the seeded staff accounts (admin, officer), published in the README
 * beside the demo password: staff need two-step sign-in (issue 31), and `npm start` stays a
 * one-command demo — add this key to an authenticator app (or compute the code, as e2e does). A
 * production start refuses to run while a staff account still has it (refuseDemoTwoStepKey).
 */
export const DEMO_TWO_STEP_KEY = 'DRXDEMO2STEPKEYFORTHESEEDEDSTAFF';

export const DEMO_STAFF_USERNAMES: readonly string[] = DEMO_USERS.filter((u) =>
  u.roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role)),
).map((u) => u.username);

/** Two-step sign-in on, with the published key, for the seeded staff accounts that have none. */
export async function seedDemoTwoStep(em: EntityManager): Promise<void> {
  await em.getConnection().execute(
    `insert into two_step_secrets (user_id, secret, enabled_at)
     select id, ?, now() from users where username_key in (?)
     on conflict (user_id) do nothing`,
    [plainSecret(DEMO_TWO_STEP_KEY), DEMO_STAFF_USERNAMES.map((name) => name.toLowerCase())],
  );
}

/** A production start refused because an account's second step is the published demo key (fixable, like the password). */
export class DemoTwoStepKeyError extends DemoPasswordError {}

/** Accounts whose two-step sign-in still uses the published key. */
export async function accountsWithDemoTwoStepKey(em: EntityManager): Promise<string[]> {
  const rows = await em
    .getConnection()
    .execute<{ username: string }[]>(
      `select u.username from two_step_secrets s join users u on u.id = s.user_id where s.secret = ? order by u.username_key`,
      [plainSecret(DEMO_TWO_STEP_KEY)],
    );
  return rows.map((row) => row.username);
}

/** Production refuses to start while anyone's second step is the published demo key. */
export async function refuseDemoTwoStepKey(em: EntityManager): Promise<void> {
  const accounts = await accountsWithDemoTwoStepKey(em);
  if (!accounts.length) return;
  throw new DemoTwoStepKeyError(
    `Refusing to start with NODE_ENV=production: two-step sign-in of ${accounts.join(', ')} still uses the ` +
      'published demo key. Remove it with `node api/dist/db/seeders/remove-demo-two-step.js` (same ' +
      'DATABASE_URL; those accounts then set two-step sign-in up again on their profile), or use a ' +
      'database that was never seeded.',
  );
}

/** Turns off two-step sign-in where it uses the published key (and its recovery codes); returns who. */
export async function removeDemoTwoStepKey(em: EntityManager): Promise<string[]> {
  const rows = await em.getConnection().execute<{ username: string }[]>(
    `with removed as (delete from two_step_secrets where secret = ? returning user_id),
          codes as (delete from two_step_recovery_codes where user_id in (select user_id from removed))
     select u.username from removed r join users u on u.id = r.user_id order by u.username_key`,
    [plainSecret(DEMO_TWO_STEP_KEY)],
  );
  return rows.map((row) => row.username);
}
