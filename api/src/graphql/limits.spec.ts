import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  type DocumentNode,
  getIntrospectionQuery,
  getOperationAST,
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLScalarType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  print,
  type SelectionSetNode,
  specifiedRules,
  typeFromAST,
  validate,
  visit,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_CONFIRM, CHECKOUT_START } from '../modules/orders/orders.routes';
import { graphRoutes } from '../rest/router';
import {
  MAX_ALIASES,
  MAX_COST,
  MAX_DEPTH,
  MAX_DIRECTIVES,
  MAX_INTROSPECTION_DEPTH,
  MAX_SCHEMA_INTROSPECTIONS,
  MAX_TOKENS,
  parseOptions,
  validationRules,
} from './limits';
import { MAX_PAGE_SIZE } from './connection';
import { costRefusal, measureCost } from './query-cost';

let schema: GraphQLSchema;
beforeAll(() => {
  schema = buildSchema('type Q { self: Q, n: Int, list(first: Int): [Q] }  schema { query: Q }');
});

/** `{ self { self { … n } } }`: `levels` nested `self` fields, then `n` (depth levels + 1). */
function nested(levels: number): string {
  return `{ ${'self { '.repeat(levels)}n${' }'.repeat(levels)} }`;
}

function aliased(count: number, field = 'n'): string {
  return `{ ${Array.from({ length: count }, (_, i) => `f${i}: ${field}`).join(' ')} }`;
}

function errorsOf(doc: string | DocumentNode): readonly GraphQLError[] {
  return validate(schema, typeof doc === 'string' ? parse(doc) : doc, validationRules);
}

const messages = (doc: string) => errorsOf(doc).map((e) => e.message);

describe('limits', () => {
  it('uses the documented ceilings', () => {
    expect({
      MAX_DEPTH,
      MAX_INTROSPECTION_DEPTH,
      MAX_SCHEMA_INTROSPECTIONS,
      MAX_ALIASES,
      MAX_DIRECTIVES,
      MAX_TOKENS,
      MAX_COST,
    }).toEqual({
      MAX_DEPTH: 12,
      MAX_INTROSPECTION_DEPTH: 15,
      MAX_SCHEMA_INTROSPECTIONS: 1,
      MAX_ALIASES: 15,
      MAX_DIRECTIVES: 50,
      MAX_TOKENS: 5000,
      MAX_COST: 20_000,
    });
  });

  it('reports a refusal as a validation failure naming the limit in extensions', () => {
    const [error, ...more] = errorsOf(nested(14));
    expect(more).toEqual([]);
    expect(error.message).toBe('Query depth limit of 12 exceeded, found 15.');
    expect(error.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'depth',
      max: 12,
      found: 15,
    });
  });
});

describe('depth limit', () => {
  it('accepts a document 12 deep (the root field is 1)', () => {
    expect(messages(nested(11))).toEqual([]);
  });

  it.each([12, 13, 15])('rejects a document with %i nested fields above a leaf', (levels) => {
    expect(messages(nested(levels))).toEqual([`Query depth limit of 12 exceeded, found ${levels + 1}.`]);
  });

  it('sees depth hidden inside fragments, which add no level of their own', () => {
    const viaFragments = (last: string) => `{ ...A }
      fragment A on Q { self { self { self { self { ...B } } } } }
      fragment B on Q { self { self { self { self { ...C } } } } }
      fragment C on Q { ${last} }`;
    // 8 + 3 self, then n: 12
    expect(messages(viaFragments('self { self { self { n } } }'))).toEqual([]);
    expect(messages(viaFragments('self { self { self { self { n } } } }'))).toEqual([
      'Query depth limit of 12 exceeded, found 13.',
    ]);
  });
});

describe('introspection is counted', () => {
  const ofTypes = (n: number) => `${'ofType { '.repeat(n)}name${' }'.repeat(n)}`;

  it('refuses a 40-deep __type query at the depth limit of 12 (its cost is over the limit too)', () => {
    const document = parse(`{ __type(name: "Q") { fields { type { ${ofTypes(37)} } } } }`);
    const [depth, ...more] = errorsOf(document);
    expect(more).toEqual([]);
    expect(depth.message).toBe('Query depth limit of 12 exceeded, found 41.');
    expect(depth.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'depth',
      max: 12,
      found: 41,
    });
    // the cost is measured after validation, with the variables (graphql/query-cost.ts)
    const measure = measureCost(schema, document, {});
    expect(measure.kind === 'measured' && measure.cost).toBeGreaterThan(MAX_COST);
  });

  it('refuses a 40-deep __schema query at the introspection depth limit of 15', () => {
    const [error, ...more] = errorsOf(`{ __schema { types { fields { type { ${ofTypes(36)} } } } } }`);
    expect(more).toEqual([]);
    expect(error.message).toBe('Query depth limit of 15 exceeded, found 41.');
    expect(error.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'introspectionDepth',
      max: 15,
      found: 41,
    });
  });

  it('also when __schema hides in a fragment at the root', () => {
    const doc = `{ ...S } fragment S on Q { __schema { types { fields { type { ${ofTypes(36)} } } } } }`;
    expect(errorsOf(doc).map((e) => e.extensions.limit)).toEqual(['introspectionDepth']);
  });

  it('accepts the standard introspection query (Ruru/GraphiQL, graphql-codegen), with every option', () => {
    const full = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    expect(messages(getIntrospectionQuery())).toEqual([]);
    expect(messages(full)).toEqual([]);
    // it is exactly as deep as allowed: one more ofType level is refused
    const deeper = full.replace(/ofType \{\s+name\s+kind\s+\}/, 'ofType { name kind ofType { name kind } }');
    expect(deeper).not.toBe(full);
    expect(messages(deeper)).toEqual(['Query depth limit of 15 exceeded, found 16.']);
  });

  it('allows one __schema per document: aliased copies, each a whole introspection, are refused', () => {
    expect(messages('{ __schema { queryType { name } } }')).toEqual([]);
    // a fragment spread twice merges into the same response key: still one
    expect(messages('{ ...S ...S } fragment S on Q { __schema { queryType { name } } }')).toEqual([]);
    const three =
      '{ a: __schema { queryType { name } } b: __schema { types { name } } __schema { queryType { name } } }';
    const [error, ...more] = errorsOf(three);
    expect(more).toEqual([]);
    expect(error.message).toBe('Introspection (__schema) is limited to once per document, found 3.');
    expect(error.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'schemaIntrospections',
      max: 1,
      found: 3,
    });
  });

  it('does not let __schema raise the limit of the rest of the document', () => {
    expect(messages(`{ __schema { queryType { name } } ${nested(13).slice(1, -1)} }`)).toEqual([
      'Query depth limit of 12 exceeded, found 14.',
    ]);
  });
});

describe('alias limit', () => {
  it('accepts 15 aliases and refuses 16, aliased __typename included', () => {
    expect(messages(aliased(15))).toEqual([]);
    expect(messages(aliased(16))).toEqual(['Aliases limit of 15 exceeded, found 16.']);
    expect(messages(aliased(16, '__typename'))).toEqual(['Aliases limit of 15 exceeded, found 16.']);
    expect(errorsOf(aliased(600))[0].extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'aliases',
      max: 15,
      found: 600,
    });
  });

  it('counts the aliases of a fragment each time it is spread', () => {
    const doc = (spreads: number) =>
      `{ ${Array.from({ length: spreads }, (_, i) => `s${i}: self { ...F }`).join(' ')} }
       fragment F on Q { a: n b: n }`;
    expect(messages(doc(5))).toEqual([]); // 5 + 5 × 2
    expect(messages(doc(6))).toEqual(['Aliases limit of 15 exceeded, found 18.']);
  });
});

describe('directive limit', () => {
  it('accepts 50 directives and refuses 51', () => {
    const doc = (count: number) => `{ n ${'@include(if: true) '.repeat(count)} }`;
    // (repeating a non-repeatable directive is an error of graphql's own rules, not counted here)
    const ours = (d: string) => errorsOf(d).filter((e) => e.extensions.limit);
    expect(ours(doc(50))).toEqual([]);
    expect(ours(doc(51)).map((e) => e.message)).toEqual(['Directives limit of 50 exceeded, found 51.']);
  });
});

describe('cost limit', () => {
  /** The refusal's message, as the Apollo plugin would answer (validation passed). */
  const costMessage = (doc: string, variables: Record<string, unknown> = {}) =>
    costRefusal(measureCost(schema, parse(doc), variables))?.message ?? null;

  it('is not a validation rule: the cost needs the variables', () => {
    expect(messages('{ list(first: 100) { list(first: 100) { n } } }')).toEqual([]);
  });

  it('refuses a query that selects thousands of fields without a single alias', () => {
    // F1 spreads F0 ten times, F2 spreads F1 ten times …: 40 selections in the text, 10⁴ leaves.
    const fragments = ['fragment F0 on Q { n }'];
    for (let level = 1; level <= 4; level++)
      fragments.push(`fragment F${level} on Q { self { ${`...F${level - 1} `.repeat(10)}} }`);
    expect(costMessage(`{ ...F4 } ${fragments.join(' ')}`)).toMatch(
      /^Query cost .*exceeds the limit of 20000/,
    );
  });

  it('multiplies a field by its page size, a literal or a variable', () => {
    const list = (first: number) => `{ list(first: ${first}) { n self { n } } }`;
    expect(costMessage(list(100))).toBeNull();
    const nested = 'query N($a: Int, $b: Int) { list(first: $a) { list(first: $b) { n self { n } } } }';
    expect(costMessage(nested, { a: 10, b: 10 })).toBeNull();
    expect(costMessage(nested, { a: 100, b: 100 })).toMatch(/^Query cost \d+ exceeds the limit of 20000\./);
  });
});

describe('token limit', () => {
  it('stops parsing a document over 5000 tokens', () => {
    // `{`, `}` and three tokens per aliased field
    const fields = (count: number) => aliased(count).replace(/^\{ | \}$/g, '');
    expect(() => parse(`{ ${fields(1666)} }`, parseOptions)).not.toThrow(); // 5000 tokens
    // (graphql's message says "more that")
    expect(() => parse(`{ ${fields(1666)} n }`, parseOptions)).toThrow(
      /^Syntax Error: Document contains more tha[nt] 5000 tokens\. Parsing aborted\.$/,
    );
  });
});

describe('the web app and the REST adapter', () => {
  const root = path.resolve(__dirname, '..', '..', '..');

  /** Every operation of the web app, as graphql-codegen compiled it from `graphql()` calls in web/src. */
  function webOperations(): [string, DocumentNode][] {
    const generated = fs.readFileSync(path.join(root, 'web', 'src', 'gql', 'graphql.ts'), 'utf8');
    return [
      ...generated.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode</gm),
    ].map(([, name, json]) => [name, JSON.parse(json) as DocumentNode]);
  }

  /** Apollo Client's cache adds `__typename` to every selection set below the root before sending. */
  function withTypename(document: DocumentNode): DocumentNode {
    return visit(document, {
      SelectionSet(node: SelectionSetNode, _key, parent) {
        if ((parent as { kind?: string } | undefined)?.kind === Kind.OPERATION_DEFINITION) return undefined;
        if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename'))
          return undefined;
        return {
          ...node,
          selections: [
            ...node.selections,
            { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } },
          ],
        };
      },
    });
  }

  /**
   * Variables as a client would send them: a page size (`first`, `last`) of `pageSize`, and a
   * plausible value for every other required variable (nullable ones left out).
   */
  function sampleVariables(
    appSchema: GraphQLSchema,
    document: DocumentNode,
    pageSize: number,
  ): Record<string, unknown> {
    const sample = (type: GraphQLInputType): unknown => {
      if (isNonNullType(type)) return sample(type.ofType);
      if (isListType(type)) return [];
      if (isEnumType(type)) return type.getValues()[0].value;
      if (isInputObjectType(type)) {
        return Object.fromEntries(
          Object.values(type.getFields())
            .filter((f) => isNonNullType(f.type) && f.defaultValue === undefined)
            .map((f) => [f.name, sample(f.type)]),
        );
      }
      const scalar = type as GraphQLScalarType;
      if (scalar.name === 'Int' || scalar.name === 'SafeInt' || scalar.name === 'Float') return 1;
      if (scalar.name === 'Boolean') return false;
      if (scalar.name === 'DateTimeISO') return '2026-01-01T00:00:00.000Z';
      return '1';
    };
    const variables: Record<string, unknown> = {};
    const operation = getOperationAST(document)!;
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      const type = typeFromAST(appSchema, definition.type) as GraphQLInputType;
      if (name === 'first' || name === 'last') variables[name] = pageSize;
      else if (isNonNullType(type) && !definition.defaultValue) variables[name] = sample(type);
    }
    return variables;
  }

  /** Validation by every rule, then the cost the plugin would measure with these variables. */
  function refusals(
    appSchema: GraphQLSchema,
    name: string,
    document: DocumentNode,
    pageSize: number,
  ): string[] {
    const errors = validate(appSchema, document, [...specifiedRules, ...validationRules]);
    if (errors.length) return errors.map((e) => `${name}: ${e.message}`);
    const measure = measureCost(appSchema, document, sampleVariables(appSchema, document, pageSize));
    if (measure.kind === 'invalidVariables') return [`${name}: no sample variables`];
    const refusal = costRefusal(measure);
    return refusal ? [`${name}: ${refusal.message}`] : [];
  }

  it('sends only operations within every limit', () => {
    const appSchema = buildSchema(fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(100);
    // at the largest page (the web's PAGE_SIZE constants are 25 at most today)
    const refused = operations.flatMap(([name, document]) =>
      refusals(appSchema, name, parse(print(withTypename(document)), parseOptions), MAX_PAGE_SIZE),
    );
    expect(refused).toEqual([]);
  });

  it('runs REST adapter operations within every limit, at the largest page (?first=100)', () => {
    const appSchema = buildSchema(fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
    const operations = [...graphRoutes.map((r) => r.operation), CHECKOUT_START, CHECKOUT_CONFIRM];
    expect(operations.length).toBeGreaterThan(40);
    const refused = operations.flatMap((operation) =>
      refusals(appSchema, operation.slice(0, 60), parse(operation, parseOptions), MAX_PAGE_SIZE),
    );
    expect(refused).toEqual([]);
  });
});
