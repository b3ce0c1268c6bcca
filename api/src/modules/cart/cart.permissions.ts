import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

/** Signed-in members only; CartService keeps each member to their own lines. */
export const cartPermissions = {
  Query: { cart: isAuthenticated },
  Mutation: {
    cartItemAdd: isAuthenticated,
    cartItemUpdate: isAuthenticated,
    cartItemRemove: isAuthenticated,
    cartClear: isAuthenticated,
    cartRefresh: isAuthenticated,
  },
  Cart: allow,
  CartItem: allow,
  CartPayload: allow,
};
