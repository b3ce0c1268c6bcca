import { describe, expect, it } from 'vitest';
import { addGuestItem } from './guestCart';
import { outcomeOf, transferLines } from './cartTransfer';

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
    expect(result).toEqual({ done: items.map((i) => i.id), transferred: 3, failed: 0 });
  });

  it('keeps the lines that failed (an error or a refusal) and drops those that can never be bought', async () => {
    const result = await transferLines(items, async (item) => {
      if (item.itemId === 'c-1') throw new Error('network down');
      if (item.itemId === 'r-1') return outcomeOf([{ code: 'ALREADY_OWNED' }]);
      return outcomeOf([{ code: 'INVALID_INPUT' }]);
    });
    expect(result).toEqual({ done: ['guest-resource-r-1'], transferred: 0, failed: 2 });
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
