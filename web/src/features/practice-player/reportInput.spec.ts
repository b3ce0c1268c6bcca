import { describe, expect, it } from 'vitest';
import type { PracticeSnapshot } from './types';
import { queuedSaves, reportInput } from './useLessonPractice';

const snap = (over: Partial<PracticeSnapshot> = {}): PracticeSnapshot => ({
  mirror: false,
  speed: 1,
  loopA: null,
  loopB: null,
  countIn: false,
  countInBpm: 120,
  positionSeconds: 30,
  durationSeconds: 100,
  watchedSeconds: 30,
  watchedRanges: [{ start: 0, end: 30 }],
  playCount: 1,
  loopSetCount: 0,
  ...over,
});

describe('reportInput', () => {
  it('sends the watched ranges and a play once', () => {
    const first = reportInput(snap(), { plays: 0, loopsSet: 0, leftAt: null });
    expect(first).toMatchObject({ watchedRanges: [{ start: 0, end: 30 }], played: true });
    const later = reportInput(snap(), { plays: 1, loopsSet: 0, leftAt: null });
    expect(later.played).toBeUndefined();
  });

  it('reports a new loop only with both ends, and where the learner left when leaving', () => {
    const looped = reportInput(snap({ loopA: 10, loopB: 20, loopSetCount: 1 }), {
      plays: 1,
      loopsSet: 0,
      leftAt: null,
    });
    expect(looped.loopSet).toBe(true);
    expect(looped.leftAtSeconds).toBeUndefined();
    const noEnds = reportInput(snap({ loopSetCount: 1 }), { plays: 1, loopsSet: 0, leftAt: null });
    expect(noEnds.loopSet).toBeUndefined();
    const leaving = reportInput(
      snap({ positionSeconds: 130 }),
      { plays: 1, loopsSet: 0, leftAt: null },
      true,
    );
    expect(leaving.leftAtSeconds).toBe(100);
    const again = reportInput(snap({ positionSeconds: 100 }), { plays: 1, loopsSet: 0, leftAt: 100 }, true);
    expect(again.leftAtSeconds).toBeUndefined();
  });

  it('names the video played: the hosted video’s id, null for a link', () => {
    const none = { plays: 1, loopsSet: 0, leftAt: null };
    expect(reportInput(snap(), none, false, 'video-1').videoId).toBe('video-1');
    expect(reportInput(snap(), none, true, 'video-1').videoId).toBe('video-1');
    expect(reportInput(snap(), none).videoId).toBeNull();
  });

  it('sends no ranges without a duration', () => {
    expect(
      reportInput(snap({ durationSeconds: 0 }), { plays: 1, loopsSet: 0, leftAt: null }).watchedRanges,
    ).toBeUndefined();
  });
});

describe('queuedSaves', () => {
  const none = { plays: 1, loopsSet: 1, leftAt: null };
  it('keeps only the newest plain save waiting', () => {
    const a = reportInput(snap({ positionSeconds: 10 }), none);
    const b = reportInput(snap({ positionSeconds: 20 }), none);
    expect(queuedSaves(queuedSaves([], a), b)).toEqual([b]);
  });

  it('never drops a waiting save that reports a loop set or a play', () => {
    const looped = reportInput(snap({ loopA: 2, loopB: 4, loopSetCount: 1 }), {
      plays: 1,
      loopsSet: 0,
      leftAt: null,
    });
    expect(looped.loopSet).toBe(true);
    // The loop cleared a moment later, while the first save was still in flight.
    const cleared = reportInput(snap({ loopSetCount: 1 }), none);
    const afterClear = reportInput(snap({ positionSeconds: 31, loopSetCount: 1 }), none);
    expect(queuedSaves(queuedSaves([looped], cleared), afterClear)).toEqual([looped, afterClear]);
    const played = reportInput(snap({ playCount: 2 }), none);
    expect(queuedSaves([played], cleared)).toEqual([played, cleared]);
  });
});
