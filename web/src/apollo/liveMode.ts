/**
 * How a page hears a subscription: `connecting` (stream being opened), `live` (events arrive), or
 * `polling` (the stream failed or ended: the page polls its queries until the stream is back).
 */
export type LiveMode = 'connecting' | 'live' | 'polling';

/** What happened to the stream: opened (again), an event, a failure, or the server ended it. */
export type LiveEvent =
  { kind: 'connected'; reconnected: boolean } | { kind: 'data' } | { kind: 'error' } | { kind: 'complete' };

/** How long a page polls while its stream is down, by default. */
export const FALLBACK_POLL_MS = 15_000;
/** How long after a failure the stream is tried again. */
export const RESTART_AFTER_MS = 30_000;

/**
 * The next mode, and whether the page must refetch: events published while the stream was down
 * are lost, so coming back (a reconnect, or events again after polling) refetches once.
 */
export function nextLiveMode(mode: LiveMode, event: LiveEvent): { mode: LiveMode; refetch: boolean } {
  switch (event.kind) {
    case 'connected':
      return { mode: 'live', refetch: event.reconnected || mode === 'polling' };
    case 'data':
      return { mode: 'live', refetch: mode === 'polling' };
    case 'error':
    case 'complete':
      return { mode: 'polling', refetch: false };
  }
}

/** The `pollInterval` for the page's queries in a mode (undefined: no polling). */
export function pollIntervalFor(mode: LiveMode, fallbackPollMs = FALLBACK_POLL_MS): number | undefined {
  return mode === 'polling' ? fallbackPollMs : undefined;
}
