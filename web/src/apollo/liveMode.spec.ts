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
  it('polls only while the stream is down', () => {
    expect(pollIntervalFor('live')).toBeUndefined();
    expect(pollIntervalFor('connecting')).toBeUndefined();
    expect(pollIntervalFor('polling')).toBe(FALLBACK_POLL_MS);
    expect(pollIntervalFor('polling', 5000)).toBe(5000);
  });
});
