import { describe, expect, it } from 'vitest';
import type { PracticeSnapshot } from './types';
import { reportInput } from './useLessonPractice';

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

  it('sends no ranges without a duration', () => {
    expect(
      reportInput(snap({ durationSeconds: 0 }), { plays: 1, loopsSet: 0, leftAt: null }).watchedRanges,
    ).toBeUndefined();
  });
});
