/** The role fields every signed-in user carries: a primary `role` and the full `roles` list. */
export interface RoleBearer {
  role?: string | null;
  roles?: readonly string[] | null;
}

/** The distinct roles of a user: `roles` when given, plus the single `role` field. */
export function rolesOf(user: RoleBearer | null | undefined): string[] {
  if (!user) return [];
  const all = [...(user.roles ?? []), ...(user.role ? [user.role] : [])];
  return [...new Set(all.filter((role) => role.length > 0))];
}

/** Whether the user holds `role`, either as the primary role or among `roles`. */
export function hasRole(user: RoleBearer | null | undefined, role: string): boolean {
  if (!user) return false;
  return user.role === role || (user.roles ?? []).includes(role);
}

/** Admins and curriculum officers may enter the admin area (spec section 6). */
export function canEnterAdminArea(user: RoleBearer | null | undefined): boolean {
  return hasRole(user, 'admin') || hasRole(user, 'curriculum_officer');
}
