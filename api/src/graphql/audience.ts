import { allow, deny } from 'graphql-shield';
import type { GraphQLField, GraphQLSchema } from 'graphql';

/**
 * Who may call each root field, written into its description from the graphql-shield rule that
 * guards it (permissions.ts), so the docs and the rules cannot drift: a rule says once, where it is
 * defined, whom it admits (`withAudience`), and the schema build appends
 * "Who may call: …" to every Query and Mutation field.
 */

const audiences = new WeakMap<object, string>();

/** Names whom a shield rule admits; returns the rule. */
export function withAudience<R extends object>(rule: R, audience: string): R {
  audiences.set(rule, audience);
  return rule;
}

audiences.set(allow, 'anyone, signed in or not');
audiences.set(deny, 'nobody');

/** Whom the rule admits, or null when the rule was never given an audience. */
export function audienceOf(rule: unknown): string | null {
  if (typeof rule !== 'object' || rule === null) return null;
  return audiences.get(rule) ?? null;
}

export const AUDIENCE_PREFIX = 'Who may call: ';

/** The field's description followed by its audience line. */
export function describedWithAudience(description: string | null | undefined, audience: string): string {
  const line = `${AUDIENCE_PREFIX}${audience}.`;
  return description ? `${description}\n\n${line}` : line;
}

/**
 * Appends the audience line to every Query and Mutation field of `schema` (in place), from
 * `ruleOf(type, field)`. Throws naming the fields whose rule has no audience.
 */
export function addAudiences(
  schema: GraphQLSchema,
  ruleOf: (typeName: string, fieldName: string) => unknown,
): void {
  const missing: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue;
    for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
      const audience = audienceOf(ruleOf(type.name, field.name));
      if (!audience) {
        missing.push(`${type.name}.${field.name}`);
        continue;
      }
      field.description = describedWithAudience(field.description, audience);
    }
  }
  if (missing.length) {
    throw new Error(
      `These root fields have no permission rule with an audience (graphql/audience.ts): ${missing.join(', ')}`,
    );
  }
}
