import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { authPathFor } from './returnTo';

/** A link to /auth that brings the visitor back to this page after signing in (returnTo.ts). */
export function SignInLink({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <RouterLink to={authPathFor(`${location.pathname}${location.search}`)}>{children}</RouterLink>;
}
