// The front door of features/misc: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
export { default as RouteErrorPage } from './RouteErrorPage';
export { CONTACT_CITY, CONTACT_EMAIL, INFO_PAGES } from './infoPages';
export type { InfoPageKey } from './infoPages';
