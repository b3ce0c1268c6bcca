import cluster, { type Worker } from 'node:cluster';
import { log } from './observability/logger';
import { answerClusterMetrics } from './observability/cluster-metrics';
import { withServerFlags } from './server-flags';

/** How long the primary waits for its workers to finish their requests at shutdown. */
const STOP_TIMEOUT_MS = 15_000;
/** More worker deaths than this within the window stop the server instead of forking again. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * The primary of a multi-process server (WEB_CONCURRENCY > 1): Node runs JavaScript on one core,
 * so one process per core serves more on a multi-core machine. Forks `count` copies of this
 * script (each a full server: its own ORM, pools and HTTP server; they share the listening port,
 * the database and the uploads folder, and keep no state of their own between requests), replaces
 * a worker that dies (unless more than 5 died within a minute: then it stops, exit code 1), and on
 * SIGTERM/SIGINT stops them all and exits. `onListening` runs once, when every worker listens.
 */
export function superviseWorkers(count: number, onListening: () => void): void {
  let stopping = false;
  let listening = 0;
  cluster.setupPrimary({ execArgv: withServerFlags(process.execArgv) });
  const fork = (): Worker => cluster.fork();
  // A scrape of /metrics lands on one worker, which asks here for every worker's metrics.
  answerClusterMetrics();

  cluster.on('listening', () => {
    if (++listening === count) onListening();
  });
  const restarts: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A worker that cannot start (say, the database is gone) would be replaced forever: give up.
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      log().fatal(`${restarts.length} workers died within a minute; stopping`);
      stop('crash loop', 1);
      return;
    }
    log().error({ worker: worker.process.pid, code, signal }, 'a worker exited; starting another');
    fork();
  });
  for (let i = 0; i < count; i++) fork();

  function stop(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    log().info(`${reason}: shutting down ${count} workers`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    let running = workers.length;
    if (running === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--running === 0) process.exit(exitCode);
      });
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
