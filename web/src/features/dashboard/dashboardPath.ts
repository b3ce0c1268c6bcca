import type { RoleBearer } from '../auth';

/** Where each role's own dashboard lives (spec section 2, "Dashboard redirect"). */
const DASHBOARD_BY_ROLE: Readonly<Record<string, string>> = {
  seller: '/seller-dashboard',
  instructor: '/instructor/dashboard',
  admin: '/admin',
  curriculum_officer: '/admin/curriculum-officer',
};

export const USER_DASHBOARD_PATH = '/dashboard/user';
export const MULTI_DASHBOARD_PATH = '/multi-dashboard';

/**
 * The dashboard a user lands on from /dashboard:
 * several roles → the multi-role dashboard; exactly one role → that role's dashboard;
 * otherwise the single `role` field picks the same destinations; default the member dashboard.
 * Visitors without a session go to the sign-in page.
 */
export function dashboardPathFor(user: RoleBearer | null | undefined): string {
  if (!user) return '/auth';
  const roles = [...new Set(user.roles ?? [])];
  if (roles.length > 1) return MULTI_DASHBOARD_PATH;
  if (roles.length === 1) {
    const destination = DASHBOARD_BY_ROLE[roles[0]];
    if (destination) return destination;
  }
  if (user.role) {
    const destination = DASHBOARD_BY_ROLE[user.role];
    if (destination) return destination;
  }
  return USER_DASHBOARD_PATH;
}
