import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './src/test/long-files-first.mts';

// SWC (not esbuild) so decorators emit the metadata type-graphql and MikroORM read.
const shared = {
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: {
    // One copy of graphql, or it fails with "from another module or realm".
    alias: {
      graphql: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/graphql/index.js'),
    },
  },
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          // The development fakes' own unit tests (dev/*) run here too.
          include: ['src/**/*.spec.ts', '../dev/*/src/**/*.spec.ts'],
          environment: 'node',
          // Pure logic: the files share each worker's modules instead of importing the graph again
          // per file (65 files: 208 s → 57 s side by side on a loaded machine, same tests passing).
          isolate: false,
          setupFiles: ['reflect-metadata'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...shared,
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts'],
          // One migrated and seeded database for the run; each test app gets a copy of it.
          globalSetup: ['src/test/template-database.global.ts'],
          environment: 'node',
          setupFiles: ['reflect-metadata'],
          testTimeout: 30_000,
          // A file's app starts in 1–2 s alone, but the first files of a run share the machine with
          // tsc, ESLint and the build (scripts/test.mjs): CI on a machine 2.3 times slower than usual
          // once saw a setup hook pass 60 s (checkout.integration, stop 44). startTestApp prints its
          // phases' times when it is slow.
          hookTimeout: 120_000,
          // Each file gets its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // The files share each worker's modules instead of importing the app again per file: the
          // imports were 629 s of the run's 1,404 s of worker time (106 files, ≈ 6 s each), 41 s
          // shared (2026-12-05, all 1,200 tests passing either way). State a file leaves behind is
          // its database (its own) and the app it closes; module-level settings are set by each app.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
