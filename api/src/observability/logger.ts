import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';
import { plainLogLines } from './plain-log-lines';

/**
 * The server's log: pino, one JSON object a line on stdout (or a readable line in a terminal,
 * LOG_FORMAT=plain). Code that logs calls `log()`: inside a request it is that request's logger, so
 * every line carries the request's `requestId` (observability/request-logging.ts); inside a job it
 * carries the job's name and id (jobs/index.ts); elsewhere it is the process's logger.
 */

type LogSettings = Pick<Config, 'logLevel' | 'logFormat'>;

function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: settings.logLevel,
    // Log collectors read `"level":"error"` better than pino's numbers.
    formatters: { level: (label) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (destination) return pino(options, destination);
  return settings.logFormat === 'plain'
    ? pino(options, plainLogLines(process.stdout))
    : pino(options, stdoutJson());
}

let jsonOut: ReturnType<typeof pino.destination> | null = null;

/** Lines are gathered up to this many bytes before a write (about 15 request lines)… */
const LOG_BUFFER_BYTES = 4096;
/** …and written at least this often, so a quiet server's lines are not held back. */
const LOG_FLUSH_MS = 500;

/**
 * JSON lines on stdout through pino's asynchronous writer (sonic-boom), gathered into writes of
 * about 4 KiB at least every half second: under load one `write` for many request lines, not a
 * blocking syscall per request (with one synchronous write a line, logging was ≈ 10% of a cart
 * poll's CPU; bench/README.md). What is still buffered is written synchronously when the process
 * exits (a normal exit, a signal handled by main.ts, an uncaught error); only a `kill -9` can lose
 * the last half second of lines.
 */
function stdoutJson(): ReturnType<typeof pino.destination> {
  if (!jsonOut) {
    const out = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
    setInterval(() => {
      try {
        out.flush();
      } catch {
        // closed: nothing more can be written
      }
    }, LOG_FLUSH_MS).unref();
    process.once('exit', () => {
      try {
        out.flushSync();
      } catch {
        // stdout closed or not ready: nothing more can be written
      }
    });
    jsonOut = out;
  }
  return jsonOut;
}

// Until the boot configures it (main.ts, createApp): quiet under tests, else JSON at info.
let root = createLogger({
  logLevel: process.env.NODE_ENV === 'test' ? 'silent' : 'info',
  logFormat: 'json',
});
let current: LogSettings | null = null;

/**
 * Applies LOG_LEVEL and LOG_FORMAT (the boot; again with the same settings changes nothing, so a
 * test that sent the lines to its own `destination` keeps them while it starts an app).
 */
export function configureLogging(settings: LogSettings, destination?: DestinationStream): void {
  const same = current?.logLevel === settings.logLevel && current.logFormat === settings.logFormat;
  if (same && !destination) return;
  current = { logLevel: settings.logLevel, logFormat: settings.logFormat };
  root = createLogger(current, destination);
}

/** The process's logger, without a request's or job's bindings. */
export function rootLogger(): Logger {
  return root;
}

/**
 * What `log()` returns inside a request or job: a child of the process's logger with the scope's
 * bindings, made the first time something logs there. Most requests log only their finished line,
 * which the request logging writes with its bindings itself, so they never pay for a child logger
 * (pino's `child` serialises the bindings: ≈ 10% of a cart poll's CPU with the rest; bench/README.md).
 */
export class LogScope {
  private logger: Logger | null;

  constructor(
    readonly bindings: Record<string, unknown>,
    logger: Logger | null = null,
  ) {
    this.logger = logger;
  }

  get log(): Logger {
    return (this.logger ??= root.child(this.bindings));
  }
}

const scoped = new AsyncLocalStorage<LogScope>();

/** The logger of the request or job being handled, else the process's. */
export function log(): Logger {
  return scoped.getStore()?.log ?? root;
}

/** Runs `fn` (and everything it starts) with `logger` as what `log()` returns. */
export function withLogger<T>(logger: Logger, fn: () => T): T {
  return scoped.run(new LogScope(logger.bindings(), logger), fn);
}

/** Runs `fn` (and everything it starts) in `scope`: `log()` there carries its bindings. */
export function withLogScope<T>(scope: LogScope, fn: () => T): T {
  return scoped.run(scope, fn);
}
