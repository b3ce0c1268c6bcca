// The front door of features/instructor-connect: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { StaleListError } from './StaleListError';
export {
  BOOKING_STATUS_OPTIONS,
  bookingStatusLabel,
  bookingStatusPalette,
  cancelLine,
  normalizeStatus,
  personName,
  PROFILE_STATUS_OPTIONS,
  profileStatusLabel,
  profileStatusPalette,
} from './bookingFormat';
export { InstructorProfileUpdateMutationDocument } from './connectDocuments';
