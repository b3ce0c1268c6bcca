// The front door of features/resources: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { RatingStars } from './RatingStars';
export { formatBytes, resourcePriceLabel, resourceTypeLabel } from './resourceFormat';
export { useStoreOptions } from './useStoreOptions';
