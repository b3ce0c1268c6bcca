import { authPathFor } from '../features/auth/returnTo';
import { canEnterAdminArea, type RoleBearer } from '../features/auth/roles';

/** The two guards of the route tree (router.tsx): signed-in users only, or the admin area. */
export type RouteGuard = 'member' | 'admin';

/**
 * Where a guard sends a viewer it does not let in (spec section 2, "Guards"), or null when it lets
 * them in: a visitor goes to /auth, asked to come back to `from` (the page's path and query) after
 * signing in; a signed-in user who is neither an admin nor a curriculum officer goes from the admin
 * area to /. The browser's guards (guards.tsx) and the server's answer to a guarded page
 * (entry-server.tsx → api/src/http/page-access.ts) both decide with this.
 */
export function guardRedirect(guard: RouteGuard, viewer: RoleBearer | null, from?: string): string | null {
  if (!viewer) return authPathFor(from);
  if (guard === 'admin' && !canEnterAdminArea(viewer)) return '/';
  return null;
}
