import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { canEnterAdminArea } from '../features/auth/roles';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { PageSpinner } from '../ui/PageSpinner';

export const VERIFYING_AUTHENTICATION = 'Verifying authentication...';

/** Lets signed-in users through; visitors go to /auth. Renders `children`, else the nested route. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  if (!user) return <Navigate to="/auth" replace />;
  return children ?? <Outlet />;
}

/**
 * Lets admins and curriculum officers through; other signed-in users go to /,
 * visitors to /auth. Renders `children`, else the nested route.
 */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner label={VERIFYING_AUTHENTICATION} />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!canEnterAdminArea(user)) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
