import { authPathFor, canEnterAdminArea, type RoleBearer } from '../features/auth';
import { TWO_STEP_SETUP_PATH } from '../features/two-step';

/** The two guards of the route tree (router.tsx): signed-in users only, or the admin area. */
export type RouteGuard = 'member' | 'admin';

/** The signed-in viewer as a guard reads them. */
export interface GuardViewer extends RoleBearer {
  /**
   * Staff whose role requires a second factor (two-step sign-in or a passkey, issue 31) and who have
   * none yet. Only the admin guard reads it: who asks for it only there may leave it out elsewhere.
   */
  needsSecondFactor?: boolean;
}

/** What the browser knows of the viewer's second factor (the `myTwoStep` query). */
export interface SecondFactorState {
  requiredFor?: string | null;
  hasSecondFactor: boolean;
}

/**
 * Whether the `myTwoStep` answer says the viewer needs the set-up before the admin area: staff
 * (the server answers `requiredFor: 'staff'` only while the requirement is on) without a factor.
 */
export function needsSecondFactor(state: SecondFactorState | null | undefined): boolean {
  return state?.requiredFor === 'staff' && !state.hasSecondFactor;
}

/**
 * Where a guard sends a viewer it does not let in (spec section 2, "Guards"), or null when it lets
 * them in: a visitor goes to /auth, asked to come back to `from` (the page's path and query) after
 * signing in; a signed-in user who is neither an admin nor a curriculum officer goes from the admin
 * area to /; staff without the second factor they need go from the admin area to its set-up
 * (TWO_STEP_SETUP_PATH). The browser's guards (guards.tsx, StaffTwoStepGate.tsx) and the server's
 * answer to a guarded page (entry-server.tsx → api/src/http/page-access.ts) both decide with this.
 */
export function guardRedirect(guard: RouteGuard, viewer: GuardViewer | null, from?: string): string | null {
  if (!viewer) return authPathFor(from);
  if (guard !== 'admin') return null;
  if (!canEnterAdminArea(viewer)) return '/';
  if (viewer.needsSecondFactor) return TWO_STEP_SETUP_PATH;
  return null;
}
