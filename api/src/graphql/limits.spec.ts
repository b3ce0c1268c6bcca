import { buildSchema, type GraphQLSchema, parse, validate } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCountLimit, MAX_DEPTH, MAX_FIELDS, validationRules } from './limits';

let schema: GraphQLSchema;
beforeAll(() => {
  schema = buildSchema('type Q { self: Q, n: Int }  schema { query: Q }');
});

/** `{ self { self { … n } } }` with `levels` nested `self` fields (the root field is depth 0). */
function nested(levels: number): string {
  return `{ ${'self { '.repeat(levels)}n${' }'.repeat(levels)} }`;
}

function aliased(count: number): string {
  return `{ ${Array.from({ length: count }, (_, i) => `f${i}: n`).join(' ')} }`;
}

function errorsOf(doc: string, rules = validationRules): string[] {
  return validate(schema, parse(doc), rules).map((e) => e.message);
}

describe('limits', () => {
  it('uses the documented ceilings', () => {
    expect(MAX_DEPTH).toBe(12);
    expect(MAX_FIELDS).toBe(500);
  });
});

describe('depth limit', () => {
  it('accepts a document of depth 12', () => {
    expect(errorsOf(nested(12))).toEqual([]);
  });

  it.each([13, 14, 20])('rejects a document of depth %i', (depth) => {
    const errors = errorsOf(nested(depth));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/exceeds maximum operation depth of 12/);
  });

  it('sees depth hidden inside fragments', () => {
    const doc = `{ ...A }
      fragment A on Q { self { self { self { self { ...B } } } } }
      fragment B on Q { self { self { self { self { ...C } } } } }
      fragment C on Q { self { self { self { self { self { n } } } } } }`;
    expect(errorsOf(doc)).toEqual([expect.stringMatching(/exceeds maximum operation depth/)]);
  });
});

describe('fieldCountLimit', () => {
  const only = (max: number) => [fieldCountLimit(max)];

  it('accepts exactly the maximum number of fields', () => {
    expect(errorsOf(aliased(3), only(3))).toEqual([]);
    expect(errorsOf(aliased(MAX_FIELDS))).toEqual([]);
  });

  it('rejects one field more, once, naming the limit', () => {
    expect(errorsOf(aliased(4), only(3))).toEqual(['The query selects more than 3 fields; split it up.']);
    expect(errorsOf(aliased(MAX_FIELDS + 1))).toEqual([
      `The query selects more than ${MAX_FIELDS} fields; split it up.`,
    ]);
    // far over the limit: still one error, not one per extra field
    expect(errorsOf(aliased(MAX_FIELDS * 3))).toHaveLength(1);
  });

  it('counts aliases of the same field and nested fields', () => {
    // 1 (self) + 2 (a, b) = 3 fields
    expect(errorsOf('{ self { a: n b: n } }', only(3))).toEqual([]);
    expect(errorsOf('{ self { a: n b: n c: n } }', only(3))).toHaveLength(1);
  });

  it('counts each operation with its fragments expanded', () => {
    // Only one operation runs per request, so each is measured on its own.
    expect(errorsOf('query A { n } query B { n } ', only(1))).toEqual([]);
    expect(errorsOf('query A { n } query B { a: n b: n } ', only(1))).toHaveLength(1);
    expect(errorsOf('{ ...F } fragment F on Q { a: n b: n }', only(2))).toEqual([]);
    expect(errorsOf('{ c: n ...F } fragment F on Q { a: n b: n }', only(2))).toHaveLength(1);
  });

  it('multiplies nested fragment spreads instead of counting each fragment once', () => {
    // F1 spreads F0 ten times, F2 spreads F1 ten times …: 61 fields in the text, over a million resolved.
    const aliases = (spread: string) =>
      Array.from({ length: 10 }, (_, i) => `a${i}: self { ${spread} }`).join(' ');
    const fragments = ['fragment F0 on Q { n }'];
    for (let level = 1; level <= 5; level++)
      fragments.push(`fragment F${level} on Q { ${aliases(`...F${level - 1}`)} }`);
    const document = `{ ...F5 } ${fragments.join(' ')}`;
    expect(errorsOf(document, only(MAX_FIELDS))).toHaveLength(1);
  });

  it('tags its error as a validation failure', () => {
    const [error] = validate(schema, parse(aliased(4)), [fieldCountLimit(3)]);
    expect(error.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
