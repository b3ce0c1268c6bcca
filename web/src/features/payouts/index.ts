// The front door of features/payouts: what other features and the app's frame use of it
// (docs/architecture.md, "Import rules").
export { AdminTransfersSection } from './AdminTransfersSection';
export { InstructorTransfersSection } from './InstructorTransfersSection';
export { PayoutsSection } from './PayoutsSection';
export { SellerTransfersSection } from './SellerTransfersSection';
export { StripeConnectCard } from './StripeConnectCard';
