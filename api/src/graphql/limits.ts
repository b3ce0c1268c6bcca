import { GraphQLError, type ValidationRule } from 'graphql';
import depthLimit from 'graphql-depth-limit';

export const MAX_DEPTH = 12;
export const MAX_FIELDS = 500;

/** Rejects documents that select more than `max` fields in all (a cheap cost ceiling, alias-proof). */
export function fieldCountLimit(max: number): ValidationRule {
  return (context) => {
    let count = 0;
    return {
      Field() {
        count += 1;
        if (count === max + 1) {
          context.reportError(
            new GraphQLError(`The query selects more than ${max} fields; split it up.`, {
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
          );
        }
      },
    };
  };
}

export const validationRules: ValidationRule[] = [depthLimit(MAX_DEPTH), fieldCountLimit(MAX_FIELDS)];
