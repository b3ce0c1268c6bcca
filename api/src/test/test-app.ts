import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { inject } from 'vitest';
import { type AppHandle, createApp } from '../app';
import { type Config, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { storageFor } from '../storage/create-storage';
import { copyOfTemplate, createTestDatabase, dropLater } from './database';
// The demo store's source (a test helper may import dev/; the app is given it: dev-fakes.ts).
import { createDemoStore } from '../../../dev/demo-store/src';

export interface TestApp {
  handle: AppHandle;
  orm: MikroORM;
  config: Config;
  databaseUrl: string;
  /** A cookie-keeping client (one browser). */
  agent(): ReturnType<typeof request.agent>;
  /** POSTs a GraphQL operation with the given agent. */
  gql<T = Record<string, any>>(
    agent: ReturnType<typeof request.agent>,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ status: number; data: T; errors?: { message: string; extensions?: { code?: string } }[] }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Boot on this database — another TestApp's `databaseUrl` — instead of a fresh one: two
   * instances on one database, as two machines share one PostgreSQL. Close this one first.
   */
  databaseUrl?: string;
  /**
   * Seed the demo staff's two-step sign-in (the README's key), as `npm start` does. Off by default:
   * suites sign in as the seeded staff by password alone (and `twoStepRequired` is off unless a test
   * sets it; account/two-step/two-step.integration.test.ts does both).
   */
  demoTwoStep?: boolean;
}

/**
 * Boots the real app on a fresh PostgreSQL database (migrated and seeded with the demo users).
 * Files go to folders of a temporary DATA_DIR, or to S3 with `{ s3: … }` (test/s3-server.ts).
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  // Another instance's database (as a second machine shares it): already migrated and seeded, and
  // dropped by the instance that made it.
  // Else a copy of the run's migrated and seeded template (template-database.global.ts) — but a
  // fresh database for an app on S3, whose seed must write the demo files to S3.
  const template = options.databaseUrl || overrides.s3 ? null : inject('drxTemplate');
  const phases = new PhaseTimes();
  const db = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : template
      ? await copyOfTemplate(template.database)
      : await createTestDatabase();
  phases.mark('database');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-test-'));
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>DRX test shell</title>');
  const config: Config = {
    // Logs are silent under test unless LOG_LEVEL asks for them (e.g. LOG_LEVEL=debug npx vitest …).
    ...loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL || 'silent',
    }),
    trustProxy: true,
    databaseUrl: db.url,
    // Suites register many members from one address; the registration limit's own test sets it.
    registrationLimit: 1000,
    // …and need no sign-up challenge (auth/signup-challenge.integration.test.ts sets it).
    registrationChallengeAfter: 1000,
    // Suites act as staff signed in by password alone; the two-step tests turn the requirement on.
    twoStepRequired: false,
    // Suites send thousands of requests a minute from one address (the fuzz test alone): the rate
    // limits are off unless a test sets them (http/rate-limit.integration.test.ts).
    rateLimitPerMinute: 0,
    rateLimitTokenPerMinute: 0,
    queryCostPerMinute: 0,
    // Due jobs run within half a second (pg-boss's shortest polling interval).
    jobPollingIntervalSeconds: 0.5,
    // Nothing listens for a plain test app: its shop reaches no demo store (nor a dev server on
    // port 4000) unless the test serves one (modules/shop/test/shop-test-app.ts).
    demoStoreUrl: 'http://127.0.0.1:9/demo-store',
    // The demo clip a processing test runs (DEMO_SOURCE_NAME): 2 seconds instead of 8, at 720p as
    // `npm start`'s, so every rendition and extra is made from a quarter of the frames.
    demoVideoSeconds: 2,
    ...overrides,
  };
  // The seed's demo files, as the template's seed wrote them.
  if (template) fs.cpSync(template.privateFiles, config.privateDir, { recursive: true });
  // Demo files go where the app reads them (its local folders, or S3 with `overrides.s3`).
  const orm = await openDatabase(db.url, {
    seed: !options.databaseUrl,
    silent: true,
    privateFiles: storageFor(config).private,
    demoTwoStep: options.demoTwoStep ?? false,
  });
  phases.mark('migrate and seed');
  const handle = await createApp(orm, config, db.url, { createDemoStore });
  phases.mark('app');
  phases.reportIfSlow('startTestApp');
  return {
    handle,
    orm,
    config,
    databaseUrl: db.url,
    agent: () => request.agent(handle.app),
    async gql(agent, query, variables = {}) {
      const res = await agent
        .post('/graphql')
        .set('content-type', 'application/json')
        .send({ query, variables });
      return { status: res.status, data: res.body.data, errors: res.body.errors };
    },
    async close() {
      const closing = new PhaseTimes();
      await handle.close();
      closing.mark('app');
      await orm.close(true);
      if (template) dropLater(db);
      else await db.drop();
      closing.mark('database');
      fs.rmSync(dataDir, { recursive: true, force: true });
      closing.reportIfSlow('TestApp.close');
    },
  };
}

/**
 * Each phase's time of a test app's start or close, printed when the whole took over 15 s (it takes
 * 1–2 s alone): CI once saw a file's setup hook time out at 60 s with nothing to say which phase
 * stalled. `DRX_PHASES_OVER=0` prints every one (e.g. to see where a start's time goes).
 */
class PhaseTimes {
  private last = Date.now();
  private readonly start = this.last;
  private readonly times: string[] = [];

  mark(phase: string): void {
    const now = Date.now();
    this.times.push(`${phase} ${((now - this.last) / 1000).toFixed(1)} s`);
    this.last = now;
  }

  reportIfSlow(what: string): void {
    const total = (Date.now() - this.start) / 1000;
    if (total > Number(process.env.DRX_PHASES_OVER ?? 15))
      console.warn(`${what} took ${total.toFixed(1)} s: ${this.times.join(', ')}`);
  }
}
