import { useCallback, useEffect, useState } from 'react';
import { healthFromResponse, type HealthState } from './adminFormat';

/** How often the deployment page asks /healthz again while it is open. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;

/**
 * The server's live health from `GET /healthz`, checked on mount and every 30 s:
 * 'healthy' for `{ status: 'ok' }`, 'unhealthy' for anything else or no answer.
 */
export function useHealthCheck() {
  const [state, setState] = useState<HealthState>('checking');
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);

  const check = useCallback(async (signal?: AbortSignal) => {
    let next: HealthState;
    try {
      const response = await fetch('/healthz', { cache: 'no-store', signal });
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
