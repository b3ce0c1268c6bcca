/**
 * When a message that failed is tried again. Standard Webhooks' example schedule (immediately, then
 * after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), continued with 10 h waits and a last one so
 * that the last attempt is made 3 days after the first: 12 attempts in all.
 */

const HOUR = 3600;
const RETRY_WINDOW_SECONDS = 72 * HOUR;
const STANDARD = [
  5,
  5 * 60,
  30 * 60,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** The waits (seconds) after the 1st, 2nd, … failed attempt; after the last one the message fails. */
export const DEFAULT_RETRY_DELAYS_SECONDS: readonly number[] = [
  ...STANDARD,
  RETRY_WINDOW_SECONDS - STANDARD.reduce((sum, s) => sum + s, 0),
];

/**
 * The wait (seconds) after the `failedAttempts`-th automatic attempt failed, or null when that was
 * the last one (the message has failed for good).
 */
export function retryDelaySeconds(
  failedAttempts: number,
  delays: readonly number[] = DEFAULT_RETRY_DELAYS_SECONDS,
): number | null {
  if (failedAttempts < 1) throw new Error('retryDelaySeconds counts from the first failed attempt');
  return failedAttempts <= delays.length ? delays[failedAttempts - 1] : null;
}

/** How many automatic attempts a message gets with this schedule. */
export function maxAttempts(delays: readonly number[] = DEFAULT_RETRY_DELAYS_SECONDS): number {
  return delays.length + 1;
}
