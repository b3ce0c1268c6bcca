import {
  astFromValue,
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredArgument,
  print,
} from 'graphql';
import {
  BAD_BOOLEANS,
  BAD_DATES,
  BAD_FLOATS,
  BAD_IDS,
  BAD_INTS,
  BAD_TEXT,
  ODD_TEXT,
  plausibleText,
  sample,
  WRONG_KINDS,
} from './fuzz-values';

/** One request of the graph fuzz: a root field called with (mostly) malformed arguments. */
export interface GraphCase {
  field: string;
  query: string;
  variables: Record<string, unknown>;
  /** What was malformed, for the failure report. */
  note: string;
}

export interface FuzzSource {
  random: () => number;
  /**
   * Ids of real rows (courses, users, orders, …) for an id named by `hints` (its argument or input
   * field name, then its input type or root field), so resolvers get past "not found".
   */
  idsFor: (hints: string[]) => readonly string[];
}

type Path = (string | number)[];

interface Slot {
  path: Path;
  type: GraphQLInputType;
  hints: string[];
}

const MAX_INPUT_DEPTH = 4;

/** A value that passes coercion for `type`: every field of input objects, one list element. */
function plausible(type: GraphQLInputType, source: FuzzSource, hints: string[], depth = 0): unknown {
  if (isNonNullType(type)) return plausible(type.ofType, source, hints, depth);
  if (isListType(type)) {
    return depth > MAX_INPUT_DEPTH ? [] : [1, 2].map(() => plausible(type.ofType, source, hints, depth + 1));
  }
  if (isEnumType(type)) return sample(type.getValues(), 1, source.random)[0].name;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (depth > MAX_INPUT_DEPTH && !isNonNullType(field.type)) continue;
      value[field.name] = plausible(field.type, source, [field.name, type.name], depth + 1);
    }
    return value;
  }
  switch (getNamedType(type).name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'ID':
      return sample(source.idsFor(hints), 1, source.random)[0];
    case 'DateTimeISO':
      return '2026-01-01T00:00:00.000Z';
    default:
      return plausibleText(hints);
  }
}

/** Every place of a value (`plausible`'s shape) with its input type, containers included. */
function slots(type: GraphQLInputType, value: unknown, path: Path, hints: string[], into: Slot[]): void {
  into.push({ path, type, hints });
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner) && Array.isArray(value) && value.length) {
    slots(inner.ofType, value[0], [...path, 0], hints, into);
  } else if (isInputObjectType(inner) && value && typeof value === 'object') {
    for (const field of Object.values(inner.getFields())) {
      if (field.name in value) {
        const fieldValue = (value as Record<string, unknown>)[field.name];
        slots(field.type, fieldValue, [...path, field.name], [field.name, inner.name], into);
      }
    }
  }
}

/** The malformed values tried at one place of the arguments. */
function badValuesFor(type: GraphQLInputType, source: FuzzSource, hints: string[]): unknown[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  const { random } = source;
  if (isListType(inner)) {
    const bulk = Array.from({ length: 300 }, () => plausible(inner.ofType, source, hints));
    return [[], bulk, ...sample(WRONG_KINDS, 1, random)];
  }
  if (isInputObjectType(inner)) return sample(WRONG_KINDS, 2, random);
  if (isEnumType(inner))
    return ['NOPE', '\u0000', ...sample(inner.getValues(), 1, random).map((v) => v.value)];
  switch (getNamedType(inner).name) {
    case 'String':
      return [...BAD_TEXT, ...sample(ODD_TEXT, 3, random)];
    case 'ID':
      return ['\u0000', ...sample(BAD_IDS, 4, random), ...sample(source.idsFor(hints), 1, random)];
    case 'Int':
      return [-1, 2147483648, ...sample(BAD_INTS, 3, random)];
    case 'Float':
      return sample(BAD_FLOATS, 4, random);
    case 'Boolean':
      return sample(BAD_BOOLEANS, 2, random);
    case 'DateTimeISO':
      return ['\u0000', ...sample(BAD_DATES, 4, random)];
    default:
      return ['\u0000', ...sample(ODD_TEXT, 2, random)];
  }
}

function setAt(root: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(root);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

/** A selection of the field's answer: its leaves, and the leaves of the objects under it. */
function selectionOf(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) || depth > 1) return '{ __typename }';
  const parts = ['__typename'];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some(isRequiredArgument)) continue;
    const sub = getNamedType(field.type);
    if (isLeafType(sub)) parts.push(field.name);
    else parts.push(`${field.name} ${selectionOf(field.type, depth + 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** A GraphQL literal of an argument value (for the inline-literal cases), or null if none. */
function literal(value: unknown, type: GraphQLInputType): string | null {
  try {
    const ast = astFromValue(value, type);
    return ast ? print(ast) : null;
  } catch {
    return null;
  }
}

/**
 * The fuzz cases of one root field: its plausible arguments, only the required ones, then each
 * place of the arguments (every argument, input field and list element) replaced by malformed
 * values of its kind, each once through variables, text once as an inline literal too.
 */
export function graphCases(
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  source: FuzzSource,
): GraphCase[] {
  const args = field.args;
  /** The document: every argument through a variable, or one of them as an inline literal. */
  const call = (inline?: { arg: string; literal: string }) => {
    const variableArgs = args.map((a, i) => ({ a, i })).filter(({ a }) => a.name !== inline?.arg);
    const declared = variableArgs.map(({ a, i }) => `$a${i}: ${String(a.type)}`).join(', ');
    const passed = args
      .map((a, i) => (a.name === inline?.arg ? `${a.name}: ${inline.literal}` : `${a.name}: $a${i}`))
      .join(', ');
    return `${kind} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selectionOf(field.type)} }`;
  };
  const viaVariables = call();
  const toVariables = (values: Record<string, unknown>, except?: string) =>
    Object.fromEntries(
      args
        .map((a, i) => [`a${i}`, a.name === except ? undefined : values[a.name]])
        .filter(([, v]) => v !== undefined),
    );
  const name = `${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`;

  const base: Record<string, unknown> = {};
  for (const arg of args) base[arg.name] = plausible(arg.type, source, [arg.name, field.name]);
  const required = Object.fromEntries(
    Object.entries(base).filter(([key]) => isRequiredArgument(args.find((a) => a.name === key)!)),
  );
  const cases: GraphCase[] = [
    { field: name, query: viaVariables, variables: toVariables(base), note: 'plausible arguments' },
    { field: name, query: viaVariables, variables: toVariables(required), note: 'required arguments only' },
  ];

  for (const arg of args) {
    const places: Slot[] = [];
    slots(arg.type, base[arg.name], [arg.name], [arg.name, field.name], places);
    for (const { path, type, hints } of places) {
      for (const bad of badValuesFor(type, source, hints)) {
        const values = setAt(base, path, bad);
        cases.push({
          field: name,
          query: viaVariables,
          variables: toVariables(values),
          note: path.join('.'),
        });
      }
      // The same text as a literal in the document (GraphQL arguments reach resolvers either way).
      const named = getNamedType(type).name;
      if (named === 'String' || named === 'ID') {
        const values = setAt(base, path, 'a\u0000b');
        const inline = literal(values[arg.name], arg.type);
        if (inline) {
          cases.push({
            field: name,
            query: call({ arg: arg.name, literal: inline }),
            variables: toVariables(values, arg.name),
            note: `${path.join('.')} (inline literal)`,
          });
        }
      }
    }
  }
  return cases;
}

/** Every root field of the schema: queries, then mutations. */
export function rootFields(
  schema: GraphQLSchema,
): { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[] {
  return [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({
      kind: 'query' as const,
      field,
    })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
      kind: 'mutation' as const,
      field,
    })),
  ];
}
