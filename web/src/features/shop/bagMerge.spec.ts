import { describe, expect, it, vi } from 'vitest';
import { mergeGuestBag } from './bagMerge';

const lines = [
  { variantId: 'gid://shopify/ProductVariant/1', quantity: 2 },
  { variantId: 'gid://shopify/ProductVariant/2', quantity: 1 },
];

describe('merging the guest shop bag at sign-in', () => {
  it('sends every line once and empties the guest bag when the server took them', async () => {
    const send = vi.fn().mockResolvedValue({ bag: { totalQuantity: 5 }, userErrors: [] });
    const clear = vi.fn();
    const result = await mergeGuestBag(lines, send, clear);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(lines);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ status: 'merged', quantity: 3, totalQuantity: 5, notes: [] });
  });

  it('empties the guest bag when some lines were skipped, and passes on why', async () => {
    const clear = vi.fn();
    const result = await mergeGuestBag(
      lines,
      async () => ({
        bag: { totalQuantity: 2 },
        userErrors: [{ code: 'NOT_FOUND', message: 'One item is no longer available.' }],
      }),
      clear,
    );
    expect(clear).toHaveBeenCalled();
    expect(result).toMatchObject({ status: 'merged', notes: ['One item is no longer available.'] });
  });

  it('keeps the guest bag when the merge was refused or the server could not be reached', async () => {
    const clear = vi.fn();
    const refused = await mergeGuestBag(
      lines,
      async () => ({ bag: null, userErrors: [{ code: 'INVALID_INPUT', message: 'Too many lines.' }] }),
      clear,
    );
    expect(refused).toEqual({ status: 'failed', message: 'Too many lines.' });
    const offline = await mergeGuestBag(
      lines,
      async () => {
        throw new Error('Failed to fetch');
      },
      clear,
    );
    expect(offline).toEqual({ status: 'failed', message: 'Failed to fetch' });
    expect(await mergeGuestBag(lines, async () => null, clear)).toMatchObject({ status: 'failed' });
    expect(clear).not.toHaveBeenCalled();
  });

  it('does nothing for an empty guest bag', async () => {
    const send = vi.fn();
    expect(await mergeGuestBag([], send, vi.fn())).toEqual({ status: 'nothing' });
    expect(send).not.toHaveBeenCalled();
  });
});
