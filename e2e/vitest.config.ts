import { defineConfig } from 'vitest/config';

/**
 * Every spec, two files at a time, each with its own Chromium: the specs of the run's app
 * (`npm start`, started once by the global setup) and the specs that start servers of their own
 * (`npm start` on a fresh embedded database, several processes or machines on the PostgreSQL
 * server: start, signup-challenge, two-machines, workers), which share nothing with it.
 *
 * Why two (docs/architecture.md, "The test suite's time"): one file at a time kept the 2-core
 * machine about 70% busy (a spec waits for its pages, its video playing in real time, its
 * server's jobs); two at a time, about 95%, and the step took 535 s instead of 675 s on an idle
 * machine (2026-12-06). Each spec registers members of its own; what specs share is the demo
 * accounts and catalogue, which none of them may change in a way another spec reads.
 * Vitest runs the longest files first (by the last run's durations, else by size).
 */
export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // Tests marked concurrent (accessibility.e2e.ts's pages) run this many at a time, each in
    // its own browser context: one page's loading and axe's analysis overlap another's.
    maxConcurrency: 2,
  },
});
