import { DomainError } from '../../graphql/errors';

/** The parts of a quiz question that scoring needs (QuizQuestion entities fit). */
export interface ScoredQuestion {
  id: string;
  prompt: string;
  kind: 'single' | 'multiple' | 'true_false';
  options: { id: string; text: string }[];
  correctOptionIds: string[];
  explanation?: string | null;
}

export interface SubmittedAnswer {
  questionId: string;
  optionIds: string[];
}

export interface QuestionOutcome {
  questionId: string;
  correct: boolean;
  chosenOptionIds: string[];
  /** null while the quiz's setting withholds the answer key (see quiz-answer-key.ts). */
  correctOptionIds: string[] | null;
  explanation: string | null;
}

const invalid = (message: string) => new DomainError('INVALID_INPUT', message, 'answers');

/** "question 2 ("Good feedback is…")" — how messages name a question. */
function nameOf(question: ScoredQuestion, index: number): string {
  const prompt = question.prompt.length > 80 ? `${question.prompt.slice(0, 79)}…` : question.prompt;
  return `question ${index + 1} ("${prompt}")`;
}

/**
 * Checks a submission against the quiz: every question answered exactly once, only options of that
 * question, one option for single-choice and true/false questions. Returns question id → the chosen
 * option ids (deduplicated, in the question's option order).
 */
export function validateAnswers(
  questions: ScoredQuestion[],
  answers: SubmittedAnswer[],
): Map<string, string[]> {
  if (questions.length === 0) throw invalid('This quiz has no questions yet');
  const byId = new Map(questions.map((q, i) => [q.id, { question: q, index: i }]));
  const chosen = new Map<string, string[]>();
  for (const answer of answers) {
    const entry = byId.get(answer.questionId);
    if (!entry) throw invalid(`Unknown question: ${answer.questionId}`);
    const { question, index } = entry;
    if (chosen.has(question.id)) throw invalid(`Answer ${nameOf(question, index)} only once`);
    const optionIds = new Set(answer.optionIds);
    const known = new Set(question.options.map((o) => o.id));
    const unknown = [...optionIds].filter((id) => !known.has(id));
    if (unknown.length) throw invalid(`Unknown option for ${nameOf(question, index)}: ${unknown.join(', ')}`);
    if (optionIds.size > 1 && question.kind !== 'multiple') {
      throw invalid(`Choose one answer for ${nameOf(question, index)}`);
    }
    chosen.set(
      question.id,
      question.options.map((o) => o.id).filter((id) => optionIds.has(id)),
    );
  }
  questions.forEach((question, index) => {
    if (!chosen.get(question.id)?.length) throw invalid(`Answer ${nameOf(question, index)}`);
  });
  return chosen;
}

/**
 * Scores validated answers: a question is correct only when the chosen set equals the correct set
 * exactly; the score is round(100 × correct / total); passed when it reaches the pass mark.
 */
export function scoreQuiz(
  questions: ScoredQuestion[],
  chosen: Map<string, string[]>,
  passMarkPercent: number,
): { scorePercent: number; passed: boolean; correctCount: number; results: QuestionOutcome[] } {
  const results = questions.map((question) => {
    const picked = chosen.get(question.id) ?? [];
    const correctSet = new Set(question.correctOptionIds);
    const correct = picked.length === correctSet.size && picked.every((id) => correctSet.has(id));
    return {
      questionId: question.id,
      correct,
      chosenOptionIds: picked,
      correctOptionIds: question.options.map((o) => o.id).filter((id) => correctSet.has(id)),
      explanation: question.explanation ?? null,
    };
  });
  const correctCount = results.filter((r) => r.correct).length;
  const scorePercent = questions.length ? Math.round((100 * correctCount) / questions.length) : 0;
  return { scorePercent, passed: scorePercent >= passMarkPercent, correctCount, results };
}
