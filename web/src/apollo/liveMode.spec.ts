import { describe, expect, it } from 'vitest';
import { FALLBACK_POLL_MS, nextLiveMode, pollIntervalFor } from './liveMode';

describe('nextLiveMode', () => {
  it('goes live on the first connection without refetching', () => {
    expect(nextLiveMode('connecting', { kind: 'connected', reconnected: false })).toEqual({
      mode: 'live',
      refetch: false,
    });
    expect(nextLiveMode('connecting', { kind: 'data' })).toEqual({ mode: 'live', refetch: false });
  });

  it('falls back to polling when the stream fails or the server ends it', () => {
    expect(nextLiveMode('live', { kind: 'error' })).toEqual({ mode: 'polling', refetch: false });
    expect(nextLiveMode('connecting', { kind: 'error' })).toEqual({ mode: 'polling', refetch: false });
    expect(nextLiveMode('live', { kind: 'complete' })).toEqual({ mode: 'polling', refetch: false });
  });

  it('polls while graphql-sse retries a broken stream, and refetches when it is back', () => {
    const lost = nextLiveMode('live', { kind: 'lost' });
    expect(lost).toEqual({ mode: 'polling', refetch: false });
    expect(nextLiveMode(lost.mode, { kind: 'connected', reconnected: true })).toEqual({
      mode: 'live',
      refetch: true,
    });
  });

  it('lets the stream go while the tab is hidden, ignoring the stream meanwhile', () => {
    for (const mode of ['connecting', 'live', 'polling', 'resuming'] as const) {
      expect(nextLiveMode(mode, { kind: 'released' })).toEqual({ mode: 'paused', refetch: false });
    }
    expect(nextLiveMode('paused', { kind: 'connected', reconnected: true })).toEqual({
      mode: 'paused',
      refetch: false,
    });
    expect(nextLiveMode('paused', { kind: 'lost' })).toEqual({ mode: 'paused', refetch: false });
    expect(nextLiveMode('paused', { kind: 'error' })).toEqual({ mode: 'paused', refetch: false });
  });

  it('refetches once when the shown tab has its stream open again', () => {
    const resumed = nextLiveMode('paused', { kind: 'resumed' });
    expect(resumed).toEqual({ mode: 'resuming', refetch: false });
    expect(nextLiveMode(resumed.mode, { kind: 'connected', reconnected: false })).toEqual({
      mode: 'live',
      refetch: true,
    });
    expect(nextLiveMode(resumed.mode, { kind: 'data' })).toEqual({ mode: 'live', refetch: true });
    expect(nextLiveMode(resumed.mode, { kind: 'error' })).toEqual({ mode: 'polling', refetch: false });
    // Shown again before the grace period ended: nothing changes.
    expect(nextLiveMode('live', { kind: 'resumed' })).toEqual({ mode: 'live', refetch: false });
  });

  it('refetches once when the stream comes back, since events in between were lost', () => {
    expect(nextLiveMode('live', { kind: 'connected', reconnected: true })).toEqual({
      mode: 'live',
      refetch: true,
    });
    expect(nextLiveMode('polling', { kind: 'connected', reconnected: false })).toEqual({
      mode: 'live',
      refetch: true,
    });
    expect(nextLiveMode('polling', { kind: 'data' })).toEqual({ mode: 'live', refetch: true });
    expect(nextLiveMode('live', { kind: 'data' })).toEqual({ mode: 'live', refetch: false });
  });
});

describe('pollIntervalFor', () => {
  it('polls only while the stream is down, not while the tab is hidden', () => {
    expect(pollIntervalFor('live')).toBeUndefined();
    expect(pollIntervalFor('paused')).toBeUndefined();
    expect(pollIntervalFor('resuming')).toBeUndefined();
    expect(pollIntervalFor('connecting')).toBeUndefined();
    expect(pollIntervalFor('polling')).toBe(FALLBACK_POLL_MS);
    expect(pollIntervalFor('polling', 5000)).toBe(5000);
  });
});
