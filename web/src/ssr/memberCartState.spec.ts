import { describe, expect, it } from 'vitest';
import { memberCartOf } from './memberCartState';

const line = (id: string, quantity: number, unit: number) => ({
  __typename: 'CartItem',
  id,
  itemType: 'resource',
  itemId: `r-${id}`,
  title: `Resource ${id}`,
  unitPriceCents: unit,
  quantity,
  lineTotalCents: unit * quantity,
  imageUrl: null,
});

describe('memberCartOf (the cart the server rendered, in the graph cache)', () => {
  it('follows the cache’s references to the lines', () => {
    const state = {
      ROOT_QUERY: {
        __typename: 'Query',
        cart: {
          __typename: 'Cart',
          itemCount: 3,
          subtotalCents: 4500,
          items: [{ __ref: 'CartItem:a' }, { __ref: 'CartItem:b' }],
        },
      },
      'CartItem:a': line('a', 2, 1500),
      'CartItem:b': line('b', 1, 1500),
    };
    expect(memberCartOf(state)).toEqual({
      itemCount: 3,
      subtotalCents: 4500,
      lines: [
        {
          id: 'a',
          title: 'Resource a',
          itemType: 'resource',
          unitPriceCents: 1500,
          quantity: 2,
          lineTotalCents: 3000,
        },
        {
          id: 'b',
          title: 'Resource b',
          itemType: 'resource',
          unitPriceCents: 1500,
          quantity: 1,
          lineTotalCents: 1500,
        },
      ],
    });
  });

  it('reads an empty cart, and a cart kept as a reference itself', () => {
    const state = {
      ROOT_QUERY: { cart: { __ref: 'Cart:me' } },
      'Cart:me': { itemCount: 0, subtotalCents: 0, items: [] },
    };
    expect(memberCartOf(state)).toEqual({ itemCount: 0, subtotalCents: 0, lines: [] });
  });

  it('is null without a cart, or when a line or a sum is missing (the app answers then)', () => {
    expect(memberCartOf(null)).toBeNull();
    expect(memberCartOf({ ROOT_QUERY: { me: null } })).toBeNull();
    const missingLine = {
      ROOT_QUERY: { cart: { itemCount: 1, subtotalCents: 100, items: [{ __ref: 'CartItem:gone' }] } },
    };
    expect(memberCartOf(missingLine)).toBeNull();
    const noSum = { ROOT_QUERY: { cart: { itemCount: 1, items: [] } } };
    expect(memberCartOf(noSum)).toBeNull();
  });
});
