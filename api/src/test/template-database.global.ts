import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import { Client } from 'pg';
import { openDatabase } from '../db/database';
import { LocalStorage } from '../storage/local-storage';
import { copiesOf, TEST_SERVER_URL, withDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded template of this run's test apps (template-database.global.ts). */
    drxTemplate: { database: string; privateFiles: string } | null;
    /** Where the run's server render is built, by the first file that needs it (server-render-build.ts). */
    drxServerRender: string | undefined;
  }
}

/**
 * Migrates and seeds one database for the whole integration run, and gives each test app a copy
 * (`create database … template …`, test-app.ts) with a copy of the demo files the seed wrote —
 * instead of running every migration and seeder again for each of the ~90 files that start an app.
 * Tests that need a database without migrations or without the seed still make an empty one
 * (database.ts, unmigrated-database.ts). Dropped at the end of the run.
 */
export default async function setup(project: {
  provide(key: 'drxTemplate', value: { database: string; privateFiles: string }): void;
  provide(key: 'drxServerRender', value: string): void;
}) {
  const database = `drx_tmpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const privateFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-tmpl-files-'));
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  // pg-boss's schema and the jobs' queues, beside the migrations and seed (template-job-queues.ts).
  const jobQueues = jobQueuesOf(withDatabase(TEST_SERVER_URL, database));
  const orm = await openDatabase(withDatabase(TEST_SERVER_URL, database), {
    seed: true,
    silent: true,
    // As startTestApp seeds: the staff without the demo two-step key (an app that asks for it,
    // `demoTwoStep`, runs that seeder on its copy: it is not claimed here).
    demoTwoStep: false,
    privateFiles: new LocalStorage(privateFiles, null),
  });
  await orm.close(true);
  await jobQueues;
  project.provide('drxTemplate', { database, privateFiles });
  const serverRender = path.join(os.tmpdir(), `drx-ssr-${database}`);
  project.provide('drxServerRender', serverRender);
  return async () => {
    const client = new Client({ connectionString: TEST_SERVER_URL });
    await client.connect();
    // The copies the workers made ahead and never used (database.ts, copyOfTemplate), and those
    // whose drop a worker had not done yet when it ended (dropLater).
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [copiesOf(database)],
    );
    for (const { datname } of rows) {
      // A worker's own drop of it may still be under way (database.ts, dropLater): then it is gone.
      await client
        .query(`drop database if exists "${datname}" with (force)`)
        .catch((error: { code?: string }) => {
          if (error.code !== '3D000') throw error;
        });
    }
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.end();
    fs.rmSync(privateFiles, { recursive: true, force: true });
    fs.rmSync(serverRender, { recursive: true, force: true });
  };
}

/** Runs template-job-queues.ts on `url` in a process of its own; rejects with its output on failure. */
function jobQueuesOf(url: string): Promise<void> {
  const apiDir = path.resolve(__dirname, '..', '..');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', 'src/test/template-job-queues.ts', url],
      { cwd: apiDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`template-job-queues.ts exited ${code}:\n${output}`)),
    );
  });
}
