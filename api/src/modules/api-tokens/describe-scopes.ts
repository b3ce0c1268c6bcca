import type { GraphQLField, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { MUTATION_SCOPES, QUERY_SCOPES, SESSION_ONLY, SUBSCRIPTION_SCOPES } from './api-token-scopes';

/** The line that ends a root field's description: what an API token needs to call it. */
export function scopeLine(need: string): string {
  return need === SESSION_ONLY
    ? 'API tokens: not accepted (a signed-in session only).'
    : `API tokens: need the scope \`${need}\`.`;
}

/**
 * Appends each root field's API token scope to its description (the "Who may call" line follows),
 * so the docs and the enforcement (scope-check.ts) read one table. Throws naming the root fields
 * that api-token-scopes.ts does not list: every new field must be given a scope, or SESSION_ONLY.
 */
export function addTokenScopes(schema: GraphQLSchema): void {
  const tables: [GraphQLObjectType | null | undefined, Readonly<Record<string, string>>][] = [
    [schema.getQueryType(), QUERY_SCOPES],
    [schema.getMutationType(), MUTATION_SCOPES],
    [schema.getSubscriptionType(), SUBSCRIPTION_SCOPES],
  ];
  const missing: string[] = [];
  for (const [type, table] of tables) {
    if (!type) continue;
    for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
      const need = table[field.name];
      if (!need) {
        missing.push(`${type.name}.${field.name}`);
        continue;
      }
      const line = scopeLine(need);
      field.description = field.description ? `${field.description} ${line}` : line;
    }
  }
  if (missing.length) {
    throw new Error(
      `These root fields have no API token scope (modules/api-tokens/api-token-scopes.ts): ${missing.join(', ')}`,
    );
  }
}
