import type { EntityManager } from '@mikro-orm/postgresql';
import { createStoreProfile, SellerProfile } from '../resources';
import { hasAnyRole, type Role } from '../users';
import type { User } from '../users';

/** Who has a store of their own: sellers, and staff (curriculum officers and admins). */
export const STORE_ROLES: readonly Role[] = ['seller', 'admin', 'curriculum_officer'];

export const canHaveStore = (user: User | null | undefined) => hasAnyRole(user, STORE_ROLES);

/** Whom DRX pays: store owners and instructors (booking earnings). Both connect Stripe the same way. */
export const PAYEE_ROLES: readonly Role[] = [...STORE_ROLES, 'instructor'];

export const canBePaid = (user: User | null | undefined) => hasAnyRole(user, PAYEE_ROLES);

/** The user's store profile, created with a default name the first time it is needed. */
export async function ensureSellerProfile(em: EntityManager, user: User): Promise<SellerProfile> {
  const existing = await em.findOne(SellerProfile, { user: user.id });
  if (existing) return existing;
  // Concurrent first calls: the primary key settles it, the loser reads the winner's row.
  await createStoreProfile(em, user.id, `${user.displayName}'s Store`.slice(0, 120));
  return em.findOneOrFail(SellerProfile, { user: user.id });
}
