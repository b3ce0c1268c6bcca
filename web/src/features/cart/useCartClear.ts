import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toaster } from '../../ui/toaster';
import { CartClearDocument } from './cartDocuments';
import { errorMessage, firstError, optimisticPayload, writeCart } from './cartCache';

/** Empties the member's cart optimistically (rolled back on error); toasts 'Cart Cleared'. */
export function useCartClear() {
  const [mutate, state] = useMutation(CartClearDocument);

  const clear = useCallback(async (): Promise<boolean> => {
    const { item: _none, ...payload } = optimisticPayload([]);
    try {
      const { data } = await mutate({
        optimisticResponse: { cartClear: payload },
        update: (cache, result) => writeCart(cache, result.data?.cartClear.cart),
      });
      const problem = firstError(data?.cartClear.userErrors);
      if (problem || !data) {
        toaster.create({ type: 'error', title: 'Failed to clear cart', description: problem });
        return false;
      }
      toaster.create({
        type: 'success',
        title: 'Cart Cleared',
        description: 'All items were removed from your cart.',
      });
      return true;
    } catch (error) {
      toaster.create({ type: 'error', title: 'Failed to clear cart', description: errorMessage(error) });
      return false;
    }
  }, [mutate]);

  return { clear, loading: state.loading };
}
