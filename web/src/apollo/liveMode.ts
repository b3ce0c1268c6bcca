import type { StreamStatusEvent } from './streamStatus';

/**
 * How a page hears a subscription: `connecting` (stream being opened), `live` (events arrive),
 * `polling` (the stream failed, ended or is being retried: the page polls its queries until the
 * stream is back), `paused` (the tab is hidden and let its stream go: no stream, no polling) or
 * `resuming` (the tab is shown again and the stream is being reopened: refetch when it is open).
 */
export type LiveMode = 'connecting' | 'live' | 'polling' | 'paused' | 'resuming';

/**
 * What happened: the client's stream opened (again) or broke (`StreamStatusEvent`, heard by
 * every page), an event, a failure or the end of the page's own subscription, or the tab let its
 * stream go (`released`, hidden) and takes it up again (`resumed`, shown).
 */
export type LiveEvent =
  | StreamStatusEvent
  | { kind: 'data' }
  | { kind: 'error' }
  | { kind: 'complete' }
  | { kind: 'released' }
  | { kind: 'resumed' };

/** How long a page polls while its stream is down, by default. */
export const FALLBACK_POLL_MS = 15_000;
/** How long after a failure the stream is tried again. */
export const RESTART_AFTER_MS = 30_000;

/** Modes in which events may have been missed: the page refetches once the stream is open. */
const MISSED_EVENTS: ReadonlySet<LiveMode> = new Set(['polling', 'resuming']);

/**
 * The next mode, and whether the page must refetch: events published while the stream was down
 * (or let go) are lost, so coming back (a reconnect, events again after polling, the stream open
 * again after the tab was hidden) refetches once. A paused tab ignores everything until shown.
 */
export function nextLiveMode(mode: LiveMode, event: LiveEvent): { mode: LiveMode; refetch: boolean } {
  if (event.kind === 'released') return { mode: 'paused', refetch: false };
  if (event.kind === 'resumed') return { mode: mode === 'paused' ? 'resuming' : mode, refetch: false };
  if (mode === 'paused') return { mode, refetch: false };
  switch (event.kind) {
    case 'connected':
      return { mode: 'live', refetch: event.reconnected || MISSED_EVENTS.has(mode) };
    case 'data':
      return { mode: 'live', refetch: MISSED_EVENTS.has(mode) };
    case 'lost':
    case 'error':
    case 'complete':
      return { mode: 'polling', refetch: false };
  }
}

/** The `pollInterval` for the page's queries in a mode (undefined: no polling). */
export function pollIntervalFor(mode: LiveMode, fallbackPollMs = FALLBACK_POLL_MS): number | undefined {
  return mode === 'polling' ? fallbackPollMs : undefined;
}
