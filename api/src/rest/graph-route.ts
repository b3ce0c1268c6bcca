import type { ApolloServer } from '@apollo/server';
import type { Request, Response } from 'express';
import type { Context } from '../graphql/context';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface UserErrorLike {
  code: string;
  field?: string | null;
  message: string;
}

/**
 * One row of the REST adapter: an HTTP endpoint that runs one GraphQL operation on the same schema
 * and context as /graphql, so permissions live in one place.
 */
export interface GraphRoute {
  method: Method;
  path: string;
  operation: string;
  variables?: (req: Request) => Record<string, unknown>;
  /** Turns the operation's root field into the response body. */
  select?: (root: Record<string, unknown>, req: Request) => unknown;
  /** Status of a success (default 200). */
  status?: number;
  /** Status of a success decided by its result (overrides `status`), e.g. 202 for a sign-in that owes a second step. */
  statusOf?: (root: Record<string, unknown>) => number | undefined;
  /** What to answer when the root field is null. */
  whenNull?: { status: number; message: string };
}

/** HTTP status of each expected-failure code. */
export const STATUS_OF_CODE: Record<string, number> = {
  INVALID_INPUT: 400,
  USERNAME_TAKEN: 400,
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  MEMBERSHIP_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // Bookings: the time was just taken, or the class is full.
  SLOT_TAKEN: 409,
  CLASS_FULL: 409,
  // Bookings: the member holds as many unpaid sessions as allowed, or started too many holds this hour.
  TOO_MANY_HOLDS: 409,
  HOLD_RATE_LIMITED: 429,
  ALREADY_OWNED: 409,
  EMPTY_CART: 400,
  PAYMENT_FAILED: 402,
  // The server cannot take payments (production without STRIPE_SECRET_KEY or PAYMENTS_TEST_MODE).
  PAYMENTS_NOT_CONFIGURED: 503,
  SUSPENDED: 403,
  COUPON_NOT_FOUND: 400,
  COUPON_EXPIRED: 400,
  COUPON_USED_UP: 409,
  COUPON_NOT_APPLICABLE: 400,
  FILE_TYPE: 415,
  FILE_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  // Messages: sending too fast / too many new conversations, and a block between the two people.
  RATE_LIMITED: 429,
  BLOCKED: 403,
  // The shop: the connected store cannot take orders now (down, refusing its tokens, or none connected).
  STORE_UNAVAILABLE: 503,
  // Registration: this address owes a sign-up challenge (428: send the request again with it), or
  // the solution sent is wrong, expired or used.
  CHALLENGE_REQUIRED: 428,
  CHALLENGE_FAILED: 400,
};

export async function runGraphRoute(
  server: ApolloServer<Context>,
  route: GraphRoute,
  req: Request,
  res: Response,
  contextValue: Context,
): Promise<void> {
  const response = await server.executeOperation(
    { query: route.operation, variables: route.variables?.(req) ?? {} },
    { contextValue },
  );
  if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by REST routes');
  const { data, errors } = response.body.singleResult;
  if (errors?.length) {
    const code = String(errors[0].extensions?.code ?? 'INTERNAL_SERVER_ERROR');
    res.status(STATUS_OF_CODE[code] ?? 500).json({ message: errors[0].message, code });
    return;
  }
  const root = data ? Object.values(data)[0] : null;
  if (root === null || root === undefined) {
    const { status, message } = route.whenNull ?? { status: 404, message: 'Not found' };
    res.status(status).json({ message });
    return;
  }
  const userErrors = (root as { userErrors?: UserErrorLike[] }).userErrors;
  if (userErrors?.length) {
    const [first] = userErrors;
    res.status(STATUS_OF_CODE[first.code] ?? 400).json({
      message: first.message,
      code: first.code,
      field: first.field ?? null,
      errors: userErrors,
    });
    return;
  }
  const body = route.select ? route.select(root as Record<string, unknown>, req) : root;
  res.status(route.statusOf?.(root as Record<string, unknown>) ?? route.status ?? 200).json(body);
}

/** A string from a JSON body, or '' (lets the service say which field is missing). */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** An optional string from a JSON body. */
export function optionalText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
