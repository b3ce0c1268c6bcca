import { ApolloArmor } from '@escape.tech/graphql-armor';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { type DocumentNode, GraphQLError, type ParseOptions, type ValidationRule, visit } from 'graphql';
import { type CostBudget, queryCostPlugin } from './query-cost-plugin';

/**
 * The graph's abuse limits, all here. Counted by GraphQL Armor (Escape) on the parsed document
 * before anything runs; fragments are expanded where they are spread, so reusing a fragment does
 * not hide work.
 */

/** Levels of nesting: a root field is 1, fragments add no level (as deep as the answer). */
export const MAX_DEPTH = 12;
/**
 * `__schema { … }` may go deeper: the standard introspection query (graphql's
 * `getIntrospectionQuery()`, sent by Ruru/GraphiQL and graphql-codegen) is 15 deep —
 * `__schema types fields args type` and `TypeRef`'s nine `ofType` levels.
 */
export const MAX_INTROSPECTION_DEPTH = 15;
/** `__schema` selections (response keys) per document. */
export const MAX_SCHEMA_INTROSPECTIONS = 1;
/** Aliased fields per operation (aliased `__typename` included): 16 aliased `login`s are refused. */
export const MAX_ALIASES = 15;
export const MAX_DIRECTIVES = 50;
/** Lexical tokens per document, counted while parsing (the heaviest web document has 114). */
export const MAX_TOKENS = 5000;
/**
 * Cost: a leaf 1, an object 2, each level deeper × 1.5, a field × its page size (`first`/`last`,
 * from a literal or a variable, else the default 20). Measured with the request's variables, after
 * validation, by graphql-query-complexity (graphql/query-cost.ts; armor's cost rule sees no
 * variables): the plugin below refuses over MAX_COST (20 000) and reports `extensions.cost`.
 */
export { MAX_COST } from './query-cost';

type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;
type RejectCallback = NonNullable<NonNullable<ArmorConfig['maxDepth']>['onReject']>[number];

/**
 * Reports a refusal as a validation error (HTTP 400, `GRAPHQL_VALIDATION_FAILED`, which
 * `formatError` shows) naming the limit in `extensions`: `{ limit, max, found }`. Armor's own Apollo
 * reporter keeps only its message (with a misleading "Syntax Error: " prefix).
 */
function refuse(limit: string, max: number): { onReject: RejectCallback[]; propagateOnRejection: false } {
  const report: RejectCallback = (context, error) => {
    const found = /found (\d+(?:\.\d+)?)/.exec(error.message)?.[1];
    context?.reportError(
      new GraphQLError(error.message.replace(/^Syntax Error: /, ''), {
        extensions: {
          code: 'GRAPHQL_VALIDATION_FAILED',
          limit,
          max,
          ...(found === undefined ? {} : { found: Number(found) }),
        },
      }),
    );
  };
  return { onReject: [report], propagateOnRejection: false };
}

const armor = new ApolloArmor({
  maxDepth: {
    n: MAX_DEPTH,
    flattenFragments: true,
    // Skips only `__schema { … }` (bounded below); `__type(name:) { … }` is counted.
    ignoreIntrospection: true,
    ...refuse('depth', MAX_DEPTH),
  },
  maxAliases: { n: MAX_ALIASES, allowList: [], ...refuse('aliases', MAX_ALIASES) },
  maxDirectives: { n: MAX_DIRECTIVES, ...refuse('directives', MAX_DIRECTIVES) },
  // Off: a validation rule sees no variables, so `first: $n` cost as 1 (graphql/query-cost.ts).
  costLimit: { enabled: false },
  // Off: armor's Apollo token plugin parses every document a second time and, when it refuses,
  // answers 500 (it throws from `parsingDidStart`, and its `unexpectedErrorProcessingRequest` hook
  // then turns every unexpected error into an unmasked GRAPHQL_VALIDATION_FAILED). graphql's own
  // parser counts the same tokens: see `parseOptions`.
  maxTokens: { enabled: false },
  // Off: armor's plugin masks "Did you mean …?" in every caller's errors; guests lose it, signed-in
  // developers keep it, by graphql/field-suggestions.ts.
  blockFieldSuggestion: { enabled: false, mask: '[Suggestion hidden]' },
}).protect();

/**
 * The response keys (alias, else `__schema`) under which the document asks for `__schema`: each
 * one is a whole introspection (≈ 385 kB and 70 ms here), which the alias limit alone would let a
 * guest ask for 15 times in one request.
 */
function schemaResponseKeys(document: DocumentNode): Set<string> {
  const keys = new Set<string>();
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema') keys.add(node.alias?.value ?? '__schema');
      return undefined;
    },
  });
  return keys;
}

const introspectionDepth = maxDepthRule({
  n: MAX_INTROSPECTION_DEPTH,
  flattenFragments: true,
  ignoreIntrospection: false,
  ...refuse('introspectionDepth', MAX_INTROSPECTION_DEPTH),
});

/**
 * Documents that ask for `__schema`: once per document, and at most 15 deep counting the whole
 * document (a document with `__schema` and a data selection over 15 deep is refused by both depth
 * rules).
 */
const introspectionLimits: ValidationRule = (context) => {
  const keys = schemaResponseKeys(context.getDocument());
  if (keys.size > MAX_SCHEMA_INTROSPECTIONS) {
    context.reportError(
      new GraphQLError(`Introspection (__schema) is limited to once per document, found ${keys.size}.`, {
        extensions: {
          code: 'GRAPHQL_VALIDATION_FAILED',
          limit: 'schemaIntrospections',
          max: MAX_SCHEMA_INTROSPECTIONS,
          found: keys.size,
        },
      }),
    );
  }
  return keys.size ? introspectionDepth(context) : {};
};

/** Apollo's `parseOptions`: graphql's parser stops at the token limit (400 GRAPHQL_PARSE_FAILED). */
export const parseOptions: ParseOptions = { maxTokens: MAX_TOKENS };
export const validationRules: ValidationRule[] = [...armor.validationRules, introspectionLimits];
/**
 * The limits' Apollo plugins: the query cost (measured with the variables, refused over
 * MAX_COST, spent from the caller's budget per minute, reported in `extensions.cost`); armor adds
 * none while block-field-suggestions and its token plugin are off.
 */
export function plugins(budget?: CostBudget) {
  return [...armor.plugins, queryCostPlugin(budget)];
}
