import type { GuestCartItem } from './guestCart';

/** What happened to one guest line when it was sent to the member's cart. */
export type TransferOutcome = 'transferred' | 'unavailable' | 'failed';

/** Codes that mean a line can never be bought (gone from the store or already owned): it is dropped. */
const SETTLED_CODES = new Set(['NOT_FOUND', 'ALREADY_OWNED']);

/**
 * A course is one seat per buyer: a course line (sent with quantity 1) refused for its quantity is
 * a course already in the member's cart, so it is settled too.
 */
export function outcomeOf(
  userErrors: { code: string; field?: string | null }[] | undefined,
  itemType?: string,
): TransferOutcome {
  if (!userErrors || userErrors.length === 0) return 'transferred';
  const settled = (e: { code: string; field?: string | null }) =>
    SETTLED_CODES.has(e.code) ||
    (itemType === 'course' && e.code === 'INVALID_INPUT' && e.field === 'quantity');
  return userErrors.every(settled) ? 'unavailable' : 'failed';
}

export interface TransferResult {
  /** Lines to take out of the guest cart (moved, or not purchasable at all). */
  done: string[];
  transferred: number;
  failed: number;
}

/**
 * Sends the guest lines one by one (in order) through `send`; a line that fails stays in the
 * guest cart, so nothing is lost and the next sign-in tries again.
 */
export async function transferLines(
  items: GuestCartItem[],
  send: (item: GuestCartItem) => Promise<TransferOutcome>,
): Promise<TransferResult> {
  const result: TransferResult = { done: [], transferred: 0, failed: 0 };
  for (const item of items) {
    let outcome: TransferOutcome;
    try {
      outcome = await send(item);
    } catch {
      outcome = 'failed';
    }
    if (outcome === 'failed') {
      result.failed += 1;
    } else {
      result.done.push(item.id);
      if (outcome === 'transferred') result.transferred += 1;
    }
  }
  return result;
}
