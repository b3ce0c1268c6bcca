import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../auth';
import { PageSpinner } from '../../ui/PageSpinner';
import { dashboardPathFor } from './dashboardPath';

/** /dashboard and /my-dashboard: sends the user on to the dashboard of their role(s). */
export default function DashboardRedirect() {
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner label="Loading your dashboard..." />;
  return <Navigate to={dashboardPathFor(user)} replace />;
}
