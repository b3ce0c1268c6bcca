import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';

/**
 * Shopify's calculated query cost (https://shopify.dev/docs/api/usage/limits#cost-calculation),
 * as the demo store estimates it before running an Admin request: scalars and enums 0, objects 1,
 * a connection 2 plus `first`/`last` times the cost of one node, a mutation 10 (Shopify's documented
 * formula, an upper bound: Shopify's own calculator has been seen answering less). Reported in
 * `extensions.cost`; above MAX_QUERY_COST the query is refused with MAX_COST_EXCEEDED, as Shopify does.
 */
export const MAX_QUERY_COST = 1000;
export const BUCKET_SIZE = 2000;
export const RESTORE_RATE = 100;

export class MissingPageSizeError extends Error {}

export function requestedQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  const argValue = (node: { arguments?: readonly any[] }, name: string): unknown => {
    const arg = node.arguments?.find((a) => a.name.value === name);
    return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
  };

  const selectionCost = (
    type: GraphQLCompositeType,
    set: SelectionSetNode | undefined,
    depth: number,
  ): number => {
    if (!set || depth > 20) return 0;
    // Interfaces and unions: Shopify takes the dearest possible selection; the sum is an upper bound.
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        total += selectionCost(isCompositeType(on) ? on : type, selection.selectionSet, depth + 1);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        const on = fragment ? schema.getType(fragment.typeCondition.name.value) : null;
        if (fragment && isCompositeType(on)) total += selectionCost(on, fragment.selectionSet, depth + 1);
      } else {
        if (selection.name.value.startsWith('__')) continue;
        const fields: Record<string, GraphQLField<unknown, unknown>> = isObjectType(type) ||
        isInterfaceType(type)
          ? type.getFields()
          : {};
        const field = fields[selection.name.value];
        if (!field) continue;
        const named = getNamedType(field.type);
        if (!isCompositeType(named)) continue;
        if (named.name.endsWith('Connection')) {
          const size = Number(argValue(selection, 'first') ?? argValue(selection, 'last'));
          if (!Number.isFinite(size)) throw new MissingPageSizeError('you must provide one of first or last');
          total += 2 + size * nodeCost(named, selection.selectionSet, depth + 1);
        } else {
          total += 1 + selectionCost(named, selection.selectionSet, depth + 1);
        }
      }
    }
    return total;
  };

  /** One node of a connection: what `nodes { … }` or `edges { node { … } }` selects (the dearer). */
  const nodeCost = (
    connection: GraphQLCompositeType,
    set: SelectionSetNode | undefined,
    depth: number,
  ): number => {
    let cost = 0;
    const fields = isObjectType(connection) ? connection.getFields() : {};
    for (const selection of set?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) continue;
      if (selection.name.value === 'nodes') {
        const nodeType = getNamedType(fields.nodes.type);
        if (isCompositeType(nodeType))
          cost = Math.max(cost, 1 + selectionCost(nodeType, selection.selectionSet, depth + 1));
      } else if (selection.name.value === 'edges') {
        const edgeType = getNamedType(fields.edges.type);
        const nodeField = isObjectType(edgeType) ? edgeType.getFields().node : undefined;
        const nodeType = nodeField ? getNamedType(nodeField.type) : undefined;
        for (const edgeSelection of selection.selectionSet?.selections ?? []) {
          if (
            edgeSelection.kind === Kind.FIELD &&
            edgeSelection.name.value === 'node' &&
            isCompositeType(nodeType)
          ) {
            cost = Math.max(cost, 1 + selectionCost(nodeType, edgeSelection.selectionSet, depth + 2));
          }
        }
      }
    }
    return Math.max(1, cost);
  };

  const base = operation.operation === 'mutation' ? 10 : 0;
  return base + selectionCost(root, operation.selectionSet, 0);
}

/** Shopify's actual cost: what the answer holds (objects 1, connections 2 each). */
export function actualQueryCost(data: unknown, mutation: boolean): number {
  let total = mutation ? 10 : 0;
  const walk = (value: unknown, key: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    // An edge and pageInfo are free; a connection costs 2, any other object 1.
    if (key !== 'edges' && key !== 'pageInfo') total += 'nodes' in value || 'edges' in value ? 2 : 1;
    for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) walk(v, k);
  return total;
}

export interface CostExtension {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

export function costExtension(
  requested: number,
  actual: number | null,
  currentlyAvailable?: number,
): CostExtension {
  return {
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: {
      maximumAvailable: BUCKET_SIZE,
      currentlyAvailable: currentlyAvailable ?? Math.max(0, BUCKET_SIZE - (actual ?? requested)),
      restoreRate: RESTORE_RATE,
    },
  };
}
