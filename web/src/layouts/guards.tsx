import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { StaffTwoStepGate } from '../features/two-step/StaffTwoStepGate';
import { PageSpinner } from '../ui/PageSpinner';
import { guardRedirect, type RouteGuard } from './guardRule';

export const VERIFYING_AUTHENTICATION = 'Verifying authentication...';

function Guarded({ guard, children }: { guard: RouteGuard; children?: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  const away = guardRedirect(guard, user, `${location.pathname}${location.search}${location.hash}`);
  if (away) return <Navigate to={away} replace />;
  return children ?? <Outlet />;
}

/** Lets signed-in users through; visitors go to /auth. Renders `children`, else the nested route. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  return <Guarded guard="member">{children}</Guarded>;
}

/**
 * Lets admins and curriculum officers through; other signed-in users go to /,
 * visitors to /auth. Renders `children`, else the nested route.
 */
export function AdminRoute({ children }: { children?: ReactNode }) {
  return (
    <Guarded guard="admin">
      {/* Staff need a second factor first (two-step sign-in or a passkey). */}
      <StaffTwoStepGate>{children ?? <Outlet />}</StaffTwoStepGate>
    </Guarded>
  );
}
