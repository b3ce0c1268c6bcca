import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../features/auth';
import { StaffTwoStepGate } from './StaffTwoStepGate';
import { PageSpinner } from '../ui/PageSpinner';
import { guardRedirect, type RouteGuard } from './guardRule';

export const VERIFYING_AUTHENTICATION = 'Verifying authentication...';

function Guarded({ guard, children }: { guard: RouteGuard; children?: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  const away = guardRedirect(guard, user, `${location.pathname}${location.search}${location.hash}`);
  if (away) return <Navigate to={away} replace />;
  const page = children ?? <Outlet />;
  // The admin area also asks staff for a second factor: the same rule, given its state.
  return guard === 'admin' ? <StaffTwoStepGate viewer={user}>{page}</StaffTwoStepGate> : page;
}

/** Lets signed-in users through; visitors go to /auth. Renders `children`, else the nested route. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  return <Guarded guard="member">{children}</Guarded>;
}

/**
 * Lets admins and curriculum officers with a second factor (two-step sign-in or a passkey) through;
 * staff without one go to its set-up, other signed-in users to /, visitors to /auth. Renders
 * `children`, else the nested route.
 */
export function AdminRoute({ children }: { children?: ReactNode }) {
  return <Guarded guard="admin">{children}</Guarded>;
}
