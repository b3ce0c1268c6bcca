// The front door of features/purchases: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { OrderLines } from './OrderLines';
export { OrderStatusBadge } from './OrderStatusBadge';
export { OrderTotals } from './OrderTotals';
export { ReceiptLinks } from './ReceiptLinks';
export { lineKindLabel } from './licenceFormat';
export { OrderQueryDocument } from './orderDocuments';
export {
  formatOrderDate,
  itemCountLabel,
  ORDER_STATUSES,
  orderPollInterval,
  orderStatusLabel,
  paymentProviderLabel,
  PENDING_POLL_LIMIT_MS,
} from './orderFormat';
