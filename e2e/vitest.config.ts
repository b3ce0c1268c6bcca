import { defineConfig } from 'vitest/config';

/**
 * Specs that start servers of their own (`npm start` on a fresh embedded database, several
 * processes or machines on the PostgreSQL server) and never use the shared one.
 */
const OWN_SERVERS = [
  'specs/signup-challenge.e2e.ts',
  'specs/start.e2e.ts',
  'specs/two-machines.e2e.ts',
  'specs/workers.e2e.ts',
];

const timeouts = { testTimeout: 60_000, hookTimeout: 120_000 };

/**
 * The specs of the shared server (`npm start`, started by the global setup) and the specs with
 * servers of their own, one file at a time. Vitest 4 puts the files of projects with one worker
 * each into one sequential group (its `groupSpecs`), whatever their groupOrder: the two projects
 * run one after another, not side by side. Running streams side by side in processes of their own
 * was tried (2026-12-06): on this 2-core machine each spec then took 1.6–2.2 times as long
 * (Chromium's renderers fill the cores) and the own-server specs' start-ups timed out, so the e2e
 * step stays one stream (docs/architecture.md, "The test suite's time").
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared-server',
          include: ['specs/**/*.e2e.ts'],
          exclude: OWN_SERVERS,
          globalSetup: ['./support/global-setup.ts'],
          ...timeouts,
          maxWorkers: 1,
          // Tests marked concurrent (accessibility.e2e.ts's pages) run this many at a time, each in
          // its own browser context: one page's loading and axe's analysis overlap another's.
          maxConcurrency: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'own-servers',
          include: OWN_SERVERS,
          ...timeouts,
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
