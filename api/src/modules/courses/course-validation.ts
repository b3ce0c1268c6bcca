import { randomUUID } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { AGE_GROUPS, SKILL_LEVELS } from '../reference';
import { toYouTubeEmbedUrl } from './course-text';
import type { QuestionKind, QuestionOption } from './quiz-question.entity';

/** Pure checks of authoring input; each throws a DomainError naming the field at fault. */

const invalid = (message: string, field: string) => new DomainError('INVALID_INPUT', message, field);

/** A required single-line text: trimmed, not empty, at most `max` characters. */
export function requiredText(value: unknown, field: string, label: string, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw invalid(`${label} is required`, field);
  if (text.length > max) throw invalid(`${label} must be ${max} characters or fewer`, field);
  return text;
}

/** An optional text: trimmed; null/undefined become ''. */
export function optionalText(value: unknown, field: string, label: string, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length > max) throw invalid(`${label} must be ${max} characters or fewer`, field);
  return text;
}

export const MAX_PRICE_CENTS = 10_000_000; // $100,000.00

export function priceCents(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalid('The price must be a whole number of cents, 0 or more', 'priceCents');
  }
  if (value > MAX_PRICE_CENTS) throw invalid('The price must be $100,000.00 or less', 'priceCents');
  return value;
}

function fromList(value: unknown, list: readonly string[], field: string, label: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || !list.includes(value)) {
    throw invalid(`${label} must be one of: ${list.join(', ')}`, field);
  }
  return value;
}

export const skillLevel = (value: unknown) => fromList(value, SKILL_LEVELS, 'skillLevel', 'Skill level');
export const ageGroup = (value: unknown) => fromList(value, AGE_GROUPS, 'ageGroup', 'Age group');

/** An http(s) URL (or a path on this site) of at most 500 characters, or null when empty. */
export function optionalUrl(value: unknown, field: string, label: string): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  if (text.length > 500) throw invalid(`${label} must be 500 characters or fewer`, field);
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`${label} must be a web address starting with http:// or https://`, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`${label} must be a web address starting with http:// or https://`, field);
  }
  return text;
}

/** A lesson video: a web address; YouTube watch and short links become embed links. */
export function videoUrl(value: unknown): string | null {
  const url = optionalUrl(value, 'videoUrl', 'Video URL');
  if (url?.startsWith('/'))
    throw invalid('Video URL must be a web address starting with http:// or https://', 'videoUrl');
  return url ? toYouTubeEmbedUrl(url) : null;
}

export function durationMinutes(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1440) {
    throw invalid('Duration must be a whole number of minutes from 0 to 1440', 'durationMinutes');
  }
  return value;
}

export function passMarkPercent(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
    throw invalid('The pass mark must be a whole percentage from 1 to 100', 'passMarkPercent');
  }
  return value;
}

export function attemptsAllowed(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) {
    throw invalid('Attempts allowed must be a whole number from 0 (unlimited) to 100', 'attemptsAllowed');
  }
  return value;
}

export const QUESTION_KINDS: readonly QuestionKind[] = ['single', 'multiple', 'true_false'];

export function questionKind(value: unknown): QuestionKind {
  if (typeof value !== 'string' || !(QUESTION_KINDS as readonly string[]).includes(value)) {
    throw invalid('The question kind must be single, multiple or true_false', 'kind');
  }
  return value as QuestionKind;
}

export interface OptionInput {
  id?: string | null;
  text: string;
  correct: boolean;
}

/**
 * The options of a question and its correct option ids. Ids are made here (an id of `existing`
 * is kept, so earlier attempts still name the same options). single and true_false need exactly
 * one correct option, multiple at least one; true_false has exactly the options True and False.
 */
export function questionOptions(
  kind: QuestionKind,
  input: readonly OptionInput[] | null | undefined,
  existing: readonly QuestionOption[] = [],
): { options: QuestionOption[]; correctOptionIds: string[] } {
  const given = input ?? [];
  if (kind === 'true_false') {
    if (given.length !== 2) {
      throw invalid('A true/false question has exactly two options: True and False', 'options');
    }
  } else if (given.length < 2 || given.length > 10) {
    throw invalid('A question needs 2 to 10 options', 'options');
  }
  const keep = new Set(existing.map((o) => o.id));
  const used = new Set<string>();
  const seenTexts = new Set<string>();
  const options: QuestionOption[] = [];
  const correctOptionIds: string[] = [];
  given.forEach((option, index) => {
    const text =
      kind === 'true_false'
        ? index === 0
          ? 'True'
          : 'False'
        : requiredText(option.text, 'options', `Option ${index + 1}`, 300);
    const key = text.toLowerCase();
    if (seenTexts.has(key)) throw invalid(`Two options say "${text}"; make each option different`, 'options');
    seenTexts.add(key);
    const id = option.id && keep.has(option.id) && !used.has(option.id) ? option.id : randomUUID();
    used.add(id);
    options.push({ id, text });
    if (option.correct) correctOptionIds.push(id);
  });
  if (kind === 'multiple') {
    if (correctOptionIds.length < 1) throw invalid('Mark at least one option as correct', 'options');
  } else if (correctOptionIds.length !== 1) {
    throw invalid('Mark exactly one option as correct', 'options');
  }
  return { options, correctOptionIds };
}

/** A reorder must name every current item exactly once. */
export function reorderedIds(given: readonly string[], current: readonly string[], field: string): string[] {
  const unique = new Set(given);
  const currentSet = new Set(current);
  if (
    unique.size !== given.length ||
    given.length !== current.length ||
    given.some((id) => !currentSet.has(id))
  ) {
    throw invalid('List every item exactly once in its new order', field);
  }
  return [...given];
}
