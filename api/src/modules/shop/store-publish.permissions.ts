import { isAdmin } from '../../graphql/rules';

/** Selling DRX courses and resources in the store is an admin's decision. */
export const storePublishPermissions = {
  Query: {
    storePublishedItems: isAdmin,
  },
  Mutation: {
    storePublishItem: isAdmin,
    storeUnpublishItem: isAdmin,
  },
  StorePublishedItem: isAdmin,
  StorePublishItemPayload: isAdmin,
};
