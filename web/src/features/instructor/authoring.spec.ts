import { describe, expect, it } from 'vitest';
import {
  blankOptions,
  draftOptions,
  moveId,
  optionsForKind,
  teachingTotals,
  toggleCorrect,
} from './authoring';

describe('moveId', () => {
  it('swaps with the neighbour and stays put at the ends', () => {
    expect(moveId(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('question options', () => {
  const saved = draftOptions(
    [
      { id: 'x', text: 'Knee' },
      { id: 'y', text: 'Hip' },
      { id: 'z', text: 'Shin' },
    ],
    ['y', 'z'],
  );

  it('reads the saved options with their correct flags', () => {
    expect(saved.map((o) => [o.id, o.text, o.correct])).toEqual([
      ['x', 'Knee', false],
      ['y', 'Hip', true],
      ['z', 'Shin', true],
    ]);
  });

  it('makes true/false options True and False, keeping the first two ids', () => {
    const tf = optionsForKind('true_false', saved);
    expect(tf.map((o) => [o.id, o.text, o.correct])).toEqual([
      ['x', 'True', false],
      ['y', 'False', true],
    ]);
    expect(blankOptions('true_false').map((o) => o.text)).toEqual(['True', 'False']);
  });

  it('keeps one answer for single choice', () => {
    expect(optionsForKind('single', saved).map((o) => o.correct)).toEqual([false, true, false]);
    expect(toggleCorrect('single', saved, 0, true).map((o) => o.correct)).toEqual([true, false, false]);
    expect(toggleCorrect('multiple', saved, 0, true).map((o) => o.correct)).toEqual([true, true, true]);
    expect(toggleCorrect('multiple', saved, 1, false).map((o) => o.correct)).toEqual([false, false, true]);
  });
});

describe('teachingTotals', () => {
  it('adds up enrollments and completions', () => {
    const row = (published: boolean, enrollmentCount: number, completionCount: number) => ({
      enrollmentCount,
      completionCount,
      course: { published },
    });
    expect(teachingTotals([row(true, 3, 1), row(false, 1, 0), row(true, 0, 0)])).toEqual({
      courses: 3,
      published: 2,
      enrollments: 4,
      completions: 1,
      completionRate: 25,
    });
    expect(teachingTotals([]).completionRate).toBe(0);
  });
});
