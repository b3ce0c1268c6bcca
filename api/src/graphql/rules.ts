import { rule } from 'graphql-shield';
import { hasAnyRole, hasRole, STAFF_ROLES } from '../modules/users/roles';
import { withAudience } from './audience';
import type { Context } from './context';
import { forbidden, unauthenticated } from './errors';

/** Shared graphql-shield rules; modules combine them in their `<x>.permissions.ts`. */
export const isAuthenticated = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => (ctx.viewer ? true : unauthenticated())),
  'any signed-in user (UNAUTHENTICATED otherwise)',
);

export const isAdmin = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    return hasRole(ctx.viewer, 'admin') ? true : forbidden();
  }),
  'admins (FORBIDDEN for other roles)',
);

/** Admins and curriculum officers (the spec's admin-only guard). */
export const isStaff = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    return hasAnyRole(ctx.viewer, STAFF_ROLES) ? true : forbidden();
  }),
  'staff: admins and curriculum officers (FORBIDDEN for other roles)',
);
