import { describe, expect, it } from 'vitest';
import { addGuestItem } from './guestCart';
import { outcomeOf, transferLines, transferToast } from './cartTransfer';

const items = [
  { itemType: 'course' as const, itemId: 'c-1', title: 'A', price: 10 },
  { itemType: 'resource' as const, itemId: 'r-1', title: 'B', price: 5, quantity: 2 },
  { itemType: 'resource' as const, itemId: 'r-2', title: 'C', price: 1 },
].reduce((cart, input) => addGuestItem(cart, input), [] as ReturnType<typeof addGuestItem>);

describe('guest cart transfer', () => {
  it('sends every line in order with its quantity and takes out the moved ones', async () => {
    const sent: string[] = [];
    const result = await transferLines(items, async (item) => {
      sent.push(`${item.itemId}×${item.quantity}`);
      return 'transferred';
    });
    expect(sent).toEqual(['c-1×1', 'r-1×2', 'r-2×1']);
    expect(result).toEqual({ done: items.map((i) => i.id), transferred: 3, failed: 0, aborted: false });
  });

  it('keeps the lines the server refused and drops those that can never be bought', async () => {
    const result = await transferLines(items, async (item) => {
      if (item.itemId === 'c-1') return outcomeOf([{ code: 'MEMBERSHIP_REQUIRED' }]);
      if (item.itemId === 'r-1') return outcomeOf([{ code: 'ALREADY_OWNED' }]);
      return outcomeOf([{ code: 'INVALID_INPUT' }]);
    });
    expect(result).toEqual({ done: ['guest-resource-r-1'], transferred: 0, failed: 2, aborted: false });
  });

  it('stops when the merge as a whole fails (no answer, or the call refused): the rest stays', async () => {
    const sent: string[] = [];
    const result = await transferLines(items, async (item) => {
      sent.push(item.itemId);
      if (item.itemId === 'r-1') throw new TypeError('Failed to fetch');
      return 'transferred';
    });
    expect(sent).toEqual(['c-1', 'r-1']);
    expect(result).toEqual({ done: ['guest-course-c-1'], transferred: 1, failed: 2, aborted: true });
  });

  it('says which failure it was and how many lines stay in the guest cart', () => {
    const base = { done: [], transferred: 0, failed: 0, aborted: false };
    expect(transferToast({ ...base, aborted: true, failed: 3 })).toEqual({
      type: 'error',
      title: 'Failed to merge your guest cart with your account',
      description: '3 items stay in your guest cart. Reload the page to try again.',
    });
    expect(transferToast({ ...base, aborted: true, transferred: 1, failed: 2 }).description).toBe(
      '1 item moved to your cart; 2 stay in your guest cart. Reload the page to try again.',
    );
    expect(transferToast({ ...base, failed: 1 })).toEqual({
      type: 'error',
      title: 'Transfer Error',
      description: 'Failed to transfer your cart items. Please try again. 1 item stays in your guest cart.',
    });
    expect(transferToast({ ...base, transferred: 2, failed: 1 }).description).toBe(
      'Failed to transfer your cart items. Please try again. 2 items moved to your cart; 1 stays in your guest cart.',
    );
    expect(transferToast({ ...base, transferred: 1 })).toEqual({
      type: 'success',
      title: 'Cart Transferred',
      description: '1 item from your guest cart is now in your cart.',
    });
    expect(transferToast({ ...base, transferred: 2 }).description).toBe(
      '2 items from your guest cart are now in your cart.',
    );
  });

  it('reads the outcome of a server answer', () => {
    expect(outcomeOf([])).toBe('transferred');
    expect(outcomeOf(undefined)).toBe('transferred');
    expect(outcomeOf([{ code: 'NOT_FOUND' }])).toBe('unavailable');
    expect(outcomeOf([{ code: 'INVALID_INPUT' }])).toBe('failed');
    // A course already in the member's cart: one seat per buyer, nothing left to move.
    const oneSeat = [{ code: 'INVALID_INPUT', field: 'quantity' }];
    expect(outcomeOf(oneSeat, 'course')).toBe('unavailable');
    expect(outcomeOf(oneSeat, 'resource')).toBe('failed');
  });
});
