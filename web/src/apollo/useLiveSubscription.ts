import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type LiveEvent, type LiveMode, nextLiveMode, pollIntervalFor, RESTART_AFTER_MS } from './liveMode';
import { useStreamReleased } from './streamRelease';
import { streamStatus } from './streamStatus';

export interface LiveSubscriptionOptions<TData, TVariables> {
  variables?: TVariables;
  skip?: boolean;
  /** Each event's data. */
  onData?: (data: TData) => void;
  /** Refetch what the page shows: called when the stream is back after events may have been lost. */
  onRefetch?: () => void;
  /** The page's poll interval while the stream is down (default 15 s). */
  fallbackPollMs?: number;
}

export interface LiveSubscription {
  mode: LiveMode;
  /** Pass to the page's `useQuery(…, { pollInterval })`: set only while the stream is down. */
  pollInterval: number | undefined;
}

/**
 * A subscription over /graphql/stream with the fallback every live page needs: when the stream
 * fails, breaks or the server ends it, `pollInterval` turns on (the page polls its queries) and
 * the stream is tried again every 30 s; when it is back, polling stops and `onRefetch` runs once
 * (events sent while it was down are not replayed). A tab hidden for 30 s lets its stream go (no
 * polling either) and reopens it when shown, refetching once (streamRelease).
 *
 * Identical subscriptions share one stream (Apollo deduplicates them), so whether the stream is
 * open is heard from the client (streamStatus), by every hook while it is mounted.
 *
 *   const { data, refetch } = useQuery(Conversations, { pollInterval });
 *   const { pollInterval } = useLiveSubscription(ConversationEvents, { onData, onRefetch: refetch });
 */
export function useLiveSubscription<TData, TVariables extends OperationVariables = OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  options: LiveSubscriptionOptions<TData, TVariables> = {},
): LiveSubscription {
  const released = useStreamReleased();
  const skip = Boolean(options.skip) || released;
  const [mode, setMode] = useState<LiveMode>(released ? 'paused' : 'connecting');
  const modeRef = useRef<LiveMode>(mode);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const apply = useCallback((event: LiveEvent) => {
    const next = nextLiveMode(modeRef.current, event);
    modeRef.current = next.mode;
    setMode(next.mode);
    if (next.refetch) latest.current.onRefetch?.();
  }, []);

  // Whether this hook's own subscription has ended (failed or completed): it must be restarted to
  // hear events again, even when the shared stream is open.
  const ended = useRef(false);
  const { restart } = useSubscription<TData, TVariables>(document, {
    variables: options.variables,
    skip,
    onData: ({ data }) => {
      apply({ kind: 'data' });
      if (data.data) latest.current.onData?.(data.data as TData);
    },
    onError: () => apply({ kind: 'error' }),
    onComplete: () => {
      ended.current = true;
      apply({ kind: 'complete' });
    },
  } as useSubscription.Options<TData, TVariables>);
  const restartRef = useRef(restart);
  useEffect(() => {
    restartRef.current = restart;
  }, [restart]);
  const restartIfEnded = useCallback(() => {
    if (!ended.current) return;
    ended.current = false;
    restartRef.current();
  }, []);

  // The client's stream status: a stream (re)opened or broke.
  useEffect(() => {
    if (skip) return;
    return streamStatus.listen((event) => {
      // Join the open stream (deduplicated) if this hook's subscription had ended.
      if (event.kind === 'connected') restartIfEnded();
      apply(event);
    });
  }, [skip, apply, restartIfEnded]);

  // The tab let its stream go (hidden) or takes it up again (shown): skipping unsubscribed, and
  // showing subscribes afresh.
  const wasReleased = useRef(released);
  useEffect(() => {
    if (wasReleased.current === released) return;
    wasReleased.current = released;
    ended.current = false;
    apply({ kind: released ? 'released' : 'resumed' });
  }, [released, apply]);

  // While polling, try the stream again every 30 s (a broken stream graphql-sse still retries
  // itself: only an ended subscription is restarted).
  useEffect(() => {
    if (mode !== 'polling' || skip) return;
    const timer = setInterval(restartIfEnded, RESTART_AFTER_MS);
    return () => clearInterval(timer);
  }, [mode, skip, restartIfEnded]);

  return { mode, pollInterval: pollIntervalFor(mode, options.fallbackPollMs) };
}
