/** How the quiz result view marks answers: only what the server sent (never guesses the key). */

export type ShowAnswers = 'NEVER' | 'AFTER_PASSING' | 'AFTER_LAST_ATTEMPT';

export interface QuestionResultLike {
  correct: boolean;
  chosenOptionIds: string[];
  /** null while the server withholds the answer key. */
  correctOptionIds?: string[] | null;
}

export interface OptionMark {
  chosen: boolean;
  /** 'right': a correct option (mine, or shown as the answer); 'wrong': my option, known wrong; 'chosen': mine, right or wrong unknown. */
  tone: 'right' | 'wrong' | 'chosen' | 'none';
  label: string;
}

/**
 * The mark of one option. With the answer key: correct options are right, my other choices wrong.
 * Without it: my choices in a correct question are right; my single choice in a wrong question is
 * wrong; my choices in a wrong multiple-choice question are only "mine" (which of them is wrong is
 * part of the key).
 */
export function optionMark(result: QuestionResultLike, kind: string, optionId: string): OptionMark {
  const chosen = result.chosenOptionIds.includes(optionId);
  const key = result.correctOptionIds;
  if (key) {
    const isCorrect = key.includes(optionId);
    const label = [chosen ? 'Your answer' : '', isCorrect ? 'Correct answer' : '']
      .filter(Boolean)
      .join(' · ');
    return { chosen, tone: isCorrect ? 'right' : chosen ? 'wrong' : 'none', label };
  }
  if (!chosen) return { chosen, tone: 'none', label: '' };
  if (result.correct) return { chosen, tone: 'right', label: 'Your answer' };
  return kind === 'multiple'
    ? { chosen, tone: 'chosen', label: 'Your answer' }
    : { chosen, tone: 'wrong', label: 'Your answer · Wrong' };
}

/** Why a result has no correct answers, by the quiz's setting; null when they are shown. */
export function withheldNote(showAnswers: ShowAnswers, answersShown: boolean): string | null {
  if (answersShown) return null;
  switch (showAnswers) {
    case 'AFTER_PASSING':
      return 'The correct answers are shown once you pass this quiz.';
    case 'AFTER_LAST_ATTEMPT':
      return 'The correct answers are shown once you pass this quiz or use your last attempt.';
    default:
      return 'This quiz does not show its correct answers.';
  }
}
