import 'reflect-metadata';
import cluster from 'node:cluster';
import fs from 'node:fs';
import type { Server } from 'node:http';
import { createApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/database';
import { DemoStoreMissingError, type DevFakes, loadDemoStore } from './dev-fakes';
import { type EmbeddedDatabase, EmbeddedDatabaseError, startEmbeddedDatabase } from './db/embedded';
import { DemoPasswordError } from './db/seeders/demo-passwords';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seeders/demo-users';
import { prepareJobQueues } from './jobs';
import { configureLogging, log } from './observability/logger';
import { closeStorage, storageFor } from './storage/create-storage';
import { checkStorage } from './storage/storage';
import './jobs/handlers';
import { superviseWorkers } from './workers';
import { queueDemoVideos } from './modules/videos';

/** How long an idle HTTP keep-alive connection stays open (longer than common proxies' 60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The start banner: for the person or script that started the server, whatever LOG_LEVEL says. One
 * write, so a script that reads the output up to "DRX is running" has the sign-ins too (start.e2e.ts
 * once read the first line's chunk alone on a loaded machine).
 */
function announce(config: Config, workers: number): void {
  const url = `http://localhost:${config.port}`;
  const lines = [
    `\nDRX is running at ${url}${workers > 1 ? ` (${workers} worker processes)` : ''}`,
    `GraphQL playground: ${url}/graphql`,
  ];
  if (config.seed) {
    lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
  }
  console.log(lines.join('\n'));
}

/** One server process: the app on `databaseUrl`, until SIGTERM/SIGINT. */
async function serve(
  config: Config,
  databaseUrl: string,
  options: {
    seed: boolean;
    refuseDemoPasswords: boolean;
    /** The development fakes it mounts (the demo store, outside production: dev-fakes.ts). */
    fakes: DevFakes;
    onListening?: () => void;
    onStop?: () => Promise<void>;
  },
): Promise<void> {
  const orm = await openDatabase(databaseUrl, {
    seed: options.seed,
    refuseDemoPasswords: options.refuseDemoPasswords,
    privateFiles: storageFor(config).private,
  });
  const handle = await createApp(orm, config, databaseUrl, options.fakes);
  // The demo's hosted lesson videos: queued here, made by the job queue in the background.
  if (options.seed && config.demoVideos) {
    queueDemoVideos(orm.em.fork()).catch((error) =>
      log().error({ err: error }, 'queueing the demo videos failed'),
    );
  }
  const server: Server = handle.app.listen(config.port, config.host, options.onListening);

  // Idle keep-alive connections stay open longer than clients reuse them: with Node's default of
  // 5 s, a poll (every 3 s, over a pool of sockets) sent just as the server closed its idle socket
  // failed with ECONNRESET. The headers timeout must be longer than the keep-alive timeout.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) log().info(`${signal}: shutting down`);
    server.close();
    server.closeAllConnections();
    await handle.close();
    await orm.close(true);
    await options.onStop?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs, over an IPC channel): when that process ends, even by
  // `kill -9`, the channel closes, and this server stops with it rather than hold the port.
  if (cluster.isPrimary && process.channel) process.on('disconnect', () => void stop('npm start ended'));
}

async function main() {
  const config = loadConfig();
  configureLogging(config);
  // The built-in demo store, outside production: loaded from its own build (dev/demo-store), first,
  // so a missing build stops the start at once.
  const fakes: DevFakes = { createDemoStore: loadDemoStore(config) };
  // A worker of a multi-process server: the primary has migrated and seeded the database.
  if (cluster.isWorker)
    return serve(config, config.databaseUrl!, { seed: false, refuseDemoPasswords: false, fakes });

  if (config.s3) {
    // A wrong bucket, endpoint or key stops the start here, not at the first upload.
    try {
      await checkStorage(storageFor(config));
    } catch (error) {
      console.error(`\n${(error as Error).message}: check S3_BUCKET, S3_ENDPOINT and the S3 keys.\n`);
      process.exit(1);
    }
  } else {
    fs.mkdirSync(config.uploadsDir, { recursive: true });
  }
  if (config.databaseUrl && config.workers > 1) {
    const orm = await openDatabase(config.databaseUrl, {
      seed: config.seed,
      refuseDemoPasswords: config.production,
      privateFiles: storageFor(config).private,
    });
    // pg-boss's schema and queues, once, before the workers start theirs.
    await prepareJobQueues(config.databaseUrl, orm, config);
    await orm.close(true);
    closeStorage(config);
    superviseWorkers(config.workers, () => announce(config, config.workers));
    return;
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // Messages for the person at the terminal, like the start banner: printed whatever LOG_LEVEL says.
    if (config.workers > 1)
      console.warn('WEB_CONCURRENCY is ignored with the embedded database: one process.');
    console.log(`Starting the embedded PostgreSQL in ${config.dataDir}`);
    embedded = await startEmbeddedDatabase({ dataDir: config.dataDir });
    databaseUrl = embedded.url;
  }
  try {
    await serve(config, databaseUrl, {
      seed: config.seed,
      refuseDemoPasswords: config.production,
      fakes,
      onListening: () => announce(config, 1),
      onStop: async () => embedded?.stop(),
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

main().catch((error) => {
  // A problem the person starting the app can fix: its message, without a stack trace.
  const fixable =
    error instanceof EmbeddedDatabaseError ||
    error instanceof DemoPasswordError ||
    error instanceof DemoStoreMissingError;
  console.error(fixable ? `\n${error.message}\n` : error);
  process.exit(1);
});
