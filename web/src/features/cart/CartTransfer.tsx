import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { toaster } from '../../ui/toaster';
import { useCurrentUser } from '../auth';
import { CartItemAddDocument } from './cartDocuments';
import { writeCart } from './cartCache';
import { outcomeOf, transferLines, transferToast } from './cartTransfer';
import { maxQuantityOf } from './guestCart';
import { useGuestMode } from './useGuestMode';

/** The user whose sign-in already started a transfer on this page (StrictMode runs effects twice). */
let transferStartedFor: string | null = null;

/**
 * At sign-in (a user appears while the guest cart has items) moves the guest lines one by one into
 * the member's cart, then shows 'Cart Transferred' and empties the guest cart. Lines the server
 * refuses stay in the guest cart ('Transfer Error', with how many); when the merge as a whole fails
 * (the server cannot be reached or refuses the call) the rest stay too ('Failed to merge your guest
 * cart with your account'). Runs once per sign-in (and again at the next page load).
 */
export function CartTransfer(): null {
  const client = useApolloClient();
  const { user } = useCurrentUser();
  const { guestCart, removeGuestItems } = useGuestMode();
  const userId = user?.id ?? null;
  const hasGuestItems = guestCart.length > 0;

  useEffect(() => {
    if (user === null) transferStartedFor = null;
    if (!userId || !hasGuestItems || transferStartedFor === userId) return;
    transferStartedFor = userId;
    void (async () => {
      const result = await transferLines(guestCart, async (item) => {
        const { data } = await client.mutate({
          mutation: CartItemAddDocument,
          variables: {
            input: {
              itemType: item.itemType,
              itemId: item.itemId,
              quantity: Math.min(item.quantity, maxQuantityOf(item.itemType)),
            },
          },
          update: (cache, answer) => writeCart(cache, answer.data?.cartItemAdd.cart),
        });
        return outcomeOf(data?.cartItemAdd.userErrors, item.itemType);
      });
      if (result.done.length > 0) removeGuestItems(result.done);
      toaster.create(transferToast(result));
    })();
    // The guest lines are read when the sign-in is seen; later changes do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, hasGuestItems, user]);

  return null;
}
