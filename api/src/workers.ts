import cluster, { type Worker } from 'node:cluster';

/** How long the primary waits for its workers to finish their requests at shutdown. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * The primary of a multi-process server (WEB_CONCURRENCY > 1): Node runs JavaScript on one core,
 * so one process per core serves more on a multi-core machine. Forks `count` copies of this
 * script (each a full server: its own ORM, pools and HTTP server; they share the listening port,
 * the database and the uploads folder, and keep no state of their own between requests), replaces
 * a worker that dies, and on SIGTERM/SIGINT stops them all and exits. `onListening` runs once,
 * when every worker listens.
 */
export function superviseWorkers(count: number, onListening: () => void): void {
  let stopping = false;
  let listening = 0;
  const fork = (): Worker => cluster.fork();

  cluster.on('listening', () => {
    if (++listening === count) onListening();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`[server] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down ${count} workers …`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    let running = workers.length;
    if (running === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--running === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
