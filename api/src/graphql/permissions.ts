import { GraphQLError } from 'graphql';
import { deny, shield } from 'graphql-shield';
import type { IRules } from 'graphql-shield';
import { appModules } from '../modules';

type RuleMap = Record<string, unknown>;

/** Merges the modules' rule maps; a field claimed by two modules is a programming error. */
export function mergeRules(...maps: RuleMap[]): RuleMap {
  const merged: RuleMap = {};
  for (const map of maps) {
    for (const [type, rules] of Object.entries(map)) {
      const existing = merged[type];
      if (existing === undefined) {
        merged[type] = rules;
      } else if (isFieldMap(existing) && isFieldMap(rules)) {
        for (const field of Object.keys(rules)) {
          if (field in existing) throw new Error(`Permission for ${type}.${field} is defined twice`);
        }
        merged[type] = { ...existing, ...rules };
      } else {
        throw new Error(`Permission for type ${type} is defined twice`);
      }
    }
  }
  return merged;
}

function isFieldMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && value.constructor === Object;
}

/** Every module's permission maps (`modules/index.ts`), merged; what no rule names is denied. */
export const ruleTree = mergeRules(...appModules.flatMap((mod) => mod.permissions ?? []));

export const permissions = shield(ruleTree as IRules, {
  debug: false,
  fallbackRule: deny,
  allowExternalErrors: true,
  fallbackError: () =>
    new GraphQLError('You are not allowed to do this.', { extensions: { code: 'FORBIDDEN' } }),
});
