import { rule } from 'graphql-shield';
import { hasAnyRole, hasRole, STAFF_ROLES } from '../modules/users/roles';
import type { Context } from './context';
import { forbidden, unauthenticated } from './errors';

/** Shared graphql-shield rules; modules combine them in their `<x>.permissions.ts`. */
export const isAuthenticated = rule({ cache: 'contextual' })((_parent, _args, ctx: Context) =>
  ctx.viewer ? true : unauthenticated(),
);

export const isAdmin = rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
  if (!ctx.viewer) return unauthenticated();
  return hasRole(ctx.viewer, 'admin') ? true : forbidden();
});

/** Admins and curriculum officers (the spec's admin-only guard). */
export const isStaff = rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
  if (!ctx.viewer) return unauthenticated();
  return hasAnyRole(ctx.viewer, STAFF_ROLES) ? true : forbidden();
});
