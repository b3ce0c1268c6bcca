// The front door of features/identities: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { LinkedIdentitiesSection } from './LinkedIdentitiesSection';
export { ProviderSignIn } from './ProviderSignIn';
