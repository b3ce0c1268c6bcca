import { CombinedGraphQLErrors } from '@apollo/client';

/** The server refused lesson content or a quiz because the viewer is not enrolled (FORBIDDEN). */
export function isNotEnrolledError(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
}

/** A message for a failed request, for toasts and notices. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}
