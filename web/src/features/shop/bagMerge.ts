import type { GuestBagLine } from './guestBag';

interface UserErrorLike {
  code: string;
  message: string;
}

/** What shopBagMerge answered (the parts the merge reads). */
export interface MergePayload {
  bag: { totalQuantity: number } | null | undefined;
  userErrors: UserErrorLike[];
}

export type MergeResult =
  | { status: 'nothing' }
  /** Moved (or not buyable at all): the guest bag is emptied. */
  | { status: 'merged'; quantity: number; totalQuantity: number | null; notes: string[] }
  /** Refused or not sent: the guest bag is kept, so the next sign-in tries again. */
  | { status: 'failed'; message: string };

/** Codes that mean the lines can never be bought (gone from the store): dropping them is right. */
const SETTLED_CODES = new Set(['NOT_FOUND']);

/**
 * Sends the guest bag's lines to the member's bag in one shopBagMerge call, and empties the guest
 * bag when the server took them (its userErrors then only describe lines it could not keep);
 * a refusal or a network error keeps the guest bag as it is.
 */
export async function mergeGuestBag(
  lines: GuestBagLine[],
  send: (lines: GuestBagLine[]) => Promise<MergePayload | null | undefined>,
  clear: () => void,
): Promise<MergeResult> {
  if (lines.length === 0) return { status: 'nothing' };
  let payload: MergePayload | null | undefined;
  try {
    payload = await send(lines);
  } catch (error) {
    return {
      status: 'failed',
      message: error instanceof Error ? error.message : 'The bag could not be moved.',
    };
  }
  if (!payload) return { status: 'failed', message: 'The bag could not be moved.' };
  const settled = payload.userErrors.every((e) => SETTLED_CODES.has(e.code));
  if (!payload.bag && !settled) {
    return { status: 'failed', message: payload.userErrors.map((e) => e.message).join(' ') };
  }
  clear();
  return {
    status: 'merged',
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalQuantity: payload.bag?.totalQuantity ?? null,
    notes: payload.userErrors.map((e) => e.message),
  };
}
