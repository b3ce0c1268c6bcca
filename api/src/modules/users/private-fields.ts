import { hasRole, type HasRoles } from './roles';

/**
 * Whether `viewer` may see `account`'s private fields (email, roles): the account's owner and
 * admins. Everyone else — guests, other members, staff who are not admins (curriculum officers) —
 * sees the public profile only. The graph's `User` fields and the receipts (receipt.route.ts) ask
 * this same question.
 */
export function maySeePrivateFields(
  viewer: (HasRoles & { id: string }) | null | undefined,
  account: { id: string },
): boolean {
  return !!viewer && (viewer.id === account.id || hasRole(viewer, 'admin'));
}
