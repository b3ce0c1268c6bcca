import { isAdmin } from '../../graphql/rules';

/** The store configuration (its domain, whether tokens are saved, its history) is for admins only. */
export const storeConnectionPermissions = {
  Query: {
    storeConnection: isAdmin,
    storeCollections: isAdmin,
  },
  Mutation: {
    storeConnect: isAdmin,
    storeConnectDemo: isAdmin,
    storeTestConnection: isAdmin,
    storeSetCollections: isAdmin,
    storeDisconnect: isAdmin,
  },
  StoreConfiguration: isAdmin,
  StoreConfigEvent: isAdmin,
  StoreCollection: isAdmin,
  StoreConnectionPayload: isAdmin,
  StoreTestConnectionPayload: isAdmin,
};
