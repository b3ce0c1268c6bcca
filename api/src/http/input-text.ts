/**
 * The text rule of every input, REST and graph alike (checked at the edge, before anything reaches
 * a resolver or PostgreSQL): strings are valid Unicode text without control characters other than
 * tab, line feed and carriage return, and at most MAX_INPUT_STRING_LENGTH characters.
 *
 * PostgreSQL cannot store U+0000 in text (the statement fails), and a lone UTF-16 surrogate cannot
 * be encoded as UTF-8 (Node would silently store U+FFFD instead).
 */

/** The longest string any input may be (lesson bodies and descriptions are the long ones). */
export const MAX_INPUT_STRING_LENGTH = 100_000;

// C0 controls except tab (09), line feed (0A) and carriage return (0D); with the `u` flag, \p{Cs}
// matches only unpaired surrogates (a pair is one code point).
// eslint-disable-next-line no-control-regex
const INVALID_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\p{Cs}/u;

const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What is wrong with one string, as a phrase that follows its name ("… must …"), or null. `asKey`
 * words it for an object key ("… must not have a key …").
 */
export function textProblem(value: string, asKey = false): string | null {
  if (value.length > MAX_INPUT_STRING_LENGTH) {
    return asKey
      ? `must not have a key longer than ${MAX_INPUT_STRING_LENGTH} characters`
      : `must be at most ${MAX_INPUT_STRING_LENGTH} characters long`;
  }
  const match = INVALID_TEXT.exec(value);
  if (!match) return null;
  const char = match[0];
  const code = char.charCodeAt(0);
  if (code >= 0xd800 && code <= 0xdfff) {
    return asKey
      ? `must not have a key that is not valid Unicode text (found a lone surrogate ${hex(char)})`
      : `must be valid Unicode text (found a lone surrogate ${hex(char)})`;
  }
  return asKey
    ? `must not have a key with control characters (found ${hex(char)})`
    : `must not contain control characters (found ${hex(char)})`;
}

export interface InputProblem {
  /** Where in the value: keys and list indexes (empty for the value itself). */
  path: (string | number)[];
  /** "must …" */
  problem: string;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first string in a JSON-like value (strings, arrays, plain objects and their keys) that breaks
 * the text rule. Iterative, with each place's path built only when it is reported, so a deeply
 * nested body costs linear time and no stack.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path: pathOf(visit), problem };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1)
        stack.push({ value: current[i], key: i, parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i];
        const problem = textProblem(key, true);
        if (problem) return { path: pathOf(visit), problem };
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return null;
}

/** `input.lines.0.title` style. */
export function joinPath(path: (string | number)[]): string {
  return path.join('.');
}
