// The sellers module's front door: what other modules may use of it.
export { applyConnectEvent, isConnectEvent } from './connect-events';
export {
  EARNINGS_HOLD_DAYS,
  adjustEarningsAfterRefund,
  recordSaleEarnings,
  releaseMaturedEarnings,
  restoreSaleEarnings,
  reverseSaleEarnings,
} from './earnings-ledger';
export { PayoutBalance, payoutBalance } from './payout-balances';
export { readHoldLimits } from './platform-settings.service';
export { STORE_ROLES } from './seller-access';
export { SellerEarning } from './seller-earning.entity';
export { SellerTransferConnection, transferPage } from './seller-transfers.resolver';
export { SellerEarningConnection } from './sellers.types';
export { exportSellersData, unpaidEarningsCents } from './personal-data';
export { earningsSummaryOfOrders, type EarningsSummaryRow } from './earnings-summary';
export { registerOrderPaymentSql } from './order-payment-sql';
