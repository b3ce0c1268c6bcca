import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Config } from './config';

/**
 * The seam to the built-in demo store (docs/architecture.md, "The development fakes"). The store — a
 * local stand-in for a Shopify store — lives outside the app, in dev/demo-store, so neither the
 * production build (api/dist) nor the image holds it: the app never imports it (check:deps refuses
 * it), it is given one. `npm start` and the other servers load its build at start
 * (`loadDemoStore`: DEMO_STORE_MODULE, default dev/demo-store/dist/index.js, which scripts/start.mjs
 * and `npm run build` build); the tests pass its source to `createApp` (test/test-app.ts).
 */

/** A mounted demo store: its routes (at /demo-store) and what to close with the app. */
export interface DemoStore {
  router: RequestHandler;
  close(): Promise<void>;
}

export interface DemoStoreOptions {
  /** The app's database: the store keeps its state in its own schema there (demo_store). */
  databaseUrl: string;
  /** The app's public URL, which the store's checkout and order pages link to. */
  publicUrl: string;
  /** The app's logger, for errors the store cannot answer with. */
  logError(error: unknown, message: string): void;
}

/** What dev/demo-store's front door exports as `createDemoStore`. */
export type CreateDemoStore = (options: DemoStoreOptions) => DemoStore;

/** The development fakes a server mounts (only the demo store so far; the fake Stripe is the tests'). */
export interface DevFakes {
  createDemoStore?: CreateDemoStore;
}

/** The demo store's build in the checkout the app runs from (api/dist/… or api/src/… → dev/…). */
export function defaultDemoStoreModule(): string {
  const store = path.resolve(__dirname, '..', '..', 'dev', 'demo-store');
  // Under a TypeScript loader (`npm run dev -w api`: src/*.ts) its source, else its build.
  return __filename.endsWith('.ts')
    ? path.join(store, 'src', 'index.ts')
    : path.join(store, 'dist', 'index.js');
}

/**
 * The demo store's `createDemoStore`, loaded from DEMO_STORE_MODULE (or the default) when the config
 * turns the store on; undefined when it is off. A missing build stops the start with what to do.
 */
export function loadDemoStore(
  config: Pick<Config, 'demoStore' | 'demoStoreModule'>,
): CreateDemoStore | undefined {
  if (!config.demoStore) return undefined;
  const file = path.resolve(config.demoStoreModule ?? defaultDemoStoreModule());
  if (!fs.existsSync(file)) {
    throw new DemoStoreMissingError(
      `The built-in demo store is on (DEMO_STORE, the default outside production) but ${file} is ` +
        'missing: build it (`npm run build`, or `npm start` does), point DEMO_STORE_MODULE at it, or ' +
        'set DEMO_STORE=false.',
    );
  }
  // A path chosen at start, never a static import: the app's build holds no demo store.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(file) as { createDemoStore?: unknown };
  if (typeof loaded.createDemoStore !== 'function') {
    throw new DemoStoreMissingError(`${file} exports no createDemoStore function (DEMO_STORE_MODULE).`);
  }
  return loaded.createDemoStore as CreateDemoStore;
}

/** The demo store is on but its module cannot be loaded: a problem the person starting it can fix. */
export class DemoStoreMissingError extends Error {}
