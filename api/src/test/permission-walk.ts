import { type GraphQLSchema, isObjectType } from 'graphql';

/** A graphql-shield rule (Rule or LogicRule): anything with a `resolve` method. */
export function isShieldRule(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { resolve?: unknown }).resolve === 'function'
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/**
 * Walks every object type of the schema and lists what has no explicit graphql-shield rule:
 * - each root field (Query/Mutation/Subscription) needs its own entry `ruleTree.Query[field]`;
 * - every other object type needs a type-wide rule, a `'*'` rule, or a rule for each of its fields.
 * It also lists rule entries that name a type or field the schema does not have (stale rules).
 */
export function findPermissionGaps(schema: GraphQLSchema, ruleTree: Record<string, unknown>): string[] {
  const gaps: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const fields = Object.keys(type.getFields());
    const rules = ruleTree[type.name];
    if (ROOT_TYPES.has(type.name)) {
      for (const field of fields) {
        const rule = isPlainObject(rules) ? rules[field] : undefined;
        if (!isShieldRule(rule)) gaps.push(`${type.name}.${field} has no rule`);
      }
      continue;
    }
    if (isShieldRule(rules)) continue;
    if (!isPlainObject(rules)) {
      gaps.push(`type ${type.name} has no rule`);
      continue;
    }
    if (isShieldRule(rules['*'])) continue;
    for (const field of fields) {
      if (!isShieldRule(rules[field])) gaps.push(`${type.name}.${field} has no rule`);
    }
  }
  for (const [typeName, rules] of Object.entries(ruleTree)) {
    const type = schema.getType(typeName);
    if (!type || !isObjectType(type)) {
      gaps.push(`rule for unknown type ${typeName}`);
      continue;
    }
    if (isPlainObject(rules)) {
      const fields = type.getFields();
      for (const field of Object.keys(rules)) {
        if (field !== '*' && !(field in fields)) gaps.push(`rule for unknown field ${typeName}.${field}`);
      }
    }
  }
  return gaps;
}
