// The front door of features/seller: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { PayoutStatusBadge } from './PayoutStatusBadge';
export { StripeConnectStatusQueryDocument } from './sellerDocuments';
export { EARNING_STATE_LABEL, EARNING_STATE_PALETTE, formatPercent, onboardingStep } from './sellerFormat';
export { useStripeConnectStart } from './useStripeConnectStart';
