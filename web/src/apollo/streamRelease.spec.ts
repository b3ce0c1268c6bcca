import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStreamRelease, RELEASE_HIDDEN_AFTER_MS } from './streamRelease';

/** A tab whose visibility the test sets (an EventTarget, like `document`). */
function tab() {
  const target = new EventTarget();
  let state: DocumentVisibilityState = 'visible';
  return {
    get visibilityState() {
      return state;
    },
    addEventListener: (type: 'visibilitychange', listener: () => void) =>
      target.addEventListener(type, listener),
    set(next: DocumentVisibilityState) {
      state = next;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

describe('createStreamRelease', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the stream go after the tab is hidden for the grace period, and takes it up when shown', () => {
    const page = tab();
    const release = createStreamRelease(page);
    const changes: boolean[] = [];
    release.subscribe(() => changes.push(release.isReleased()));

    page.set('hidden');
    vi.advanceTimersByTime(RELEASE_HIDDEN_AFTER_MS - 1);
    expect(release.isReleased()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(release.isReleased()).toBe(true);

    page.set('visible');
    expect(release.isReleased()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('keeps the stream when the tab is shown again within the grace period', () => {
    const page = tab();
    const release = createStreamRelease(page, 1000);
    const changes: boolean[] = [];
    release.subscribe(() => changes.push(release.isReleased()));
    page.set('hidden');
    vi.advanceTimersByTime(999);
    page.set('visible');
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([]);
    expect(release.isReleased()).toBe(false);
  });

  it('counts from the first subscriber when the tab is already hidden', () => {
    const page = tab();
    page.set('hidden');
    const release = createStreamRelease(page, 1000);
    release.subscribe(() => undefined);
    vi.advanceTimersByTime(1000);
    expect(release.isReleased()).toBe(true);
  });

  it('never lets go without a document (server rendering)', () => {
    const release = createStreamRelease(undefined, 1000);
    release.subscribe(() => undefined);
    vi.advanceTimersByTime(5000);
    expect(release.isReleased()).toBe(false);
  });
});
