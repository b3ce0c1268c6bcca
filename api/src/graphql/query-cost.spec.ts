import { buildSchema, type GraphQLSchema, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { costRefusal, MAX_COST, MAX_COUNTED_FIELDS, measureCost, measureCostCached } from './query-cost';

let schema: GraphQLSchema;
beforeAll(() => {
  schema = buildSchema(`
    type Item { n: Int, name: String, self: Item, list(first: Int): [Item] }
    type Other { n: Int, a: Int, b: Int, c: Int }
    union Thing = Item | Other
    type Q {
      n: Int
      item: Item
      list(first: Int, after: String): [Item]
      messages(last: Int = 30): [Item]
      things: [Thing]
    }
    schema { query: Q }
  `);
  // A resolver whose default page is not 20 says so (type-graphql: @Extensions({ defaultPageSize })).
  schema.getQueryType()!.getFields().messages.extensions = { defaultPageSize: 30 };
});

function cost(query: string, variables?: Record<string, unknown>, operationName?: string): number {
  const measure = measureCost(schema, parse(query), variables, operationName);
  if (measure.kind !== 'measured') throw new Error(`not measured: ${measure.kind}`);
  return measure.cost;
}

describe('the cost of an operation', () => {
  it('counts a leaf 1, an object 2 plus 1.5 × its children, root fields side by side', () => {
    expect(cost('{ n }')).toBe(1);
    expect(cost('{ item { n } }')).toBe(2 + 1.5 * 1);
    expect(cost('{ item { n name self { n } } }')).toBe(2 + 1.5 * (1 + 1 + (2 + 1.5 * 1)));
    expect(cost('{ n item { n } }')).toBe(1 + 3.5);
    // __typename is a leaf like any other (Apollo Client adds it everywhere)
    expect(cost('{ item { __typename } }')).toBe(3.5);
  });

  it('multiplies a paged field by a literal page size', () => {
    expect(cost('{ list(first: 10) { n } }')).toBe(10 * 3.5);
    // nested pages multiply
    expect(cost('{ list(first: 10) { list(first: 5) { n } } }')).toBe(10 * (2 + 1.5 * 5 * 3.5));
  });

  it('reads the page size from the variables, else the variable’s default, else the page default 20', () => {
    const query = 'query L($n: Int) { list(first: $n) { n } }';
    expect(cost(query, { n: 7 })).toBe(7 * 3.5);
    expect(cost(query, { n: 100 })).toBe(100 * 3.5);
    expect(cost(query, {})).toBe(20 * 3.5);
    expect(cost(query, { n: null })).toBe(20 * 3.5);
    expect(cost('query L($n: Int = 40) { list(first: $n) { n } }')).toBe(40 * 3.5);
    expect(cost('{ list { n } }')).toBe(20 * 3.5);
  });

  it('holds the page size to 1…100, as the resolvers do (a larger first returns 100)', () => {
    expect(cost('{ list(first: 5000) { n } }')).toBe(100 * 3.5);
    expect(cost('query L($n: Int) { list(first: $n) { n } }', { n: 2_000_000 })).toBe(100 * 3.5);
    // zero or negative is refused by the resolver; it costs as one item until then
    expect(cost('{ list(first: 0) { n } }')).toBe(3.5);
  });

  it('uses `last` (with the argument’s default) and a field’s own default page size', () => {
    expect(cost('{ messages { n } }')).toBe(30 * 3.5);
    expect(cost('{ messages(last: 3) { n } }')).toBe(3 * 3.5);
  });

  it('counts fragments where they are spread, and the costliest member of a union', () => {
    expect(cost('{ item { ...F } } fragment F on Item { n name }')).toBe(2 + 1.5 * 2);
    expect(cost('{ a: item { ...F } b: item { ...F } } fragment F on Item { n }')).toBe(2 * 3.5);
    // Item's branch 1 leaf, Other's 3: the answer holds one or the other per element
    expect(cost('{ things { ... on Item { n } ... on Other { a b c } } }')).toBe(2 + 1.5 * 3);
  });

  it('leaves out what @skip/@include leave out, with their variables', () => {
    const query = 'query S($full: Boolean!) { item { n self @include(if: $full) { n } } }';
    expect(cost(query, { full: false })).toBe(2 + 1.5 * 1);
    expect(cost(query, { full: true })).toBe(2 + 1.5 * (1 + 3.5));
  });

  it('measures only the operation the request names', () => {
    const document = 'query A { n } query B { list(first: 10) { n } }';
    expect(cost(document, {}, 'A')).toBe(1);
    expect(cost(document, {}, 'B')).toBe(35);
  });

  it('does not count __schema (bounded by the introspection limits instead) but counts __type', () => {
    expect(cost('{ __schema { types { name fields { name } } } }')).toBe(0);
    expect(cost('{ __type(name: "Q") { name } }')).toBe(3.5);
  });

  it('leaves variables that do not fit to the execution (which refuses them)', () => {
    const query = 'query L($n: Int!) { list(first: $n) { n } }';
    expect(measureCost(schema, parse(query), {}).kind).toBe('invalidVariables');
    expect(measureCost(schema, parse(query), { n: 'ten' }).kind).toBe('invalidVariables');
    expect(costRefusal({ kind: 'invalidVariables' })).toBeNull();
  });
});

describe('the refusal over the limit', () => {
  it('passes an operation at the limit and refuses one above it, naming cost and limit', () => {
    expect(costRefusal({ kind: 'measured', cost: MAX_COST })).toBeNull();
    const refusal = costRefusal({ kind: 'measured', cost: 27_200.5 })!;
    expect(refusal.message).toBe(
      'Query cost 27200.5 exceeds the limit of 20000. Ask for fewer fields or smaller pages (first).',
    );
    expect(refusal.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'cost',
      max: 20_000,
      found: 27_200.5,
      http: { status: 400 },
    });
  });

  it('refuses 100 × 100 nested pages from variables, which a literal-only count missed', () => {
    const query = 'query L($a: Int, $b: Int) { list(first: $a) { list(first: $b) { n name } } }';
    expect(cost(query, { a: 5, b: 5 })).toBeLessThan(MAX_COST);
    const big = cost(query, { a: 100, b: 100 });
    expect(big).toBe(100 * (2 + 1.5 * 100 * (2 + 1.5 * 2)));
    expect(costRefusal({ kind: 'measured', cost: big })?.extensions.found).toBe(big);
  });

  it('stops counting fragments spread inside fragments past the field limit, and refuses', () => {
    // F1 spreads F0 ten times, F2 spreads F1 ten times …: 40 selections in the text, 10⁴ fields.
    const fragments = ['fragment F0 on Item { n @skip(if: true) }'];
    for (let level = 1; level <= 4; level++)
      fragments.push(`fragment F${level} on Item { ${`...F${level - 1} `.repeat(10)}}`);
    const measure = measureCost(schema, parse(`{ item { ...F4 } } ${fragments.join(' ')}`), {});
    expect(measure.kind).toBe('uncountable');
    const refusal = costRefusal(measure)!;
    expect(refusal.message).toBe(
      `Query cost exceeds the limit of 20000: it selects more than ${MAX_COUNTED_FIELDS} fields (fragments counted where they are spread).`,
    );
    expect(refusal.extensions).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'cost',
      max: 20_000,
    });
    expect(refusal.extensions.found).toBeUndefined();
  });
});

describe('the remembered cost', () => {
  it('answers as measureCost does, once per document, operation and variables', () => {
    const document = parse('query L($n: Int) { list(first: $n) { n } }');
    const five = measureCostCached(schema, document, { n: 5 });
    expect(five).toEqual(measureCost(schema, document, { n: 5 }));
    expect(measureCostCached(schema, document, { n: 5 })).toBe(five);
    // Other variables are another measure, not the remembered one.
    expect(measureCostCached(schema, document, { n: 50 })).toEqual(measureCost(schema, document, { n: 50 }));
    expect(measureCostCached(schema, document, { n: 50 })).not.toEqual(five);
    // Another document with the same text is measured on its own (Apollo reuses one per text).
    expect(measureCostCached(schema, parse('query L($n: Int) { list(first: $n) { n } }'), { n: 5 })).not.toBe(
      five,
    );
  });
});
