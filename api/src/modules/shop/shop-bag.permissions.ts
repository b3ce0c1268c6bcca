import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

/**
 * A member's bag is theirs alone (ShopBagService takes the signed-in member's id); anyone may have a
 * guest bag priced. The bag's types carry only catalogue data anyone may read.
 */
export const shopBagPermissions = {
  Query: { shopBag: isAuthenticated, shopBagPreview: allow },
  Mutation: {
    shopBagAdd: isAuthenticated,
    shopBagUpdate: isAuthenticated,
    shopBagRemove: isAuthenticated,
    shopBagMerge: isAuthenticated,
  },
  ShopBag: allow,
  ShopBagLine: allow,
  ShopBagPayload: isAuthenticated,
};
