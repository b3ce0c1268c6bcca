/** Pure helpers of the course editor. */

/** The ids with the item at `index` moved by `delta` (-1 up, +1 down); unchanged at the ends. */
export function moveId(ids: readonly string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

export type QuestionKind = 'single' | 'multiple' | 'true_false';

export const QUESTION_KINDS: { value: QuestionKind; label: string }[] = [
  { value: 'single', label: 'Single choice' },
  { value: 'multiple', label: 'Multiple choice' },
  { value: 'true_false', label: 'True / false' },
];

export interface DraftOption {
  /** The saved option's id; absent for a new option (the server makes ids). */
  id?: string;
  /** A key for React lists. */
  key: string;
  text: string;
  correct: boolean;
}

let keys = 0;
export const newOptionKey = () => `new-${++keys}`;

/** The options of a question being edited, from the saved question. */
export function draftOptions(options: { id: string; text: string }[], correctIds: string[]): DraftOption[] {
  return options.map((o) => ({ id: o.id, key: o.id, text: o.text, correct: correctIds.includes(o.id) }));
}

/**
 * The options after choosing a kind: true/false has exactly True and False (keeping the first two
 * ids and a single correct answer); single keeps one correct answer at most.
 */
export function optionsForKind(kind: QuestionKind, options: DraftOption[]): DraftOption[] {
  if (kind === 'true_false') {
    const correctIndex = options.slice(0, 2).findIndex((o) => o.correct);
    return ['True', 'False'].map((text, i) => ({
      id: options[i]?.id,
      key: options[i]?.key ?? newOptionKey(),
      text,
      correct: i === correctIndex,
    }));
  }
  if (kind === 'single') {
    const first = options.findIndex((o) => o.correct);
    return options.map((o, i) => ({ ...o, correct: i === first }));
  }
  return options;
}

/** Marks an option correct (or not): single-answer kinds keep only that one. */
export function toggleCorrect(
  kind: QuestionKind,
  options: DraftOption[],
  index: number,
  correct: boolean,
): DraftOption[] {
  return options.map((o, i) => {
    if (i === index) return { ...o, correct };
    return kind === 'multiple' || !correct ? o : { ...o, correct: false };
  });
}

/** Blank options of a new question of a kind. */
export function blankOptions(kind: QuestionKind): DraftOption[] {
  if (kind === 'true_false') return optionsForKind('true_false', []);
  return [
    { key: newOptionKey(), text: '', correct: true },
    { key: newOptionKey(), text: '', correct: false },
  ];
}

/** Totals over my courses: courses (published), enrollments, completions and their rate. */
export function teachingTotals(
  rows: { enrollmentCount: number; completionCount: number; course: { published: boolean } }[],
) {
  const enrollments = rows.reduce((n, r) => n + r.enrollmentCount, 0);
  const completions = rows.reduce((n, r) => n + r.completionCount, 0);
  return {
    courses: rows.length,
    published: rows.filter((r) => r.course.published).length,
    enrollments,
    completions,
    completionRate: enrollments ? Math.round((completions / enrollments) * 100) : 0,
  };
}
