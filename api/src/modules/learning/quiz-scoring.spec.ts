import { describe, expect, it } from 'vitest';
import { DomainError } from '../../graphql/errors';
import { type ScoredQuestion, scoreQuiz, validateAnswers } from './quiz-scoring';

const single: ScoredQuestion = {
  id: 'q1',
  prompt: 'Pick one',
  kind: 'single',
  options: [
    { id: 'a', text: 'A' },
    { id: 'b', text: 'B' },
  ],
  correctOptionIds: ['a'],
  explanation: 'A it is.',
};
const multiple: ScoredQuestion = {
  id: 'q2',
  prompt: 'Pick all that apply',
  kind: 'multiple',
  options: [
    { id: 'x', text: 'X' },
    { id: 'y', text: 'Y' },
    { id: 'z', text: 'Z' },
  ],
  correctOptionIds: ['z', 'x'],
};
const trueFalse: ScoredQuestion = {
  id: 'q3',
  prompt: 'True?',
  kind: 'true_false',
  options: [
    { id: 't', text: 'True' },
    { id: 'f', text: 'False' },
  ],
  correctOptionIds: ['f'],
};
const questions = [single, multiple, trueFalse];

function refusal(work: () => unknown): { code: string; message: string; field?: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validateAnswers', () => {
  it('returns the chosen options per question, deduplicated and in option order', () => {
    const chosen = validateAnswers(questions, [
      { questionId: 'q2', optionIds: ['z', 'x', 'z'] },
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q3', optionIds: ['t'] },
    ]);
    expect(Object.fromEntries(chosen)).toEqual({ q1: ['a'], q2: ['x', 'z'], q3: ['t'] });
  });

  it('names the unanswered question', () => {
    expect(refusal(() => validateAnswers(questions, [{ questionId: 'q1', optionIds: ['a'] }]))).toEqual({
      code: 'INVALID_INPUT',
      field: 'answers',
      message: 'Answer question 2 ("Pick all that apply")',
    });
  });

  it('refuses unknown questions and options, and two options for a single choice', () => {
    const all = [
      { questionId: 'q1', optionIds: ['a'] },
      { questionId: 'q2', optionIds: ['x'] },
      { questionId: 'q3', optionIds: ['t'] },
    ];
    expect(
      refusal(() => validateAnswers(questions, [...all, { questionId: 'q9', optionIds: ['a'] }])).message,
    ).toBe('Unknown question: q9');
    expect(
      refusal(() => validateAnswers(questions, [{ questionId: 'q1', optionIds: ['x'] }, ...all.slice(1)]))
        .message,
    ).toBe('Unknown option for question 1 ("Pick one"): x');
    expect(
      refusal(() =>
        validateAnswers(questions, [...all.slice(0, 2), { questionId: 'q3', optionIds: ['t', 'f'] }]),
      ).message,
    ).toBe('Choose one answer for question 3 ("True?")');
    expect(refusal(() => validateAnswers(questions, [...all, all[0]])).message).toBe(
      'Answer question 1 ("Pick one") only once',
    );
    expect(refusal(() => validateAnswers([], [])).message).toBe('This quiz has no questions yet');
  });
});

describe('scoreQuiz', () => {
  it('counts a question correct only when the chosen set equals the correct set', () => {
    const exact = scoreQuiz(
      questions,
      new Map([
        ['q1', ['a']],
        ['q2', ['x', 'z']],
        ['q3', ['f']],
      ]),
      70,
    );
    expect(exact).toMatchObject({ scorePercent: 100, passed: true, correctCount: 3 });

    const subset = scoreQuiz(
      questions,
      new Map([
        ['q1', ['a']],
        ['q2', ['x']],
        ['q3', ['f']],
      ]),
      70,
    );
    expect(subset).toMatchObject({ scorePercent: 67, passed: false, correctCount: 2 });

    const superset = scoreQuiz(
      questions,
      new Map([
        ['q1', ['b']],
        ['q2', ['x', 'y', 'z']],
        ['q3', ['f']],
      ]),
      30,
    );
    expect(superset).toMatchObject({ scorePercent: 33, passed: true, correctCount: 1 });
    expect(superset.results).toEqual([
      {
        questionId: 'q1',
        correct: false,
        chosenOptionIds: ['b'],
        correctOptionIds: ['a'],
        explanation: 'A it is.',
      },
      {
        questionId: 'q2',
        correct: false,
        chosenOptionIds: ['x', 'y', 'z'],
        correctOptionIds: ['x', 'z'],
        explanation: null,
      },
      { questionId: 'q3', correct: true, chosenOptionIds: ['f'], correctOptionIds: ['f'], explanation: null },
    ]);
  });

  it('passes at exactly the pass mark', () => {
    const half = [single, trueFalse];
    expect(
      scoreQuiz(
        half,
        new Map([
          ['q1', ['a']],
          ['q3', ['t']],
        ]),
        50,
      ),
    ).toMatchObject({ scorePercent: 50, passed: true });
    expect(
      scoreQuiz(
        half,
        new Map([
          ['q1', ['a']],
          ['q3', ['t']],
        ]),
        51,
      ).passed,
    ).toBe(false);
  });
});
