// The front door of features/admin-store: what other features and the app's frame use of it. Its
// routed pages are loaded by router.tsx through pages.ts (docs/architecture.md, "Import rules").
// Nothing of it is used elsewhere yet.
export {};
