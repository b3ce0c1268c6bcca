import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { isForbiddenError } from './graphqlErrors';

describe('isForbiddenError', () => {
  it('recognises a FORBIDDEN GraphQL error', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'You are not allowed to do this.', extensions: { code: 'FORBIDDEN' } }],
    });
    expect(isForbiddenError(error)).toBe(true);
  });

  it('ignores other GraphQL errors and non-GraphQL errors', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Sign in first.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect(isForbiddenError(error)).toBe(false);
    expect(isForbiddenError(new Error('FORBIDDEN'))).toBe(false);
    expect(isForbiddenError(undefined)).toBe(false);
  });
});
