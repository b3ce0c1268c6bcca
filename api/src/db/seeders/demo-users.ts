import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../../modules/auth/password';
import { User } from '../../modules/users/user.entity';
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
        // The demo's addresses are its own: verified, so the demo shows what verified accounts get.
        emailVerifiedAt: new Date(),
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
}

/** Creates the demo accounts that do not exist yet (one shared password hash). */
export async function seedDemoUsers(em: EntityManager): Promise<void> {
  await seedDemoAccounts(em, DEMO_USERS);
}
