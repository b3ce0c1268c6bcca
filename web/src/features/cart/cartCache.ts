import type { ApolloCache } from '@apollo/client';
import type { CartLine_ItemFragment, CartQuery } from '../../gql/graphql';
import { CartDocument } from './cartDocuments';

export type MemberCart = CartQuery['cart'];
export type MemberLine = CartLine_ItemFragment;

export const EMPTY_CART: MemberCart = {
  itemCount: 0,
  subtotalCents: 0,
  memberDiscountPercent: 0,
  memberDiscountCents: 0,
  items: [],
};

/**
 * What a membership's `percent` takes off a line: resource lines only, rounded to the nearest cent
 * (the server's rule, api/src/modules/orders/order-pricing.ts `memberLineDiscount`).
 */
export function memberLineDiscount(
  line: Pick<MemberLine, 'itemType' | 'unitPriceCents' | 'quantity'>,
  percent: number,
) {
  if (line.itemType !== 'resource' || percent <= 0) return 0;
  const total = line.unitPriceCents * line.quantity;
  return Math.min(total, Math.floor((total * Math.min(percent, 100) + 50) / 100));
}

/** The member cart as the cache holds it now (empty when never loaded). */
export function readCart(cache: ApolloCache): MemberCart {
  try {
    return cache.readQuery({ query: CartDocument })?.cart ?? EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

/** Puts a cart returned by a mutation where the `cart` query reads it. */
export function writeCart(cache: ApolloCache, cart: MemberCart | null | undefined): void {
  if (cart) cache.writeQuery({ query: CartDocument, data: { cart } });
}

/**
 * A cart object with its totals and typenames, for optimistic responses; the membership's percent
 * is the cart's as last answered (the server's answer replaces it all).
 */
export function cartWith(items: MemberLine[], memberDiscountPercent = 0): MemberCart {
  const typed = items.map((line) => ({
    __typename: 'CartItem' as const,
    ...line,
    lineTotalCents: line.unitPriceCents * line.quantity,
  }));
  return {
    __typename: 'Cart',
    itemCount: typed.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: typed.reduce((sum, line) => sum + line.lineTotalCents, 0),
    memberDiscountPercent,
    memberDiscountCents: typed.reduce(
      (sum, line) => sum + memberLineDiscount(line, memberDiscountPercent),
      0,
    ),
    items: typed,
  } as MemberCart;
}

/** The optimistic payload of a cart mutation. */
export function optimisticPayload(
  items: MemberLine[],
  item: MemberLine | null = null,
  memberDiscountPercent = 0,
) {
  const cart = cartWith(items, memberDiscountPercent);
  return {
    __typename: 'CartPayload' as const,
    cart,
    item: item ? (cart.items.find((line) => line.id === item.id) ?? null) : null,
    userErrors: [],
  };
}

/** The first user error's message, for a toast's description. */
export function firstError(errors: { message: string }[] | undefined): string | null {
  return errors && errors.length > 0 ? errors[0].message : null;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Please try again.';
}
