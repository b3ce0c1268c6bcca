import type { GraphQLSchema } from 'graphql';
import { allow } from 'graphql-shield';
import type { IMiddlewareFieldMap, IMiddlewareGenerator } from 'graphql-middleware';
import { permissions, ruleTree } from './permissions';

/**
 * The rule graphql-shield applies to `type.field`: the field's own rule, else the type's `'*'` rule,
 * else the type's rule for all of its fields, else the fallback (deny).
 */
export function ruleOf(typeName: string, fieldName: string): unknown {
  const rules = ruleTree[typeName];
  if (rules === undefined) return undefined; // the fallback rule
  if (typeof rules === 'object' && rules !== null && rules.constructor === Object) {
    const map = rules as Record<string, unknown>;
    return map[fieldName] ?? map['*'];
  }
  return rules;
}

/**
 * graphql-shield's middleware for every field of the schema, less the fields whose rule is `allow`.
 * Shield wraps every field in an async middleware; for `allow` (with `allowExternalErrors`) that
 * middleware only awaits the resolver and hands back what it returns or throws, yet it made every
 * scalar of a response asynchronous. Leaving those fields unwrapped answers the same, and the
 * fallback rule (deny) still guards every field without a rule.
 */
export function permissionMiddleware(schema: GraphQLSchema): IMiddlewareFieldMap {
  const generated = (permissions as IMiddlewareGenerator<unknown, unknown, unknown>).generate(
    schema,
  ) as Record<string, Record<string, unknown>>;
  const middleware: Record<string, Record<string, unknown>> = {};
  for (const [typeName, fields] of Object.entries(generated)) {
    const kept = Object.fromEntries(
      Object.entries(fields).filter(([fieldName]) => ruleOf(typeName, fieldName) !== allow),
    );
    if (Object.keys(kept).length > 0) middleware[typeName] = kept;
  }
  return middleware as IMiddlewareFieldMap;
}
