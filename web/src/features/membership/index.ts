// The front door of features/membership: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { GraceBanner } from './GraceBanner';
export { MembershipDashboardCard } from './MembershipDashboardCard';
export { MembershipStateBadge } from './MembershipStateBadge';
export { MembershipStatusQueryDocument } from './membershipDocuments';
export {
  benefitLines,
  formatMembershipDate,
  formatPlanPrice,
  MEMBERSHIP_STATUS_OPTIONS,
} from './membershipFormat';
