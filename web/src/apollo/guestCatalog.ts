import { ApolloLink } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import {
  type DocumentNode,
  type FieldNode,
  type FormattedExecutionResult,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { catchError, map, of, throwError } from 'rxjs';

/**
 * Guests and the public catalogue (spec section 6): "a 401 on paths starting with /api/resources,
 * /api/curriculum or /api/courses is tolerated for guests and yields empty or null data (an empty
 * list for paths ending in /reviews)". The web app reads those through the graph; its root fields
 * below are the same reads. They are public (no 401 arises today); should a guard ever refuse a
 * visitor one (UNAUTHENTICATED, or a 401 answer to a request made of them only), the page gets
 * empty data instead of an error: null for one item, an empty list, or an empty page (no nodes, no
 * next page; reviews are the spec's empty list).
 */
type Empty = 'null' | 'list' | { page: string };

export const CATALOG_FIELDS: Readonly<Record<string, Empty>> = {
  course: 'null',
  courses: { page: 'CourseConnection' },
  courseCategories: 'list',
  resource: 'null',
  resources: { page: 'ResourceConnection' },
  resourceCategory: 'null',
  resourceCategories: 'list',
  resourceReviews: { page: 'ReviewConnection' },
};

const UNAUTHENTICATED_CODES = new Set(['UNAUTHENTICATED', 'UNAUTHORIZED']);

type Result = FormattedExecutionResult<Record<string, unknown>>;

function operationOf(document: DocumentNode): OperationDefinitionNode | undefined {
  return document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return fragments;
}

/** The fields of a selection set, its fragments spread in. */
function fieldsOf(
  set: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      fields.push(...fieldsOf(selection.selectionSet, fragments));
    else fields.push(...fieldsOf(fragments.get(selection.name.value)?.selectionSet, fragments));
  }
  return fields;
}

const keyOf = (field: FieldNode) => field.alias?.value ?? field.name.value;

/** A value for `field` that reads as nothing: an empty page holds the fields the query asked for. */
function emptyValue(field: FieldNode, empty: Empty, fragments: Map<string, FragmentDefinitionNode>): unknown {
  if (empty === 'null') return null;
  if (empty === 'list') return [];
  const page: Record<string, unknown> = {};
  for (const sub of fieldsOf(field.selectionSet, fragments)) {
    const name = sub.name.value;
    if (name === '__typename') page[keyOf(sub)] = empty.page;
    else if (name === 'nodes' || name === 'edges') page[keyOf(sub)] = [];
    else if (name === 'totalCount') page[keyOf(sub)] = 0;
    else if (name === 'pageInfo') {
      const info: Record<string, unknown> = {};
      for (const p of fieldsOf(sub.selectionSet, fragments)) {
        const n = p.name.value;
        info[keyOf(p)] = n === '__typename' ? 'PageInfo' : n.startsWith('has') ? false : null;
      }
      page[keyOf(sub)] = info;
    } else page[keyOf(sub)] = null;
  }
  return page;
}

/** The catalogue fields at the root of a query, by response key; null when it is no query. */
function catalogRoot(document: DocumentNode) {
  const operation = operationOf(document);
  if (operation?.operation !== 'query') return null;
  const fragments = fragmentsOf(document);
  const fields = fieldsOf(operation.selectionSet, fragments);
  const catalog = new Map<string, FieldNode>();
  for (const field of fields) if (CATALOG_FIELDS[field.name.value]) catalog.set(keyOf(field), field);
  return { fields, catalog, fragments };
}

const emptyOf = (field: FieldNode, fragments: Map<string, FragmentDefinitionNode>) =>
  emptyValue(field, CATALOG_FIELDS[field.name.value], fragments);

/**
 * A query's answer with every UNAUTHENTICATED error on a catalogue root field turned into that
 * field's empty value. When such a field is non-null its error nulled the whole answer: it is
 * rebuilt when every root field is a catalogue field (there is nothing else to lose); otherwise,
 * or with other errors, the answer is left as it is.
 */
export function tolerateGuestCatalog(document: DocumentNode, result: Result): Result {
  const errors = result.errors ?? [];
  if (errors.length === 0) return result;
  const root = catalogRoot(document);
  if (!root || root.catalog.size === 0) return result;
  const tolerated = (error: (typeof errors)[number]) =>
    UNAUTHENTICATED_CODES.has(String(error.extensions?.code)) &&
    error.path?.length === 1 &&
    root.catalog.has(String(error.path[0]));
  const kept = errors.filter((error) => !tolerated(error));
  if (kept.length === errors.length) return result;
  let data: Record<string, unknown>;
  if (result.data) {
    data = { ...result.data };
  } else {
    if (kept.length > 0 || root.fields.some((field) => !root.catalog.has(keyOf(field)))) return result;
    data = {};
  }
  for (const error of errors) {
    if (!tolerated(error)) continue;
    const key = String(error.path![0]);
    data[key] = emptyOf(root.catalog.get(key)!, root.fragments);
  }
  if (!result.data)
    for (const [key, field] of root.catalog) if (!(key in data)) data[key] = emptyOf(field, root.fragments);
  const { errors: _dropped, ...rest } = result;
  return kept.length > 0 ? { ...rest, data, errors: kept } : { ...rest, data };
}

/** The answer to a query made of catalogue fields only that the server refused with a 401, else null. */
export function emptyCatalogAnswer(document: DocumentNode): Result | null {
  const root = catalogRoot(document);
  if (!root || root.fields.length === 0 || root.fields.some((field) => !root.catalog.has(keyOf(field)))) {
    return null;
  }
  const data: Record<string, unknown> = {};
  for (const [key, field] of root.catalog) data[key] = emptyOf(field, root.fragments);
  return { data };
}

/** Applies {@link tolerateGuestCatalog} and {@link emptyCatalogAnswer} to the graph's answers. */
export const guestCatalogLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    map((result) => tolerateGuestCatalog(operation.query, result as Result)),
    catchError((error: unknown) => {
      const empty =
        ServerError.is(error) && error.statusCode === 401 ? emptyCatalogAnswer(operation.query) : null;
      return empty ? of(empty) : throwError(() => error);
    }),
  ),
);
