import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The app, for the jobs its modules declare.
import '../app';
import { loadConfig } from '../config';
import { ormConfig } from '../db/mikro-orm.config';
import { prepareJobQueues } from '../jobs';

/**
 * `node -r @swc-node/register src/test/template-job-queues.ts <database url>`: installs pg-boss's
 * schema and every declared job's queue in the integration run's template database
 * (template-database.global.ts), as a multi-process server's primary does before its workers start
 * (main.ts), so that each test app's start finds them: creating them took ≈ 0.45 s of each of the
 * run's ~130 app starts. A process of its own because importing the app into vitest's global setup
 * resolves graphql's subpaths through the test projects' `graphql` alias, which names one file; it
 * runs beside the template's migrations and seed (pg-boss has a schema of its own).
 */
async function main(url: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-tmpl-jobs-'));
  const orm = await MikroORM.init(ormConfig(url, { silent: true }));
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    await prepareJobQueues(url, orm, config);
  } finally {
    await orm.close(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
