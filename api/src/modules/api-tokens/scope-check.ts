import { type DocumentNode, type GraphQLSchema, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { SESSION_ONLY, scopeGranted, scopeOf } from './api-token-scopes';

/** A field of a request that its token may not read or call. */
export interface ScopeRefusal {
  /** `Query.myOrders`, `Course.viewerProgress`, … */
  field: string;
  /** The scope it needs, or SESSION_ONLY. */
  needs: string;
}

/**
 * The first field of `document` (any of its operations and fragments) that a token with `scopes`
 * may not use, or null when it may use them all. Introspection (`__schema`, `__type`, `__typename`)
 * needs no scope.
 */
export function scopeRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  scopes: readonly string[],
): ScopeRefusal | null {
  const roots = {
    query: schema.getQueryType()?.name,
    mutation: schema.getMutationType()?.name,
    subscription: schema.getSubscriptionType()?.name,
  };
  const typeInfo = new TypeInfo(schema);
  let refusal: ScopeRefusal | null = null;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (refusal || node.name.value.startsWith('__')) return;
        const parent = typeInfo.getParentType();
        if (!parent) return;
        const needs = scopeOf(parent.name, node.name.value, roots);
        if (needs === undefined) return;
        if (needs === SESSION_ONLY || !scopeGranted(scopes, needs)) {
          refusal = { field: `${parent.name}.${node.name.value}`, needs };
        }
      },
    }),
  );
  return refusal;
}

/** The refusal's message, naming the field and the scope to add. */
export function scopeRefusalMessage(refusal: ScopeRefusal): string {
  return refusal.needs === SESSION_ONLY
    ? `${refusal.field} cannot be used with an API token: sign in to the site instead.`
    : `This API token lacks the scope "${refusal.needs}" that ${refusal.field} needs.`;
}
