import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { toaster } from '../../ui/toaster';
import { useCurrentUser } from '../auth';
import { mergeGuestBag } from './bagMerge';
import { ShopBagMergeDocument } from './shopDocuments';
import { writeShopBag } from './shopBagCache';
import { currentGuestBag, useGuestBag } from './useGuestBag';

/** The user whose sign-in already started a merge on this page (StrictMode runs effects twice). */
let mergeStartedFor: string | null = null;

/**
 * At sign-in (a user appears while the guest shop bag has lines) moves the guest bag into the
 * member's with one shopBagMerge, then empties it; on failure keeps it and says so. Runs once per
 * sign-in. Mounted once, in the app root (like the DRX cart's CartTransfer).
 */
export function ShopBagTransfer(): null {
  const client = useApolloClient();
  const { user } = useCurrentUser();
  const { lines, clear } = useGuestBag();
  const userId = user?.id ?? null;
  const hasGuestLines = lines.length > 0;

  useEffect(() => {
    if (user === null) mergeStartedFor = null;
    if (!userId || !hasGuestLines || mergeStartedFor === userId) return;
    mergeStartedFor = userId;
    void (async () => {
      const result = await mergeGuestBag(
        currentGuestBag(),
        async (guestLines) => {
          const { data } = await client.mutate({
            mutation: ShopBagMergeDocument,
            variables: { lines: guestLines.map(({ variantId, quantity }) => ({ variantId, quantity })) },
            update: (cache, answer) => writeShopBag(cache, answer.data?.shopBagMerge.bag),
          });
          return data?.shopBagMerge;
        },
        () => clear(),
      );
      if (result.status === 'failed') {
        toaster.create({
          type: 'error',
          title: 'Shop bag not moved',
          description:
            `The items in your guest shop bag could not be added to your bag. ${result.message}`.trim(),
        });
      } else if (result.status === 'merged') {
        toaster.create({
          type: 'success',
          title: 'Shop bag kept',
          description: [
            result.quantity === 1
              ? 'The item from your guest shop bag is now in your bag.'
              : `The ${result.quantity} items from your guest shop bag are now in your bag.`,
            ...result.notes,
          ].join(' '),
        });
      }
    })();
  }, [client, userId, hasGuestLines, user, clear]);

  return null;
}
