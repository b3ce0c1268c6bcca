import { CombinedGraphQLErrors } from '@apollo/client';

/** Whether the server refused a query for the user's role (a GraphQL error coded FORBIDDEN). */
export function isForbiddenError(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
}
