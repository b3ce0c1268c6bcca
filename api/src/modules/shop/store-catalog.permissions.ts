import { allow } from 'graphql-shield';
import { isStaff } from '../../graphql/rules';

/**
 * Everyone, guests included, may read the shop (products visible on DRX; the service leaves out
 * hidden, draft and removed ones). Staff (admins and curriculum officers) manage the synced products:
 * visibility, featured, tags, and "Sync now".
 */
export const storeCatalogPermissions = {
  Query: {
    shopProducts: allow,
    shopProduct: allow,
    shopFacets: allow,
    shopStatus: allow,
    adminStoreProducts: isStaff,
  },
  Mutation: {
    storeProductUpdate: isStaff,
    storeSyncNow: isStaff,
  },
  ShopMoney: allow,
  ShopImage: allow,
  ShopProductOption: allow,
  ShopSelectedOption: allow,
  ShopVariant: allow,
  ShopProduct: allow,
  ShopProductConnection: allow,
  ShopProductEdge: allow,
  ShopFacets: allow,
  ShopStatus: allow,
  AdminStoreProduct: isStaff,
  AdminStoreProductConnection: isStaff,
  AdminStoreProductEdge: isStaff,
  StoreProductPayload: isStaff,
  StoreSyncPayload: isStaff,
};
