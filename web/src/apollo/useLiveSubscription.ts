import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type LiveEvent, type LiveMode, nextLiveMode, pollIntervalFor, RESTART_AFTER_MS } from './liveMode';
import type { StreamContext } from './streamLink';

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
 * fails or the server ends it, `pollInterval` turns on (the page polls its queries) and the stream
 * is tried again every 30 s; when it is back, polling stops and `onRefetch` runs once (events sent
 * while it was down are not replayed).
 *
 *   const { data, refetch } = useQuery(Conversations, { pollInterval });
 *   const { pollInterval } = useLiveSubscription(ConversationEvents, { onData, onRefetch: refetch });
 */
export function useLiveSubscription<TData, TVariables extends OperationVariables = OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  options: LiveSubscriptionOptions<TData, TVariables> = {},
): LiveSubscription {
  const [mode, setMode] = useState<LiveMode>('connecting');
  const modeRef = useRef<LiveMode>('connecting');
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

  const context: StreamContext = {
    onStreamConnected: (reconnected) => apply({ kind: 'connected', reconnected }),
  };
  const { restart } = useSubscription<TData, TVariables>(document, {
    variables: options.variables,
    skip: options.skip,
    context,
    onData: ({ data }) => {
      apply({ kind: 'data' });
      if (data.data) latest.current.onData?.(data.data as TData);
    },
    onError: () => apply({ kind: 'error' }),
    onComplete: () => apply({ kind: 'complete' }),
  } as useSubscription.Options<TData, TVariables>);

  useEffect(() => {
    if (mode !== 'polling' || options.skip) return;
    const timer = setTimeout(restart, RESTART_AFTER_MS);
    return () => clearTimeout(timer);
  }, [mode, restart, options.skip]);

  return { mode, pollInterval: pollIntervalFor(mode, options.fallbackPollMs) };
}
