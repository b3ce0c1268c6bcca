/**
 * The built-in demo store's front door (docs/store.md; docs/architecture.md, "The development
 * fakes"): a local stand-in for a Shopify store, mounted by the app at /demo-store outside
 * production. Never part of the app's build: `npm start` (scripts/start.mjs) builds this folder
 * to dist/ and the app loads dist/index.js at start (api/src/dev-fakes.ts); the tests import it.
 */
export { createDemoStore, type DemoStoreHandle, type DemoStoreOptions } from './demo-store-router';
export * from './demo-store-constants';
export { adminSchema, storefrontSchema } from './demo-store-schemas';
export type { LogError } from './demo-store-log';
