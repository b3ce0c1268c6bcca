import { useSyncExternalStore } from 'react';

/** How long a hidden tab keeps its event stream before it lets it go. */
export const RELEASE_HIDDEN_AFTER_MS = 30_000;

/** The part of `document` that says whether the tab is shown. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener: (type: 'visibilitychange', listener: () => void) => void;
}

/** Whether the tab's streams are let go (hidden long enough), with change listeners. */
export interface StreamRelease {
  isReleased: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

/**
 * Browsers allow 6 HTTP/1.1 connections per host and every tab holds one event stream, so a tab
 * hidden for `graceMs` lets its stream go (released) and takes it up again when it is shown. The
 * visibility listener is installed with the first subscriber and kept for the page's life.
 */
export function createStreamRelease(
  source: VisibilitySource | undefined,
  graceMs = RELEASE_HIDDEN_AFTER_MS,
): StreamRelease {
  let released = false;
  let installed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const set = (value: boolean) => {
    if (released === value) return;
    released = value;
    for (const listener of [...listeners]) listener();
  };
  const onVisibilityChange = () => {
    if (!source) return;
    clearTimeout(timer);
    timer = undefined;
    if (source.visibilityState === 'hidden') timer = setTimeout(() => set(true), graceMs);
    else set(false);
  };

  return {
    isReleased: () => released,
    subscribe(listener) {
      listeners.add(listener);
      if (!installed && source) {
        installed = true;
        source.addEventListener('visibilitychange', onVisibilityChange);
        onVisibilityChange();
      }
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** This tab's stream release. */
export const streamRelease = createStreamRelease(typeof document === 'undefined' ? undefined : document);

/** True while this tab is hidden past the grace period: live subscriptions let their stream go. */
export function useStreamReleased(release: StreamRelease = streamRelease): boolean {
  return useSyncExternalStore(release.subscribe, release.isReleased, () => false);
}
