// The front door of features/checkout: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { StripeCardForm } from './StripeCardForm';
export { TestPaymentCard } from './TestPaymentPanel';
export { PaymentConfigQueryDocument, useCheckoutCancel, useCheckoutConfirm } from './checkoutDocuments';
export { useAfterPayment } from './useAfterPayment';
