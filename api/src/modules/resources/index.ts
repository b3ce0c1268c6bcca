// The resources module's front door: what other modules may use of it.
export { Entitlement } from './entitlement.entity';
export { whereClause } from './resource-catalog';
export { attachmentHeader } from './resource-download.route';
export { Resource } from './resource.entity';
export { SellerProfile, type PayoutStatus } from './seller-profile.entity';
export { eraseResourcesData, exportResourcesData } from './personal-data';
export {
  publicResourcePage,
  publicResourcePagesSql,
  publicStorePage,
  publicStorePagesSql,
  type ResourcePageRow,
  type StorePageRow,
} from './resource-pages';
export { holdsResource, resourceSellerAndStatus, resourceTitles } from './resource-facts';
export { holdsResourceSql, resourcesOnSaleSql } from './resource-sale-sql';
export { ResourceCategory } from './resource-category.entity';
export { ResourceFile } from './resource-file.entity';
export { Review } from './review.entity';
export {
  grantStoreEntitlement,
  removeStoreEntitlement,
  resourceSaleFacts,
  type ResourceSaleFacts,
  resourceTitlePriceSql,
} from './resource-store-sql';
export {
  deleteLicenceSql,
  giveLicenceEntitlement,
  holdsOrSellsResource,
  licenceEntitlements,
} from './licence-entitlements';
export {
  deleteOrderLineEntitlements,
  type EntitlementRow,
  grantOrderEntitlement,
  heldFromElsewhereSql,
  heldResourcePairs,
  licencesGivenSql,
  orderLineEntitlements,
  resourceSellers,
  restoreEntitlements,
} from './order-entitlements';
export {
  claimPayoutAccount,
  createStoreProfile,
  mirrorPayoutAccount,
  payoutAccountHolder,
  payoutAccountsSql,
} from './seller-payout-accounts';
export { resourceIdOrNullSql, sellerResourcesSql } from './seller-resources-sql';
