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
  // JSON: pino's own synchronous writer on stdout (no line is lost when the process exits).
  if (destination) return pino(options, destination);
  return settings.logFormat === 'plain' ? pino(options, plainLogLines(process.stdout)) : pino(options);
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

const scoped = new AsyncLocalStorage<Logger>();

/** The logger of the request or job being handled, else the process's. */
export function log(): Logger {
  return scoped.getStore() ?? root;
}

/** Runs `fn` (and everything it starts) with `logger` as what `log()` returns. */
export function withLogger<T>(logger: Logger, fn: () => T): T {
  return scoped.run(logger, fn);
}
