import type { RequestHandler } from 'express';
import { log } from './logger';

/** A check that has not answered in this long has failed (a probe must answer quickly). */
const CHECK_TIMEOUT_MS = 5_000;

/** A dependency that must answer for the server to take traffic; throws (or times out) when it cannot. */
export type ReadinessCheck = () => Promise<void>;

/**
 * `GET /healthz`: the process is alive and serving HTTP. It touches no dependency, so a slow or
 * down database does not get every replica restarted by its orchestrator (that is what /readyz is
 * for: it takes the replica out of the load balancer instead).
 */
export const healthz: RequestHandler = (_req, res) => {
  res.setHeader('cache-control', 'no-store');
  res.json({ status: 'ok' });
};

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /readyz`: 200 `{ status: "ready", checks: { database: "ok", … } }` when every check
 * answers, else 503 `{ status: "unavailable", checks }` naming the failed ones (`"failed"`; the
 * reason goes to the log, not to the public answer). The checks run in parallel, each within 5 s.
 */
export function readyz(checks: Record<string, ReadinessCheck>): RequestHandler {
  return async (_req, res) => {
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name])));
    const answer: Record<string, 'ok' | 'failed'> = {};
    results.forEach((result, i) => {
      answer[names[i]] = result.status === 'fulfilled' ? 'ok' : 'failed';
      if (result.status === 'rejected')
        log().warn({ err: result.reason, check: names[i] }, 'readiness check failed');
    });
    const ready = results.every((result) => result.status === 'fulfilled');
    res.setHeader('cache-control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks: answer });
  };
}
