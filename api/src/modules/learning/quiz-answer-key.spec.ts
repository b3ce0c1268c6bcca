import { describe, expect, it } from 'vitest';
import { QuizShowAnswers } from '../courses/quiz.entity';
import { answersShown, withholdAnswerKey } from './quiz-answer-key';

describe('answersShown', () => {
  it('NEVER shows them, whatever happened', () => {
    expect(answersShown(QuizShowAnswers.NEVER, true, 0)).toBe(false);
    expect(answersShown(QuizShowAnswers.NEVER, false, 0)).toBe(false);
  });

  it('AFTER_PASSING shows them with a passing attempt only', () => {
    expect(answersShown(QuizShowAnswers.AFTER_PASSING, true, 2)).toBe(true);
    expect(answersShown(QuizShowAnswers.AFTER_PASSING, false, 0)).toBe(false);
    expect(answersShown(QuizShowAnswers.AFTER_PASSING, false, null)).toBe(false);
  });

  it('AFTER_LAST_ATTEMPT shows them when passed or when no attempt is left (never while unlimited)', () => {
    expect(answersShown(QuizShowAnswers.AFTER_LAST_ATTEMPT, true, 1)).toBe(true);
    expect(answersShown(QuizShowAnswers.AFTER_LAST_ATTEMPT, false, 0)).toBe(true);
    expect(answersShown(QuizShowAnswers.AFTER_LAST_ATTEMPT, false, 1)).toBe(false);
    expect(answersShown(QuizShowAnswers.AFTER_LAST_ATTEMPT, false, null)).toBe(false);
  });
});

describe('withholdAnswerKey', () => {
  it('keeps right/wrong and my choices, drops the key and the explanations of wrong answers', () => {
    expect(
      withholdAnswerKey([
        {
          questionId: 'q1',
          correct: true,
          chosenOptionIds: ['a'],
          correctOptionIds: ['a'],
          explanation: 'Why a',
        },
        {
          questionId: 'q2',
          correct: false,
          chosenOptionIds: ['x'],
          correctOptionIds: ['y'],
          explanation: 'Why y',
        },
      ]),
    ).toEqual([
      {
        questionId: 'q1',
        correct: true,
        chosenOptionIds: ['a'],
        correctOptionIds: null,
        explanation: 'Why a',
      },
      { questionId: 'q2', correct: false, chosenOptionIds: ['x'], correctOptionIds: null, explanation: null },
    ]);
  });
});
