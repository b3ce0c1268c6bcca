import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { MyTwoStepDocument } from './twoStepDocuments';

/** Where staff without a second factor are sent: the set-up on their profile, with its message. */
export const TWO_STEP_SETUP_PATH = '/profile?twoStep=required#two-step';

/**
 * The staff area needs a second factor (issue 31): staff without one go to the set-up on /profile,
 * which says why. The server refuses their staff operations anyway (FORBIDDEN, TWO_STEP_REQUIRED);
 * when the state cannot be read this lets the page decide from the server's answers.
 */
export function StaffTwoStepGate({ children }: { children: ReactNode }) {
  const { data, loading } = useQuery(MyTwoStepDocument, { fetchPolicy: 'cache-and-network' });
  const state = data?.myTwoStep;
  if (!state && loading) return <PageSpinner label="Verifying authentication..." />;
  if (state?.requiredFor === 'staff' && !state.hasSecondFactor)
    return <Navigate to={TWO_STEP_SETUP_PATH} replace />;
  return children;
}
