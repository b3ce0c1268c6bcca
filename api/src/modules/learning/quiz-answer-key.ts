import { QuizShowAnswers } from '../courses';
import type { QuestionOutcome } from './quiz-scoring';

/**
 * Whether an attempt's result may carry the quiz's correct answers, by the quiz's setting: never;
 * after passing (the passing attempt); after the last attempt (the passing one, or the last one
 * allowed). `attemptsLeft` counts after this attempt; null means unlimited attempts.
 */
export function answersShown(
  setting: QuizShowAnswers,
  passed: boolean,
  attemptsLeft: number | null,
): boolean {
  switch (setting) {
    case QuizShowAnswers.AFTER_PASSING:
      return passed;
    case QuizShowAnswers.AFTER_LAST_ATTEMPT:
      return passed || attemptsLeft === 0;
    default:
      return false;
  }
}

/**
 * The results a learner sees while the answer key is withheld: which answers were right or wrong,
 * never the correct options; an explanation only for a question answered correctly (it cannot give
 * away anything the learner does not know then).
 */
export function withholdAnswerKey(results: QuestionOutcome[]): QuestionOutcome[] {
  return results.map((r) => ({
    ...r,
    correctOptionIds: null,
    explanation: r.correct ? r.explanation : null,
  }));
}
