import { defineConfig } from 'vitest/config';

/**
 * Specs that start servers of their own (`npm start` on a fresh embedded database, several
 * processes or machines on the PostgreSQL server) and never use the run's app.
 */
const OWN_SERVERS = [
  'specs/signup-challenge.e2e.ts',
  'specs/start.e2e.ts',
  'specs/two-machines.e2e.ts',
  'specs/workers.e2e.ts',
];

/** Specs that measure time (the first tap under a slowed CPU): run after the others, alone. */
const TIMED = ['specs/first-tap.e2e.ts'];

/**
 * The longest specs of the run's app (the full run of 2026-12-05: accessibility 329 s, account 58,
 * shop 56, connect-journey 48, guards 43, api-tokens 43, cart 41, server-render 40 — about half of
 * the app's specs' time): one stream; every other spec of the app the other.
 */
const LONG = [
  'specs/accessibility.e2e.ts',
  'specs/account.e2e.ts',
  'specs/shop.e2e.ts',
  'specs/connect-journey.e2e.ts',
  'specs/guards.e2e.ts',
  'specs/api-tokens.e2e.ts',
  'specs/cart.e2e.ts',
  'specs/server-render.e2e.ts',
];

const timeouts = { testTimeout: 60_000, hookTimeout: 120_000 };

/**
 * A stream of specs on an app of its own: `npm start` on a fresh embedded database, started by the
 * global setup (support/global-setup.ts) — so two streams never share a demo account's cart, a
 * sign-in throttle or a queue — one file at a time, one browser.
 */
function appStream(name: string, include: string[], exclude: string[]) {
  return {
    test: {
      name,
      include,
      exclude,
      globalSetup: ['./support/global-setup.ts'],
      ...timeouts,
      maxWorkers: 1,
      // Tests marked concurrent (accessibility.e2e.ts's pages) run this many at a time, each in
      // its own browser context: one page's loading and axe's analysis overlap another's.
      maxConcurrency: 2,
    },
  };
}

/**
 * Four streams, each a project with one worker (its files one after another). `npm test`
 * (scripts/test.mjs) runs each in a vitest process of its own: the two halves of the app's specs and
 * the own-server specs side by side, then the timed spec alone. Within one vitest process, projects
 * whose files run one at a time are all put in one sequential group, whatever their groupOrder — so
 * `npx vitest run` here runs them one after another (slower, same results). An e2e spec mostly
 * waits — for pages, the server, animations: a serial run used about a third of the two cores
 * (docs/architecture.md, "The test suite's time") — so the streams overlap their waiting.
 */
export default defineConfig({
  test: {
    projects: [
      appStream('app-long', LONG, []),
      appStream('app-rest', ['specs/**/*.e2e.ts'], [...LONG, ...OWN_SERVERS, ...TIMED]),
      {
        test: {
          name: 'own-servers',
          include: OWN_SERVERS,
          ...timeouts,
          maxWorkers: 1,
        },
      },
      appStream('timed', TIMED, []),
    ],
  },
});
