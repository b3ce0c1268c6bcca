import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has 2 cores and the server needs one.
    fileParallelism: false,
    // Tests marked concurrent (accessibility.e2e.ts's pages) run this many at a time, each in its
    // own browser context: one page's loading and axe's analysis overlap another's.
    maxConcurrency: 2,
  },
});
