import { defineConfig } from 'vitest/config';

/** The first-tap guard's specs: they measure a press on a phone (CPU slowed 4×) against a bound. */
const ALONE = ['specs/first-tap.e2e.ts'];

const shared = {
  globalSetup: ['./support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * Every spec but the first-tap guard, two files at a time, each worker with its Chromium (kept for
 * its files: support/browser.ts): the specs of the run's app (`npm start`, started once by the
 * global setup for both projects) and the specs that start servers of their own (`npm start` on a
 * fresh embedded database, several processes or machines on the PostgreSQL server: start,
 * signup-challenge, two-machines, workers), which share nothing with it. Before them the first-tap guard alone: beside another spec its phone's slowed
 * CPU got less than its share and a press measured 789 ms against the 500 ms bound; beside the
 * other specs at nice 19, each side with an app of its own, a search's press still showed busy only
 * after 514 ms (245 alone; 2026-12-07); and it counts the demo catalogue's courses, which
 * courses.e2e.ts adds to.
 *
 * Why two (docs/architecture.md, "The test suite's time"): one file at a time kept the 2-core
 * machine about 70% busy (a spec waits for its pages, its video playing in real time, its
 * server's jobs); two at a time, about 95% (2026-12-06, an idle machine: 675 s → 535 s). Each spec
 * registers members of its own; what specs share is the demo accounts and catalogue, which none of
 * them may change in a way another spec reads. Vitest runs the longest files first (by the last
 * run's durations, else by size).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'pool',
          include: ['specs/**/*.e2e.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          // A worker's files share its modules (playwright-core, the support files) instead of
          // importing them again per file: each file still launches its own browser and opens its
          // own contexts; what a worker keeps between files is the staff's shared session (two-step.ts).
          isolate: false,
          // Tests marked concurrent (accessibility.e2e.ts's pages) run this many at a time, each in
          // its own browser context: one page's loading and axe's analysis overlap another's.
          maxConcurrency: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // (Not `maxWorkers: 1`: vitest 4 runs the files of one-worker projects in a sequential group
        // after the others, whatever their groupOrder. With one file it runs alone all the same.)
        test: { ...shared, name: 'alone', include: ALONE, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
    ],
  },
});
