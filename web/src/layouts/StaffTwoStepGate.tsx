import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RoleBearer } from '../features/auth';
import { MyTwoStepDocument } from '../features/two-step';
import { PageSpinner } from '../ui/PageSpinner';
import { guardRedirect, needsSecondFactor } from './guardRule';

/**
 * The staff area needs a second factor (issue 31): staff without one go to the set-up on /profile,
 * which says why — by the admin guard's own rule (guardRule.ts), which the server applies to the
 * page request too (api/src/http/page-access.ts). The server refuses their staff operations anyway
 * (FORBIDDEN, TWO_STEP_REQUIRED); when the state cannot be read this lets the page decide from the
 * server's answers.
 */
export function StaffTwoStepGate({ viewer, children }: { viewer: RoleBearer | null; children: ReactNode }) {
  const { data, loading } = useQuery(MyTwoStepDocument, { fetchPolicy: 'cache-and-network' });
  const state = data?.myTwoStep;
  if (!state && loading) return <PageSpinner label="Verifying authentication..." />;
  const away = guardRedirect('admin', viewer && { ...viewer, needsSecondFactor: needsSecondFactor(state) });
  if (away) return <Navigate to={away} replace />;
  return children;
}
