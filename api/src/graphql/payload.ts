import { DomainError, type UserError } from './errors';

/**
 * Runs a mutation's work and shapes the payload: a DomainError becomes `userErrors`, anything else
 * is unexpected and thrown (masked by formatError).
 */
export async function payload<T extends object>(
  work: () => Promise<T>,
  empty: T,
): Promise<T & { userErrors: UserError[] }> {
  try {
    return { ...(await work()), userErrors: [] };
  } catch (error) {
    if (error instanceof DomainError) return { ...empty, userErrors: [error.toUserError()] };
    throw error;
  }
}
