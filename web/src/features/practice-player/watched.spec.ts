import { describe, expect, it } from 'vitest';
import { MAX_RANGES, playedRanges, unionRanges } from './watched';

describe('unionRanges', () => {
  it('merges overlapping and touching ranges and sorts them', () => {
    expect(
      unionRanges([
        { start: 50, end: 60 },
        { start: 0, end: 10 },
        { start: 5, end: 20 },
        { start: 20, end: 30 },
      ]),
    ).toEqual([
      { start: 0, end: 30 },
      { start: 50, end: 60 },
    ]);
  });

  it('drops empty ranges and clamps to 0–duration', () => {
    expect(
      unionRanges(
        [
          { start: -2, end: 3 },
          { start: 8, end: 8 },
          { start: 90, end: 130 },
          { start: Number.NaN, end: 4 },
        ],
        100,
      ),
    ).toEqual([
      { start: 0, end: 3 },
      { start: 90, end: 100 },
    ]);
  });

  it('keeps at most 100 ranges by closing the smallest gaps', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      start: i * 10,
      end: i * 10 + (i === 3 ? 9.9 : 5),
    }));
    const union = unionRanges(many);
    expect(union).toHaveLength(MAX_RANGES);
    expect(union[0].start).toBe(0);
    expect(union[union.length - 1].end).toBe(1495);
    // Everything played is still inside the union.
    for (const r of many) expect(union.some((u) => u.start <= r.start && r.end <= u.end)).toBe(true);
  });
});

describe('playedRanges', () => {
  it('reads a TimeRanges-like list', () => {
    const starts = [10, 0];
    const ends = [20, 12];
    const ranges = { length: 2, start: (i: number) => starts[i], end: (i: number) => ends[i] };
    expect(playedRanges(ranges, 15)).toEqual([{ start: 0, end: 15 }]);
  });
});
