import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../../modules/auth';
import { User } from '../../modules/users';
import { DEMO_PASSWORD } from './demo-password';

export { DEMO_PASSWORD };

export const DEMO_USERS = [
  { username: 'admin', roles: ['admin'], firstName: 'Ada', lastName: 'Admin' },
  { username: 'officer', roles: ['curriculum_officer'], firstName: 'Olivia', lastName: 'Officer' },
  { username: 'seller', roles: ['seller'], firstName: 'Sam', lastName: 'Seller' },
  { username: 'instructor', roles: ['instructor'], firstName: 'Ines', lastName: 'Instructor' },
  { username: 'member', roles: ['user'], firstName: 'Mia', lastName: 'Member' },
  { username: 'multi', roles: ['seller', 'instructor'], firstName: 'Max', lastName: 'Multi' },
] as const;

/** A demo account: its username (also the e-mail's local part), roles (the first is the main one) and name. */
export interface DemoAccount {
  readonly username: string;
  readonly roles: readonly [string, ...string[]];
  readonly firstName: string;
  readonly lastName: string;
}

/** Creates the given demo accounts that do not exist yet (one shared password hash, the demo password). */
export async function seedDemoAccounts(em: EntityManager, accounts: readonly DemoAccount[]): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of accounts) {
    const usernameKey = demo.username.toLowerCase();
    if (await em.count(User, { usernameKey })) continue;
    em.persist(
      em.create(User, {
        username: demo.username,
        usernameKey,
        email: `${demo.username}@demo.drx.dance`,
        passwordHash,
        role: demo.roles[0],
        roles: [...demo.roles],
        firstName: demo.firstName,
        lastName: demo.lastName,
        createdAt: new Date(),
        updatedAt: new Date(),
      }),
    );
  }
  await em.flush();
  await verifyDemoAddresses(em);
}

/**
 * The demo's addresses are its own: verified, so the demo shows what verified accounts get (issue
 * 31) — also on accounts seeded before addresses were verified. Not one another account (e.g. a
 * renamed demo account) already verified: an address is verified by one account only.
 */
export async function verifyDemoAddresses(em: EntityManager): Promise<void> {
  await em.execute(
    `update users set email_verified_at = now()
     where email like '%@demo.drx.dance' and email_verified_at is null
       and not exists (select 1 from users o where lower(o.email) = lower(users.email) and o.email_verified_at is not null)`,
  );
}

/** Creates the demo accounts that do not exist yet (one shared password hash). */
export async function seedDemoUsers(em: EntityManager): Promise<void> {
  await seedDemoAccounts(em, DEMO_USERS);
}
