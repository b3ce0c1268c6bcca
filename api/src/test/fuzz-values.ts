/**
 * Malformed inputs for the fuzz test (fuzz.integration.test.ts): seeded, so every run sends the
 * same requests.
 */

/** mulberry32: a small seeded PRNG (deterministic runs). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct items of `items`, picked by `random` (all of them when there are fewer). */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (pool.length && picked.length < count)
    picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picked;
}

/** Over the global string limit (100 000 characters) but still inside the 100 kB JSON body. */
export const OVER_LIMIT = 'A'.repeat(100_001);

/** Text every string input must survive: sent in every string argument. */
export const BAD_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u001b[31m',
  'A'.repeat(10_000),
  OVER_LIMIT,
];

/** Other odd but valid text; a few of these go into each string argument. */
export const ODD_TEXT = [
  '',
  ' ',
  '\t\n\r',
  '%',
  '_',
  "'",
  '\\',
  '"',
  '😀',
  'ünïcødé',
  '-1',
  '0',
  '2147483648',
  '1e309',
  'NaN',
  'null',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'A'.repeat(256),
  'a b c d e f g h i j k l m n o p',
  '00000000-0000-0000-0000-000000000000',
  '2026-13-45',
];

/** IDs that name nothing (the real ones come from the database). */
export const BAD_IDS = [
  '',
  '\u0000',
  'abc',
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  'A'.repeat(10_000),
  OVER_LIMIT,
  '\ud800',
  12345,
  -1,
];

export const BAD_INTS = [-1, 0, -2147483648, 2147483647, 2147483648, -2147483649, 1.5, 1e20, '1', true];
export const BAD_FLOATS = [-1, 0, 1e308, -1e308, 5e-324, 0.1, 2 ** 53, '1', false];
export const BAD_BOOLEANS = [true, false, 'true', 0];
export const BAD_DATES = [
  '2026-01-01T00:00:00.000Z',
  'not a date',
  '',
  '\u0000',
  '275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00.000Z',
  '0001-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  0,
];

/** `[[[…]]]`, `depth` levels deep. */
export function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** Values of the wrong kind for any argument. */
export const WRONG_KINDS: unknown[] = [null, {}, [], 'x', 1, true, [[1]], { a: '\u0000' }, nested(3000)];

/** A short readable form of a value for failure reports (long strings and lists summarised). */
export function describeValue(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string' && v.length > 40) return `${v.slice(0, 12)}…(${v.length} chars)`;
    if (Array.isArray(v) && v.length > 5) return [...v.slice(0, 3), `…(${v.length} items)`];
    return v;
  });
}

/**
 * Picks the real ids for an id argument by its names: the table named by the first hint that names
 * one (`courseId` → courses, `moduleId` → course_modules, `CourseUpdateInput` → courses), else all.
 */
export function idPicker(
  idsByTable: ReadonlyMap<string, readonly string[]>,
): (hints: string[]) => readonly string[] {
  const norm = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
  const singular = (table: string) =>
    norm(table.replace(/ies$/, 'y').replace(/zzes$/, 'z').replace(/s$/, ''));
  const tables = [...idsByTable]
    .filter(([, ids]) => ids.length)
    .map(([table, ids]) => ({ key: singular(table), ids }));
  const all = tables.flatMap((t) => t.ids);
  return (hints) => {
    for (const [i, hint] of hints.entries()) {
      const name = norm(hint.replace(/Ids?$/, ''));
      if (!name || name === 'id') continue;
      const exact = tables.filter((t) => t.key === name);
      let found = exact.length ? exact : tables.filter((t) => t.key.endsWith(name) || name.startsWith(t.key));
      // `categoryId` of ResourceCreateInput: resource_categories rather than course_categories
      const context = norm(/^[a-z]+|^[A-Z][a-z]+/.exec(hints[i + 1] ?? '')?.[0] ?? '');
      const inContext = found.filter((t) => context && t.key.startsWith(context));
      if (inContext.length) found = inContext;
      if (found.length) return found.flatMap((t) => t.ids);
    }
    return all;
  };
}

/**
 * Valid text for the string fields whose values are from a list (so the fuzz gets past their check
 * to the fields after them), by `InputType.field` or by field name; anything else is 'fuzz'.
 */
const PLAUSIBLE_TEXT: Record<string, string> = {
  skillLevel: 'Beginner',
  ageGroup: 'All Ages',
  itemType: 'course',
  accentColor: '#6b46c1',
  videoUrl: 'https://example.com/video',
  logoUrl: 'https://example.com/logo.png',
  coverImageUrl: 'https://example.com/cover.png',
  email: 'fuzz@example.com',
  code: 'FUZZ10',
  couponCode: 'FUZZ10',
  idempotencyKey: 'fuzz-idempotency-key',
  username: 'member',
  roles: 'user',
  storeName: 'Fuzz Store',
  scope: 'all',
  'ResourceCreateInput.type': 'document',
  'ResourceUpdateInput.type': 'document',
  'CouponCreateInput.kind': 'percent',
  'CouponUpdateInput.kind': 'percent',
  'QuizQuestionCreateInput.kind': 'single',
  'QuizQuestionUpdateInput.kind': 'single',
};

export function plausibleText(hints: string[]): string {
  const [field, type] = hints;
  return PLAUSIBLE_TEXT[`${type}.${field}`] ?? PLAUSIBLE_TEXT[field] ?? 'fuzz';
}
