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
  /** Lines left in the guest cart: refused one by one, or not sent once the merge failed. */
  failed: number;
  /**
   * The merge as a whole failed: a call was not answered with a result for its line (the server
   * could not be reached, or refused the call itself), so the lines from that one on were not sent.
   */
  aborted: boolean;
}

/**
 * Sends the guest lines one by one (in order) through `send`; a line that fails stays in the
 * guest cart, so nothing is lost and the next sign-in (or page load) tries again. A call that
 * throws (no answer, or the server refusing the call rather than the line) stops the merge.
 */
export async function transferLines(
  items: GuestCartItem[],
  send: (item: GuestCartItem) => Promise<TransferOutcome>,
): Promise<TransferResult> {
  const result: TransferResult = { done: [], transferred: 0, failed: 0, aborted: false };
  for (const [index, item] of items.entries()) {
    let outcome: TransferOutcome;
    try {
      outcome = await send(item);
    } catch {
      result.aborted = true;
      result.failed += items.length - index;
      break;
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

/** The spec's texts (section 8) of a guest cart merge that did not fully succeed. */
export const TRANSFER_TEXT = {
  mergeFailed: 'Failed to merge your guest cart with your account',
  transferErrorTitle: 'Transfer Error',
  transferErrorDescription: 'Failed to transfer your cart items. Please try again.',
  transferredTitle: 'Cart Transferred',
} as const;

const lines = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** How many lines moved and how many stay in the guest cart, for a failure's toast. */
function leftBehind(result: TransferResult): string {
  const stay = `${result.failed === 1 ? 'stays' : 'stay'} in your guest cart`;
  return result.transferred > 0
    ? `${lines(result.transferred)} moved to your cart; ${result.failed} ${stay}.`
    : `${lines(result.failed)} ${stay}.`;
}

/** The toast that ends a merge: 'Cart Transferred', 'Transfer Error' (some lines refused) or the merge failure. */
export function transferToast(result: TransferResult): {
  type: 'success' | 'error';
  title: string;
  description: string;
} {
  if (result.aborted) {
    return {
      type: 'error',
      title: TRANSFER_TEXT.mergeFailed,
      description: `${leftBehind(result)} Reload the page to try again.`,
    };
  }
  if (result.failed > 0) {
    return {
      type: 'error',
      title: TRANSFER_TEXT.transferErrorTitle,
      description: `${TRANSFER_TEXT.transferErrorDescription} ${leftBehind(result)}`,
    };
  }
  return {
    type: 'success',
    title: TRANSFER_TEXT.transferredTitle,
    description: `${lines(result.transferred)} from your guest cart ${result.transferred === 1 ? 'is' : 'are'} now in your cart.`,
  };
}
