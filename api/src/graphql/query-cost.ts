import {
  type ComplexityEstimator,
  type ComplexityEstimatorArgs,
  getComplexity,
} from 'graphql-query-complexity';
import {
  type DocumentNode,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './connection';

/**
 * What one operation may cost, in the measure below. A page of 100 (the most `first` gives) of a
 * list with its usual nested objects must fit: the REST adapter's heaviest row, 100 conversations
 * with their last 30 messages, costs ≈ 19 300; the courses list of 100 with instructor, style and
 * modules ≈ 9 100; the heaviest web operation (AdminStoreProducts, 25 a page) ≈ 3 800. A page of
 * pages does not: 100 instructors × 100 reviews cost ≈ 214 000. (It was 5000 while only a
 * literal `first` counted, so `first: $n` cost nothing.)
 */
export const MAX_COST = 20_000;
/** A scalar or enum field (`__typename` included). */
export const LEAF_COST = 1;
/** A field with a selection set, before its children. */
export const OBJECT_COST = 2;
/** Each level deeper costs this much more: a field's children count × 1.5. */
export const DEPTH_FACTOR = 1.5;
/**
 * Fields walked before counting stops and the operation is refused as too costly: fragments spread
 * inside fragments (each 10 times, 4 levels: 10⁴ fields from 40 lines of text) or `@skip`ped fields
 * could otherwise make the count itself the expensive part. An operation within the cost limit
 * walks far fewer.
 */
export const MAX_COUNTED_FIELDS = 10_000;

/**
 * A field's page size: `first` (or `last`) as the request gives it — a literal, a variable or the
 * argument's default — held to 1…100 as `pageSize()` does (graphql/connection.ts). A list field
 * asked without it returns its default page: 20 (connection.ts), or `extensions.defaultPageSize`
 * for a field whose resolver uses another default.
 */
function pageSizeOf({ field, args }: ComplexityEstimatorArgs): number {
  const name = field.args.some((a) => a.name === 'first')
    ? 'first'
    : field.args.some((a) => a.name === 'last')
      ? 'last'
      : null;
  if (!name) return 1;
  const asked: unknown = args[name];
  if (typeof asked === 'number' && Number.isFinite(asked)) {
    return Math.min(Math.max(Math.trunc(asked), 1), MAX_PAGE_SIZE);
  }
  const fallback = field.extensions?.defaultPageSize;
  return typeof fallback === 'number' ? fallback : DEFAULT_PAGE_SIZE;
}

/**
 * The cost model (the one GraphQL Armor's cost limit used here before, now also reading variables):
 * a leaf 1; a field with a selection 2 plus 1.5 × its children, the whole multiplied by its page
 * size. Fragments count where they are spread; of a union's or interface's inline fragments, the
 * costliest type counts (graphql-query-complexity). `__schema` is free: the standard introspection
 * query alone would cost 15 543, so introspection is bounded by its depth and count instead
 * (graphql/limits.ts).
 */
export const costEstimator: ComplexityEstimator = (estimate) => {
  const { field, node, childComplexity } = estimate;
  if (field.name === '__schema') return 0;
  if (!node.selectionSet) return LEAF_COST;
  return (OBJECT_COST + DEPTH_FACTOR * childComplexity) * pageSizeOf(estimate);
};

export type CostMeasure =
  /** The operation's cost, to report and to compare with the limit. */
  | { kind: 'measured'; cost: number }
  /** More than MAX_COUNTED_FIELDS fields were walked: refuse without a number. */
  | { kind: 'uncountable' }
  /**
   * Not measured: the variables do not fit the operation (the execution refuses them with
   * BAD_USER_INPUT anyway), or the count failed unexpectedly (logged).
   */
  | { kind: 'invalidVariables' };

/**
 * The cost of the operation a request runs (`operationName`, or the document's only one), with
 * its variables: `first: $n` costs what `n` says. Run after validation (the document is valid).
 */
export function measureCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): CostMeasure {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (operation) {
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
    if (coerced.errors) return { kind: 'invalidVariables' };
  }
  try {
    const cost = getComplexity({
      schema,
      query: document,
      variables: variables ?? {},
      operationName: operation?.name?.value,
      estimators: [costEstimator],
      maxQueryNodes: MAX_COUNTED_FIELDS,
    });
    // Two decimals are plenty to compare and to read (× 1.5 per level makes fractions).
    return { kind: 'measured', cost: Math.round(cost * 100) / 100 };
  } catch (error) {
    if (error instanceof GraphQLError && /maximum allowed number of nodes/.test(error.message)) {
      return { kind: 'uncountable' };
    }
    // Nothing else should throw for a valid document with fitting variables; if something does,
    // the operation is left to run (and to fail there if it must) rather than refused wrongly.
    console.error('[graphql] measuring the query cost failed', error);
    return { kind: 'invalidVariables' };
  }
}

/**
 * The refusal of an operation over the limit, before anything runs: HTTP 400, code
 * GRAPHQL_VALIDATION_FAILED (as the other limits, so clients handle one code), naming the limit in
 * `extensions { limit: 'cost', max, found }` (`found` absent when counting stopped early).
 */
export function costRefusal(measure: CostMeasure): GraphQLError | null {
  if (measure.kind === 'invalidVariables') return null;
  if (measure.kind === 'measured' && measure.cost <= MAX_COST) return null;
  const found = measure.kind === 'measured' ? measure.cost : undefined;
  const message =
    found === undefined
      ? `Query cost exceeds the limit of ${MAX_COST}: it selects more than ${MAX_COUNTED_FIELDS} fields (fragments counted where they are spread).`
      : `Query cost ${found} exceeds the limit of ${MAX_COST}. Ask for fewer fields or smaller pages (first).`;
  return new GraphQLError(message, {
    extensions: {
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: 'cost',
      max: MAX_COST,
      ...(found === undefined ? {} : { found }),
      http: { status: 400 },
    },
  });
}

/** Measures kept per parsed document (Apollo reuses one DocumentNode per query text). */
const MEASURES_PER_DOCUMENT = 64;
const measured = new WeakMap<DocumentNode, LRUCache<string, CostMeasure>>();

/**
 * `measureCost`, remembered per document, operation name and variables: the measure is a pure
 * function of them (and of the schema, fixed for the process), and walking the document with the
 * schema's types cost ≈ 7% of a cart poll's CPU (bench/README.md) for the same answer every 3 s.
 */
export function measureCostCached(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): CostMeasure {
  let measures = measured.get(document);
  if (!measures) {
    measures = new LRUCache<string, CostMeasure>({ max: MEASURES_PER_DOCUMENT });
    measured.set(document, measures);
  }
  let key: string;
  try {
    key = `${operationName ?? ''}\u0000${variables ? JSON.stringify(variables) : ''}`;
  } catch {
    return measureCost(schema, document, variables, operationName); // not JSON (a cycle): not kept
  }
  let measure = measures.get(key);
  if (!measure) {
    measure = measureCost(schema, document, variables, operationName);
    measures.set(key, measure);
  }
  return measure;
}
