import { describe, expect, it } from 'vitest';
import { optionMark, withheldNote } from './quizResult';

describe('optionMark', () => {
  it('marks the key and my wrong choice when the server sent the correct answers', () => {
    const result = { correct: false, chosenOptionIds: ['b'], correctOptionIds: ['a'] };
    expect(optionMark(result, 'single', 'a')).toEqual({
      chosen: false,
      tone: 'right',
      label: 'Correct answer',
    });
    expect(optionMark(result, 'single', 'b')).toEqual({ chosen: true, tone: 'wrong', label: 'Your answer' });
    expect(optionMark(result, 'single', 'c')).toEqual({ chosen: false, tone: 'none', label: '' });
    const mine = { correct: true, chosenOptionIds: ['a'], correctOptionIds: ['a'] };
    expect(optionMark(mine, 'single', 'a').label).toBe('Your answer · Correct answer');
  });

  it('never marks an option I did not choose as correct while the key is withheld', () => {
    const wrongSingle = { correct: false, chosenOptionIds: ['b'], correctOptionIds: null };
    expect(optionMark(wrongSingle, 'single', 'a')).toEqual({ chosen: false, tone: 'none', label: '' });
    expect(optionMark(wrongSingle, 'true_false', 'b')).toEqual({
      chosen: true,
      tone: 'wrong',
      label: 'Your answer · Wrong',
    });
    // a wrong multiple-choice answer: which of my options is wrong is part of the key
    const wrongMultiple = { correct: false, chosenOptionIds: ['a', 'b'], correctOptionIds: null };
    expect(optionMark(wrongMultiple, 'multiple', 'a')).toEqual({
      chosen: true,
      tone: 'chosen',
      label: 'Your answer',
    });
    expect(optionMark(wrongMultiple, 'multiple', 'c').tone).toBe('none');
    const right = { correct: true, chosenOptionIds: ['a', 'c'] };
    expect(optionMark(right, 'multiple', 'c')).toEqual({ chosen: true, tone: 'right', label: 'Your answer' });
  });
});

describe('withheldNote', () => {
  it('says when the answers will be shown, or nothing when they are', () => {
    expect(withheldNote('AFTER_PASSING', true)).toBeNull();
    expect(withheldNote('AFTER_PASSING', false)).toBe(
      'The correct answers are shown once you pass this quiz.',
    );
    expect(withheldNote('AFTER_LAST_ATTEMPT', false)).toBe(
      'The correct answers are shown once you pass this quiz or use your last attempt.',
    );
    expect(withheldNote('NEVER', false)).toBe('This quiz does not show its correct answers.');
  });
});
