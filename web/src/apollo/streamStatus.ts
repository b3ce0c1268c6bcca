import type { EventListeners } from 'graphql-sse';

/**
 * What the graphql-sse client says about its event streams: one is open (again: `reconnected`
 * after it broke), or one broke and is being retried (events sent meanwhile are lost).
 */
export type StreamStatusEvent = { kind: 'connected'; reconnected: boolean } | { kind: 'lost' };

export type StreamStatusListener = (event: StreamStatusEvent) => void;

/** A set of listeners that all hear every stream status event. */
export interface StreamStatus {
  /** Adds a listener; returns the function that removes it again. */
  listen: (listener: StreamStatusListener) => () => void;
  report: (event: StreamStatusEvent) => void;
  /** How many listeners there are. */
  readonly size: number;
}

export function createStreamStatus(): StreamStatus {
  const listeners = new Set<StreamStatusListener>();
  return {
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    report(event) {
      // A listener may remove itself (or others) while it runs.
      for (const listener of [...listeners]) if (listeners.has(listener)) listener(event);
    },
    get size() {
      return listeners.size;
    },
  };
}

/**
 * The web app's stream status. Apollo deduplicates identical subscriptions, so several hooks
 * share one stream and only the first one's operation context reaches the link: the status is
 * therefore reported by the client (`createClient({ on: streamStatusListeners() })`) and every
 * `useLiveSubscription` listens here while it is mounted.
 */
export const streamStatus = createStreamStatus();

/** graphql-sse client event listeners that report to `status`. */
export function streamStatusListeners(status: StreamStatus = streamStatus): EventListeners {
  return {
    connected: (reconnected) => status.report({ kind: 'connected', reconnected }),
    // `reconnecting`: a stream broke and graphql-sse tries it again after a backoff.
    connecting: (reconnecting) => {
      if (reconnecting) status.report({ kind: 'lost' });
    },
  };
}
