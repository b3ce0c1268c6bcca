import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toaster } from '../../ui/toaster';
import { CartItemRemoveDocument } from './cartDocuments';
import { errorMessage, firstError, optimisticPayload, readCart, writeCart } from './cartCache';

/** Removes one of the member's lines optimistically (rolled back on error); toasts 'Item Removed'. */
export function useCartItemRemove() {
  const client = useApolloClient();
  const [mutate, state] = useMutation(CartItemRemoveDocument);

  const remove = useCallback(
    async (id: string): Promise<boolean> => {
      const cart = readCart(client.cache);
      const line = cart.items.find((l) => l.id === id);
      const { item: _none, ...payload } = optimisticPayload(
        cart.items.filter((l) => l.id !== id),
        null,
        cart.memberDiscountPercent,
      );
      try {
        const { data } = await mutate({
          variables: { input: { id } },
          optimisticResponse: { cartItemRemove: payload },
          update: (cache, result) => writeCart(cache, result.data?.cartItemRemove.cart),
        });
        const problem = firstError(data?.cartItemRemove.userErrors);
        if (problem || !data) {
          toaster.create({ type: 'error', title: 'Failed to remove item from cart', description: problem });
          return false;
        }
        toaster.create({
          type: 'success',
          title: 'Item Removed',
          description: `${line?.title ?? 'The item'} was removed from your cart.`,
        });
        return true;
      } catch (error) {
        toaster.create({
          type: 'error',
          title: 'Failed to remove item from cart',
          description: errorMessage(error),
        });
        return false;
      }
    },
    [client, mutate],
  );

  return { remove, loading: state.loading };
}
