import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toaster } from '../../ui/toaster';
import { CartItemAddDocument } from './cartDocuments';
import {
  errorMessage,
  firstError,
  type MemberLine,
  optimisticPayload,
  readCart,
  writeCart,
} from './cartCache';
import type { CartItemType } from './guestCart';

export interface CartAddInput {
  itemType: CartItemType;
  itemId: string;
  /** Shown until the server answers; the server always uses the catalog's title and price. */
  title: string;
  priceCents: number;
  imageUrl?: string | null;
  quantity?: number;
}

/**
 * Adds an item to the member's cart with an optimistic line (rolled back when the server refuses),
 * then toasts 'Added to Cart' (a new line) or 'Item Added' (one more of a line) with a View Cart
 * button, or 'Failed to add item to cart'.
 */
export function useCartItemAdd() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [mutate, state] = useMutation(CartItemAddDocument);

  const add = useCallback(
    async (input: CartAddInput): Promise<boolean> => {
      const quantity = input.quantity ?? 1;
      const before = readCart(client.cache);
      const already = before.items.some((l) => l.itemType === input.itemType && l.itemId === input.itemId);
      try {
        const { data } = await mutate({
          variables: { input: { itemType: input.itemType, itemId: input.itemId, quantity } },
          optimisticResponse: { cartItemAdd: optimisticAdd(before, input, quantity) },
          update: (cache, result) => writeCart(cache, result.data?.cartItemAdd.cart),
        });
        const problem = firstError(data?.cartItemAdd.userErrors);
        if (problem || !data) {
          toaster.create({ type: 'error', title: 'Failed to add item to cart', description: problem });
          return false;
        }
        toaster.create(
          addedToast(data.cartItemAdd.item?.title ?? input.title, already, () => void navigate('/cart')),
        );
        return true;
      } catch (error) {
        toaster.create({
          type: 'error',
          title: 'Failed to add item to cart',
          description: errorMessage(error),
        });
        return false;
      }
    },
    [client, mutate, navigate],
  );

  return { add, loading: state.loading };
}

/** The cart with the item added (or its quantity raised), as the server will answer it. */
export function optimisticAdd(
  cart: { items: MemberLine[]; memberDiscountPercent?: number },
  input: CartAddInput,
  quantity: number,
) {
  const existing = cart.items.find(
    (line) => line.itemType === input.itemType && line.itemId === input.itemId,
  );
  const item: MemberLine = existing
    ? { ...existing, quantity: existing.quantity + quantity }
    : {
        id: `optimistic-${input.itemType}-${input.itemId}`,
        itemType: input.itemType,
        itemId: input.itemId,
        title: input.title,
        unitPriceCents: input.priceCents,
        quantity,
        lineTotalCents: input.priceCents * quantity,
        imageUrl: input.imageUrl ?? null,
        createdAt: new Date().toISOString(),
      };
  const items = existing
    ? cart.items.map((line) => (line.id === existing.id ? item : line))
    : [...cart.items, item];
  return optimisticPayload(items, item, cart.memberDiscountPercent ?? 0);
}

/** The success toast of an add: 'Added to Cart' for a new line, 'Item Added' for one more of a line. */
export function addedToast(title: string, alreadyInCart: boolean, viewCart: () => void) {
  return {
    type: 'success' as const,
    title: alreadyInCart ? 'Item Added' : 'Added to Cart',
    description: alreadyInCart
      ? `Another ${title} is in your cart.`
      : `${title} has been added to your cart.`,
    action: { label: 'View Cart', onClick: viewCart },
  };
}
