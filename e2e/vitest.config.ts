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
 * Two streams side by side, each one file at a time (`sequence.groupOrder` equal: the projects run
 * together): the specs of the shared server (`npm start`, started by the global setup), and the
 * specs with servers of their own, which share nothing with it and spend most of their time
 * waiting for their servers. A stream is one browser at a time: the machine has 2 cores.
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
