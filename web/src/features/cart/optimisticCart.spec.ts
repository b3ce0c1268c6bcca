import { describe, expect, it } from 'vitest';
import { cartWith, optimisticPayload } from './cartCache';
import { addedToast, optimisticAdd } from './useCartItemAdd';

const line = {
  id: 'l-1',
  itemType: 'course',
  itemId: 'c-1',
  title: 'Ballet',
  unitPriceCents: 14900,
  quantity: 1,
  lineTotalCents: 14900,
  imageUrl: null,
  createdAt: '2026-11-21T00:00:00.000Z',
};

describe('optimistic cart answers', () => {
  it('raises the quantity of a line already in the cart and recomputes the totals', () => {
    const payload = optimisticAdd(
      { items: [line] },
      { itemType: 'course', itemId: 'c-1', title: 'x', priceCents: 1 },
      2,
    );
    expect(payload.cart.items).toHaveLength(1);
    expect(payload.item).toMatchObject({ id: 'l-1', quantity: 3, lineTotalCents: 44700, title: 'Ballet' });
    expect(payload.cart).toMatchObject({ itemCount: 3, subtotalCents: 44700 });
    expect(payload.userErrors).toEqual([]);
  });

  it('appends a new line with the shown price until the server answers', () => {
    const payload = optimisticAdd(
      { items: [line] },
      { itemType: 'resource', itemId: 'r-1', title: 'Sheets', priceCents: 600, imageUrl: '/r.png' },
      1,
    );
    expect(payload.cart.items.map((l) => l.itemId)).toEqual(['c-1', 'r-1']);
    expect(payload.item).toMatchObject({
      id: 'optimistic-resource-r-1',
      unitPriceCents: 600,
      imageUrl: '/r.png',
    });
    expect(payload.cart.subtotalCents).toBe(15500);
  });

  it('builds typed carts for the cache', () => {
    expect(cartWith([])).toEqual({
      __typename: 'Cart',
      itemCount: 0,
      subtotalCents: 0,
      memberDiscountPercent: 0,
      memberDiscountCents: 0,
      items: [],
    });
    expect(optimisticPayload([line]).cart.items[0]).toMatchObject({ __typename: 'CartItem', id: 'l-1' });
  });

  it('says Added to Cart for a new line and Item Added for one more, both with View Cart', () => {
    const view = () => undefined;
    expect(addedToast('Ballet', false, view)).toMatchObject({
      title: 'Added to Cart',
      action: { label: 'View Cart' },
    });
    expect(addedToast('Ballet', true, view)).toMatchObject({
      title: 'Item Added',
      action: { label: 'View Cart' },
    });
  });
});
