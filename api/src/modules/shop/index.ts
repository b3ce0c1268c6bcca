// The shop module's front door: what other modules may use of it.
export { PUBLIC_PRODUCT } from './store-catalog.service';
export {
  claimPendingStoreGrants,
  claimStoreForVerifiedEmail,
  type StoreInviteClaim,
} from './store-entitlements';
export { eraseShopData, exportShopData } from './personal-data';
export { publicShopProductPage, type ShopProductPageRow } from './shop-product-pages';
export { DEMO_STORE_PATH } from './demo-store-constants';
export { queueInitialShopSync } from './shop.jobs';
