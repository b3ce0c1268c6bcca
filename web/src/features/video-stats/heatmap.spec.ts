import { describe, expect, it } from 'vitest';
import { bucketTimeLabel, groupBuckets, heatColor, heatScale, peakBucket, percent } from './heatmap';

describe('heatScale', () => {
  it('scales against the largest, square-root so small counts show', () => {
    expect(heatScale([0, 1, 4, 16])).toEqual([0, 0.25, 0.5, 1]);
  });
  it('keeps all zeros at 0 and treats bad values as 0', () => {
    expect(heatScale([0, 0])).toEqual([0, 0]);
    expect(heatScale([-3, Number.NaN, 9])).toEqual([0, 0, 1]);
    expect(heatScale([])).toEqual([]);
  });
});

describe('heatColor', () => {
  it('is transparent at 0 and darker as heat grows', () => {
    expect(heatColor(0, 'watchers')).toBe('transparent');
    expect(heatColor(1, 'leaves')).toBe('hsl(10 75% 38%)');
    expect(heatColor(0.5, 'loops')).toBe('hsl(265 75% 63%)');
    expect(heatColor(7, 'loops')).toBe(heatColor(1, 'loops'));
  });
});

describe('groupBuckets', () => {
  it('sums 100 buckets into fewer segments', () => {
    const values = Array.from({ length: 100 }, (_, i) => (i < 50 ? 1 : 2));
    expect(groupBuckets(values, 4)).toEqual([25, 25, 50, 50]);
    expect(groupBuckets(values, 500)).toHaveLength(100);
    expect(groupBuckets([1, 2, 3], 0)).toEqual([6]);
  });
});

describe('peakBucket and labels', () => {
  it('finds the first largest bucket, or null', () => {
    expect(peakBucket([0, 3, 5, 5])).toBe(2);
    expect(peakBucket([0, 0])).toBeNull();
  });
  it('labels a bucket by time, or by percent without a duration', () => {
    expect(bucketTimeLabel(10, 200)).toBe('0:20–0:22');
    expect(bucketTimeLabel(99, 3600)).toBe('59:24–60:00');
    expect(bucketTimeLabel(3, 0)).toBe('3–4%');
    expect(bucketTimeLabel(10, 20)).toBe('0:02'); // a bucket shorter than a second
    expect(percent(0.955)).toBe('96%');
    expect(percent(2)).toBe('100%');
  });
});
