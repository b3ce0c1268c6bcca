import { allow } from 'graphql-shield';

/**
 * Guests and members check out alike: a guest passes the lines of the bag kept in the browser, a
 * member may omit them to use their own bag (ShopCheckoutService refuses a guest without lines).
 */
export const shopCheckoutPermissions = {
  Mutation: { shopCheckout: allow },
  ShopCheckoutPayload: allow,
};
