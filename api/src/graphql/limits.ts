import {
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import depthLimit from 'graphql-depth-limit';

export const MAX_DEPTH = 12;
export const MAX_FIELDS = 500;

/**
 * Rejects operations that would resolve more than `max` fields in all, counting every alias and
 * expanding every fragment spread where it is used (so nested fragments cannot multiply the work
 * unseen). Counting stops as soon as the ceiling is passed.
 */
export function fieldCountLimit(max: number): ValidationRule {
  return (context) => ({
    Document(document) {
      const fragments = new Map<string, FragmentDefinitionNode>();
      for (const def of document.definitions) {
        if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
      }
      const memo = new Map<string, number>();
      const count = (set: SelectionSetNode | undefined, visiting: Set<string>): number => {
        if (!set) return 0;
        let total = 0;
        for (const selection of set.selections) {
          if (selection.kind === Kind.FIELD) {
            total += 1 + count(selection.selectionSet, visiting);
          } else if (selection.kind === Kind.INLINE_FRAGMENT) {
            total += count(selection.selectionSet, visiting);
          } else {
            const name = selection.name.value;
            if (visiting.has(name)) continue; // a cycle: reported by NoFragmentCyclesRule
            if (!memo.has(name)) {
              const inner = new Set(visiting).add(name);
              memo.set(name, count(fragments.get(name)?.selectionSet, inner));
            }
            total += memo.get(name)!;
          }
          if (total > max) return total;
        }
        return total;
      };
      for (const def of document.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        if (count(def.selectionSet, new Set()) > max) {
          context.reportError(
            new GraphQLError(`The query selects more than ${max} fields; split it up.`, {
              nodes: [def],
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
          );
        }
      }
    },
  });
}

export const validationRules: ValidationRule[] = [depthLimit(MAX_DEPTH), fieldCountLimit(MAX_FIELDS)];
