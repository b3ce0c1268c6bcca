import { useCallback, useEffect, useState } from 'react';
import { healthFromResponse, type HealthState } from './adminFormat';

/** How often the deployment page asks /readyz again while it is open. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;

/**
 * The server's readiness from `GET /readyz` (the database, the file storage and the job queue
 * answer), checked on mount and every 30 s: 'healthy' for `{ status: 'ready' }`, 'unhealthy' for
 * anything else (503 names the failed check) or no answer.
 */
export function useHealthCheck() {
  const [state, setState] = useState<HealthState>('checking');
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);

  const check = useCallback(async (signal?: AbortSignal) => {
    let next: HealthState;
    try {
      const response = await fetch('/readyz', { cache: 'no-store', signal });
      const body: unknown = await response.json().catch(() => null);
      next = healthFromResponse(response.ok, body);
    } catch {
      if (signal?.aborted) return;
      next = 'unhealthy';
    }
    if (signal?.aborted) return;
    setState(next);
    setCheckedAt(new Date());
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void check(controller.signal);
    const timer = setInterval(() => void check(controller.signal), HEALTH_CHECK_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [check]);

  const recheck = useCallback(() => {
    setState('checking');
    void check();
  }, [check]);

  return { state, checkedAt, recheck };
}
