/** The orders module's front door: what other modules may use of it. */
// First: the shop module registers it while this file may still be loading (a load cycle through the module list).
export { registerStoreCourseGrantSql } from './store-course-grants-hook';
export { CheckoutService } from './checkout.service';
export { cancelUnpaid } from './open-checkout';
export {
  markCanceled,
  markCreditOrderRefunded,
  markPartlyRefunded,
  placeOrder,
  recordPaymentStarted,
} from './order-lifecycle';
export {
  type MembershipPayment,
  recordMembershipPayment,
  recordMembershipRefundEvent,
  recordStorePayment,
  type StorePayment,
} from './mirrored-orders';
export { OrderLine } from './order-line.entity';
export { emitOrderEvent } from './order-webhook-events';
export { hasPaidOrderFrom, orderNumbers, orderSoldBy, paidOrderBuyer } from './order-ties';
export { idempotencyKeyOf } from './orders.routes';
export { applyPaymentEvent } from './payment-events';
export { lockBuyer } from './purchase-rules';
export { money, RECEIPT_STYLE, type ReceiptData, renderReceiptHtml, renderReceiptPdf } from './receipt';
export { type OrderLineKind, registerOrderLineKind } from './order-line-kinds';
export { exportOrdersData } from './personal-data';
export { fulfilOrder } from './fulfilment';
export { liveCourseLineSql } from './live-course-line-sql';
export {
  buyerLiveLineOfResource,
  buyerOrderLine,
  countLicenceGiven,
  countLicencesTakenSql,
  type LicenceLineRow,
  lockOrderAndLine,
  orderLineBuyers,
  orderLineLive,
  shareLockLiveOrder,
} from './licence-lines';
export {
  addBookingOrderLine,
  orderPayment,
  type OrderPaymentRow,
  paidCreditOrderLines,
  refundedCentsOfBookingOrders,
} from './booking-order-lines';
