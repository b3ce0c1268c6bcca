import type { GuestBagLine } from './guestBag';

interface UserErrorLike {
  code: string;
  message: string;
}

export interface CheckoutPayload {
  checkoutUrl?: string | null;
  userErrors: UserErrorLike[];
}

/** Why a checkout did not start, for the bag page's alert. */
export interface CheckoutRefusal {
  title: string;
  message: string;
  code: string | null;
}

/** The alert for a refused checkout: a clear title by code, the server's words below it. */
export function checkoutRefusal(userErrors: UserErrorLike[]): CheckoutRefusal {
  const first = userErrors[0];
  const code = first?.code ?? null;
  const message = userErrors.map((e) => e.message).join(' ');
  if (code === 'STORE_UNAVAILABLE') {
    return {
      code,
      title: 'Checkout is paused',
      message: `${message || 'The store cannot take orders right now. Please try again in a few minutes.'} Your bag is kept.`,
    };
  }
  if (code === 'EMPTY_CART' || code === 'EMPTY_BAG') {
    return { code, title: 'Your bag is empty', message: message || 'Add something to your bag first.' };
  }
  return {
    code,
    title: 'Checkout could not start',
    message: message || 'Please check your bag and try again.',
  };
}

/**
 * Starts the store's checkout: asks the server for a checkout URL (a guest sends the lines of the
 * browser's bag; a member's bag is on the server), then — for a guest, after emptying the browser's
 * bag, which the store's cart now holds — goes there. Answers the refusal instead when there is one
 * (nothing is emptied then).
 */
export async function startCheckout({
  guestLines,
  send,
  clearGuestBag,
  go,
}: {
  /** The guest's lines, or null for a member. */
  guestLines: GuestBagLine[] | null;
  send: (lines: GuestBagLine[] | null) => Promise<CheckoutPayload | null | undefined>;
  clearGuestBag: () => void;
  go: (url: string) => void;
}): Promise<CheckoutRefusal | null> {
  let payload: CheckoutPayload | null | undefined;
  try {
    payload = await send(guestLines);
  } catch (error) {
    return {
      code: null,
      title: 'Checkout could not start',
      message: error instanceof Error ? error.message : 'The server could not be reached.',
    };
  }
  if (!payload || payload.userErrors.length > 0 || !payload.checkoutUrl) {
    return checkoutRefusal(payload?.userErrors ?? []);
  }
  if (guestLines) clearGuestBag();
  go(payload.checkoutUrl);
  return null;
}
