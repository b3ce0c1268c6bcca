import { Link as RouterLink, type LinkProps, useLocation } from 'react-router-dom';
import { authPathFor } from './returnTo';

/**
 * A link to /auth that brings the visitor back to this page after signing in (returnTo.ts). Other
 * props go to the link, so `<Button asChild>` styles it as a button.
 */
export function SignInLink(props: Omit<LinkProps, 'to'>) {
  const location = useLocation();
  return <RouterLink {...props} to={authPathFor(`${location.pathname}${location.search}`)} />;
}
