import { describe, expect, it } from 'vitest';
import { coveredLines } from './refund-coverage';

const line = (id: string, paid: number) => ({ id, title: id, paid_cents: paid });
const ids = (r: { covered: { id: string }[]; kept: { id: string }[] }) => ({
  covered: r.covered.map((l) => l.id),
  kept: r.kept.map((l) => l.id),
});

describe('coveredLines', () => {
  const lines = [line('a', 500), line('free', 0), line('b', 300), line('c', 200)];

  it('takes back the lines in order while the refund covers each in full', () => {
    expect(ids(coveredLines(lines, 499, false))).toEqual({ covered: [], kept: ['a', 'free', 'b', 'c'] });
    expect(ids(coveredLines(lines, 500, false))).toEqual({ covered: ['a'], kept: ['free', 'b', 'c'] });
    expect(ids(coveredLines(lines, 799, false))).toEqual({ covered: ['a'], kept: ['free', 'b', 'c'] });
    expect(ids(coveredLines(lines, 800, false))).toEqual({ covered: ['a', 'b'], kept: ['free', 'c'] });
  });

  it('keeps a line that costs nothing unless the whole order is refunded', () => {
    expect(ids(coveredLines(lines, 1000, false))).toEqual({ covered: ['a', 'b', 'c'], kept: ['free'] });
    expect(ids(coveredLines(lines, 1000, true))).toEqual({ covered: ['a', 'free', 'b', 'c'], kept: [] });
  });
});
