import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { hasRole } from '../users';

/** A member reads their own store orders; `all: true` (every buyer's) is for admins only. */
const canReadStoreOrders = withAudience(
  rule({ cache: 'strict' })((_parent, args: { all?: boolean | null }, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    if (args.all && !hasRole(ctx.viewer, 'admin')) return forbidden();
    return true;
  }),
  'any signed-in user for their own orders; `all: true` admins only (UNAUTHENTICATED / FORBIDDEN otherwise)',
);

export const storeOrdersPermissions = {
  Query: {
    storeOrders: canReadStoreOrders,
  },
  // Reached only through storeOrders, which chooses whose orders are listed.
  StoreOrder: allow,
  StoreOrderLine: allow,
  StoreOrderConnection: allow,
  StoreOrderEdge: allow,
};
