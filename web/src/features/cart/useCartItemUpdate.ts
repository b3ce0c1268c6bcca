import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toaster } from '../../ui/toaster';
import { CartItemUpdateDocument } from './cartDocuments';
import { errorMessage, firstError, optimisticPayload, readCart, writeCart } from './cartCache';

/**
 * Sets the quantity of one of the member's lines (below 1 removes it) optimistically, rolled back
 * on error; toasts 'Cart Updated' / 'Item Removed', or 'Failed to update item quantity'.
 */
export function useCartItemUpdate() {
  const client = useApolloClient();
  const [mutate, state] = useMutation(CartItemUpdateDocument);

  const update = useCallback(
    async (id: string, quantity: number): Promise<boolean> => {
      const cart = readCart(client.cache);
      const line = cart.items.find((l) => l.id === id);
      const items =
        quantity < 1
          ? cart.items.filter((l) => l.id !== id)
          : cart.items.map((l) => (l.id === id ? { ...l, quantity } : l));
      try {
        const { data } = await mutate({
          variables: { input: { id, quantity } },
          optimisticResponse: {
            cartItemUpdate: optimisticPayload(
              items,
              quantity < 1 || !line ? null : { ...line, quantity },
              cart.memberDiscountPercent,
            ),
          },
          update: (cache, result) => writeCart(cache, result.data?.cartItemUpdate.cart),
        });
        const problem = firstError(data?.cartItemUpdate.userErrors);
        if (problem || !data) {
          toaster.create({ type: 'error', title: 'Failed to update item quantity', description: problem });
          return false;
        }
        toaster.create(
          quantity < 1
            ? {
                type: 'success',
                title: 'Item Removed',
                description: `${line?.title ?? 'The item'} was removed from your cart.`,
              }
            : { type: 'success', title: 'Cart Updated', description: `Quantity set to ${quantity}.` },
        );
        return true;
      } catch (error) {
        toaster.create({
          type: 'error',
          title: 'Failed to update item quantity',
          description: errorMessage(error),
        });
        return false;
      }
    },
    [client, mutate],
  );

  return { update, loading: state.loading };
}
