/** Role values from the spec (section 3). */
export const ROLE_VALUES = [
  'user',
  'admin',
  'instructor',
  'student',
  'seller',
  'booking',
  'booking_provider',
  'booking_client',
  'curriculum_officer',
  'curriculum_admin',
  'moderator',
] as const;

export type Role = (typeof ROLE_VALUES)[number];

/** Roles that may enter the admin area (spec section 6). */
export const STAFF_ROLES: readonly Role[] = ['admin', 'curriculum_officer'];

export interface HasRoles {
  role: string;
  roles: string[];
}

export function hasRole(user: HasRoles | null | undefined, role: Role): boolean {
  if (!user) return false;
  return user.role === role || user.roles.includes(role);
}

export function hasAnyRole(user: HasRoles | null | undefined, roles: readonly Role[]): boolean {
  return roles.some((r) => hasRole(user, r));
}
