import { rule } from 'graphql-shield';
import { staffSecondFactorRefusal } from '../modules/account';
import { hasAnyRole, hasRole, STAFF_ROLES } from '../modules/users';
import { withAudience } from './audience';
import type { Context } from './context';
import { forbidden, unauthenticated } from './errors';

/** Shared graphql-shield rules; modules combine them in their `<x>.permissions.ts`. */
export const isAuthenticated = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => (ctx.viewer ? true : unauthenticated())),
  'any signed-in user (UNAUTHENTICATED otherwise)',
);

/** Staff operations also need a second factor (two-step sign-in or a passkey: account/two-step/). */
export const isAdmin = withAudience(
  rule({ cache: 'contextual' })(async (_parent, _args, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    if (!hasRole(ctx.viewer, 'admin')) return forbidden();
    return (await staffSecondFactorRefusal(ctx)) ?? true;
  }),
  'admins with two-step sign-in or a passkey (FORBIDDEN for other roles; reason TWO_STEP_REQUIRED without a second factor)',
);

/** Admins and curriculum officers (the spec's admin-only guard). */
export const isStaff = withAudience(
  rule({ cache: 'contextual' })(async (_parent, _args, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    if (!hasAnyRole(ctx.viewer, STAFF_ROLES)) return forbidden();
    return (await staffSecondFactorRefusal(ctx)) ?? true;
  }),
  'staff: admins and curriculum officers, with two-step sign-in or a passkey (FORBIDDEN for other roles; reason TWO_STEP_REQUIRED without a second factor)',
);
