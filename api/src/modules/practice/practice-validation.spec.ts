import { describe, expect, it } from 'vitest';
import { DomainError } from '../../graphql/errors';
import { isTrackedVideoUrl, loop, markers, seconds, speed } from './practice-validation';
import * as v from './practice-validation';

function failure(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('did not fail');
}

describe('practice validation', () => {
  it('bounds speed, seconds and loops', () => {
    expect(speed(0.25)).toBe(0.25);
    expect(failure(() => speed(2.5)).field).toBe('speed');
    expect(failure(() => speed(0.1)).field).toBe('speed');
    expect(failure(() => seconds(-1, 'positionSeconds', 'Position')).message).toMatch(/negative/);
    expect(loop(null, null)).toEqual([null, null]);
    expect(loop(1, 3)).toEqual([1, 3]);
    expect(failure(() => loop(3, 1)).field).toBe('loopB');
    expect(failure(() => loop(3, null)).field).toBe('loopB');
  });

  it('cleans and orders markers', () => {
    expect(
      markers([
        { label: ' Turn ', atSeconds: 70 },
        { label: 'Basic step', atSeconds: 42 },
      ]),
    ).toEqual([
      { label: 'Basic step', atSeconds: 42 },
      { label: 'Turn', atSeconds: 70 },
    ]);
    expect(failure(() => markers([{ label: ' ', atSeconds: 1 }])).field).toBe('markers.0.label');
    expect(failure(() => markers([{ label: 'x', atSeconds: -2 }])).field).toBe('markers.0.atSeconds');
    expect(
      failure(() =>
        markers([
          { label: 'x', atSeconds: 2 },
          { label: 'y', atSeconds: 2 },
        ]),
      ).field,
    ).toBe('markers');
  });

  it('knows which videos are tracked', () => {
    expect(isTrackedVideoUrl('https://cdn.test/a/master.m3u8')).toBe(true);
    expect(isTrackedVideoUrl('http://127.0.0.1:3000/clip.mp4')).toBe(true);
    expect(isTrackedVideoUrl('https://www.youtube.com/embed/abc')).toBe(false);
    expect(isTrackedVideoUrl(null)).toBe(false);
  });
});

describe('watched buckets', () => {
  it('marks a bucket when a range covers its middle: 0–50% and 50–95% make 95', () => {
    const a = v.rangesToBits([{ start: 0, end: 100 }], 200);
    const b = v.rangesToBits([{ start: 100, end: 190 }], 200);
    expect(a.split('').filter((c) => c === '1')).toHaveLength(50);
    expect(b.split('').filter((c) => c === '1')).toHaveLength(45);
    const union = a
      .split('')
      .map((c, i) => (c === '1' || b[i] === '1' ? '1' : '0'))
      .join('');
    expect(union.split('').filter((c) => c === '1')).toHaveLength(95);
    expect(v.rangesToBits([], 0)).toBe('0'.repeat(100));
  });

  it('places positions and loops in buckets', () => {
    expect(v.bucketOf(0, 200)).toBe(0);
    expect(v.bucketOf(41, 200)).toBe(20);
    expect(v.bucketOf(200, 200)).toBe(99);
    expect(v.loopBuckets(20, 30, 200)).toEqual([10, 11, 12, 13, 14]);
    expect(v.loopBuckets(5, 5.5, 200)).toEqual([2]);
  });

  it('refuses ranges past the end, reversed, too many, or without a duration', () => {
    expect(() => v.watchedRanges([{ start: 0, end: 500 }], 100)).toThrow(/past the video/);
    expect(() => v.watchedRanges([{ start: 9, end: 3 }], 100)).toThrow(/end after it starts/);
    expect(() => v.watchedRanges([{ start: 0, end: 3 }], 0)).toThrow(/duration/);
    expect(() =>
      v.watchedRanges(
        Array.from({ length: 101 }, () => ({ start: 0, end: 1 })),
        100,
      ),
    ).toThrow(/At most 100/);
    expect(v.watchedRanges([{ start: 0, end: 100.5 }], 100)).toEqual([{ start: 0, end: 100 }]);
    expect(() => v.leftAt(150, 100)).toThrow(/past the video/);
    expect(v.leftAt(100.4, 100)).toBe(100);
  });
});
