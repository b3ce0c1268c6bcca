import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import type { ShopBagDetailsFragment } from '../../gql/graphql';
import { useCurrentUser } from '../auth';
import { bagCount } from './guestBag';
import { writeShopBag } from './shopBagCache';
import {
  ShopBagAddDocument,
  ShopBagPreviewQueryDocument,
  ShopBagQueryDocument,
  ShopBagRemoveDocument,
  ShopBagUpdateDocument,
} from './shopDocuments';
import { useGuestBag } from './useGuestBag';

export type ShopBagMode = 'loading' | 'guest' | 'member';

/** What a bag change answered: null when done, else the reason it was refused. */
export type BagChangeResult = string | null;

const STORAGE_REFUSED = 'Your browser did not let DRX keep the bag (storage is full or blocked).';

function refusal(payload: { userErrors: { message: string }[] } | null | undefined): BagChangeResult {
  if (!payload) return 'The server did not answer.';
  return payload.userErrors.length > 0 ? payload.userErrors.map((e) => e.message).join(' ') : null;
}

async function attempt(run: () => Promise<BagChangeResult>): Promise<BagChangeResult> {
  try {
    return await run();
  } catch (error) {
    return error instanceof Error && error.message ? error.message : 'Please try again.';
  }
}

/** Whose bag this is: a guest's (in the browser) or a member's (on the server); 'loading' until known. */
export function useShopBagMode(): ShopBagMode {
  const { user } = useCurrentUser();
  return user === undefined ? 'loading' : user ? 'member' : 'guest';
}

/** The number of items in the bag, for the bag link (a guest's counted in the browser). */
export function useShopBagCount(): number | null {
  const mode = useShopBagMode();
  const guest = useGuestBag();
  const member = useQuery(ShopBagQueryDocument, { skip: mode !== 'member' });
  if (mode === 'guest') return bagCount(guest.lines);
  if (mode === 'member') return member.data?.shopBag.totalQuantity ?? null;
  return null;
}

/** Adds a variant to the bag: the browser's for a guest, the server's (shopBagAdd) for a member. */
export function useAddToBag() {
  const mode = useShopBagMode();
  const guest = useGuestBag();
  const [mutate, { loading }] = useMutation(ShopBagAddDocument);
  const add = useCallback(
    (variantId: string, quantity: number): Promise<BagChangeResult> => {
      if (mode === 'guest') return Promise.resolve(guest.add(variantId, quantity) ? null : STORAGE_REFUSED);
      return attempt(async () => {
        const { data } = await mutate({
          variables: { input: { variantId, quantity } },
          update: (cache, answer) => writeShopBag(cache, answer.data?.shopBagAdd.bag),
        });
        return refusal(data?.shopBagAdd);
      });
    },
    [mode, guest, mutate],
  );
  return { add, adding: loading, ready: mode !== 'loading' };
}

export interface ShopBagState {
  mode: ShopBagMode;
  /** The priced bag; null while it loads (or for an empty guest bag). */
  bag: ShopBagDetailsFragment | null;
  loading: boolean;
  error: string | null;
  /** The guest's lines as the browser holds them (empty for a member). */
  guestLines: ReturnType<typeof useGuestBag>['lines'];
  setQuantity: (variantId: string, quantity: number) => Promise<BagChangeResult>;
  remove: (variantId: string) => Promise<BagChangeResult>;
  clearGuestBag: () => void;
}

/**
 * The bag page's bag: a member's from shopBag, a guest's from the browser priced by shopBagPreview,
 * with quantity changes and removal for either.
 */
export function useShopBag(): ShopBagState {
  const mode = useShopBagMode();
  const guest = useGuestBag();
  const member = useQuery(ShopBagQueryDocument, {
    skip: mode !== 'member',
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const preview = useQuery(ShopBagPreviewQueryDocument, {
    skip: mode !== 'guest' || guest.lines.length === 0,
    variables: { lines: guest.lines.map(({ variantId, quantity }) => ({ variantId, quantity })) },
    fetchPolicy: 'network-only',
  });
  const [update] = useMutation(ShopBagUpdateDocument);
  const [removeLine] = useMutation(ShopBagRemoveDocument);

  const setQuantity = useCallback(
    (variantId: string, quantity: number): Promise<BagChangeResult> => {
      if (mode === 'guest') {
        return Promise.resolve(guest.setQuantity(variantId, quantity) ? null : STORAGE_REFUSED);
      }
      return attempt(async () => {
        const { data } = await update({
          variables: { input: { variantId, quantity } },
          update: (cache, answer) => writeShopBag(cache, answer.data?.shopBagUpdate.bag),
        });
        return refusal(data?.shopBagUpdate);
      });
    },
    [mode, guest, update],
  );

  const remove = useCallback(
    (variantId: string): Promise<BagChangeResult> => {
      if (mode === 'guest') return Promise.resolve(guest.remove(variantId) ? null : STORAGE_REFUSED);
      return attempt(async () => {
        const { data } = await removeLine({
          variables: { variantId },
          update: (cache, answer) => writeShopBag(cache, answer.data?.shopBagRemove.bag),
        });
        return refusal(data?.shopBagRemove);
      });
    },
    [mode, guest, removeLine],
  );

  const base = {
    mode,
    guestLines: mode === 'guest' ? guest.lines : [],
    setQuantity,
    remove,
    clearGuestBag: guest.clear,
  };
  if (mode === 'member') {
    const bag = member.data?.shopBag ?? null;
    return {
      ...base,
      bag,
      loading: !bag && member.loading,
      error: !bag && member.error ? member.error.message : null,
    };
  }
  if (mode === 'guest') {
    if (guest.lines.length === 0) return { ...base, bag: null, loading: false, error: null };
    const priced = (preview.data ?? preview.previousData)?.shopBagPreview ?? null;
    // While a change is being priced, lines taken out of the browser's bag are not shown.
    const kept = new Set(guest.lines.map((line) => line.variantId));
    const bag = priced && { ...priced, lines: priced.lines.filter((line) => kept.has(line.variantId)) };
    return {
      ...base,
      bag,
      loading: !bag && preview.loading,
      error: !bag && preview.error ? preview.error.message : null,
    };
  }
  return { ...base, bag: null, loading: true, error: null };
}
