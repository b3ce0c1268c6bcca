import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { Field, ObjectType } from 'type-graphql';
import { log } from '../observability/logger';

/** Machine-readable codes of expected failures (returned as data, never thrown). */
export const USER_ERROR_CODES = [
  'INVALID_INPUT',
  'UNAUTHORIZED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'USERNAME_TAKEN',
  'TOO_MANY_ATTEMPTS',
  'PAYMENT_REQUIRED',
  'MEMBERSHIP_REQUIRED',
  'ATTEMPTS_EXHAUSTED',
  'ALREADY_PASSED',
  'CONFLICT',
  'ALREADY_OWNED',
  'EMPTY_CART',
  'PAYMENT_FAILED',
  'PAYMENTS_NOT_CONFIGURED',
  'SUSPENDED',
  'COUPON_NOT_FOUND',
  'COUPON_EXPIRED',
  'COUPON_USED_UP',
  'COUPON_NOT_APPLICABLE',
  'FILE_TYPE',
  'FILE_TOO_LARGE',
  'SLOT_TAKEN',
  'CLASS_FULL',
  'TOO_MANY_HOLDS',
  'HOLD_RATE_LIMITED',
  'RATE_LIMITED',
  'BLOCKED',
  'STORE_UNAVAILABLE',
  'CHALLENGE_REQUIRED',
  'CHALLENGE_FAILED',
] as const;

export type UserErrorCode = (typeof USER_ERROR_CODES)[number];

@ObjectType({
  description:
    'An expected failure of a mutation, returned as data in its `userErrors` list (an empty list means it succeeded): what went wrong and with which input field.',
})
export class UserError {
  @Field({
    description:
      `A machine-readable code, one of: ${USER_ERROR_CODES.join(', ')}. ` +
      'Each mutation’s description lists the codes it can return.',
  })
  code!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The name of the input field at fault (e.g. `username`, `roles`); null when the failure is not about one field.',
  })
  field?: string | null;

  @Field({ description: 'A sentence in English for people, fit to show next to the field or form.' })
  message!: string;
}

export function userError(code: UserErrorCode, message: string, field?: string): UserError {
  return Object.assign(new UserError(), { code, message, field: field ?? null });
}

/** Thrown by services for expected failures; resolvers turn it into `userErrors`. */
export class DomainError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toUserError(): UserError {
    return userError(this.code, this.message, this.field);
  }
}

export function unauthenticated(): GraphQLError {
  return new GraphQLError('You must be signed in to do this.', {
    extensions: { code: 'UNAUTHENTICATED' },
  });
}

export function forbidden(): GraphQLError {
  return new GraphQLError('You are not allowed to do this.', { extensions: { code: 'FORBIDDEN' } });
}

const EXPOSED_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'RATE_LIMITED',
]);

/** Apollo `formatError`: expected errors pass through; anything else is masked and logged. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && EXPOSED_CODES.has(code)) {
    const { stacktrace: _stack, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  // `log()` is the request's logger here, so the line carries the request's id.
  log().error({ err: error, path: formatted.path }, 'unexpected GraphQL error');
  return {
    message: 'Internal server error',
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
