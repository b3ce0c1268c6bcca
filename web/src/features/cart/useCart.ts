import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStaleTime } from '../../apollo/staleTime';
import { toaster } from '../../ui/toaster';
import { useCurrentUser } from '../auth';
import { CartDocument } from './cartDocuments';
import {
  type CartItemType,
  guestCartCount,
  guestCartTotalCents,
  guestPriceOf,
  guestUnitPriceCents,
} from './guestCart';
import { addedToast, type CartAddInput, useCartItemAdd } from './useCartItemAdd';
import { useCartClear } from './useCartClear';
import { useCartItemRemove } from './useCartItemRemove';
import { useCartItemUpdate } from './useCartItemUpdate';
import { useCartPoll } from './useCartPoll';
import { useGuestMode } from './useGuestMode';

/** The spec's cart refetch interval while signed in (section 9). */
export const CART_POLL_MS = 3000;
/** The spec's cart stale time (section 9): a cart view mounting with an older answer asks again. */
export const CART_STALE_MS = 1000;

/** A cart line as the dropdown and the cart page show it; amounts in whole cents. */
export interface CartLineView {
  id: string;
  itemType: CartItemType;
  itemId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  imageUrl: string | null;
}

export interface CartState {
  /** 'loading' while the session is unknown. */
  mode: 'guest' | 'member' | 'loading';
  lines: CartLineView[];
  count: number;
  /** The lines' sum in cents before a member's discount, as the server counts it (the guest's: from their lines). */
  subtotalCents: number;
  /** What my membership takes off (resource lines); null for guests and when nothing is taken. */
  discount: { percent: number; cents: number } | null;
  loading: boolean;
  add: (input: CartAddInput) => Promise<boolean>;
  setQuantity: (line: CartLineView, quantity: number) => Promise<boolean>;
  remove: (line: CartLineView) => Promise<boolean>;
  clear: () => Promise<boolean>;
}

/**
 * The cart of whoever is here: the member's server cart or the guest cart in local storage, with the
 * same operations and toasts. The header (always on screen) passes `poll` so the member cart is
 * checked every 3 s once per page (useCartPoll.ts: a conditional `GET /api/cart`, the cart query
 * again only when it changed); other users of the hook read the same cached cart, asked for
 * again when they mount with an answer older than 1 s (the spec's stale time).
 */
export function useCart({ poll = false }: { poll?: boolean } = {}): CartState {
  const { user } = useCurrentUser();
  const signedIn = Boolean(user);
  const navigate = useNavigate();
  const guest = useGuestMode();
  const query = useQuery(CartDocument, { skip: !signedIn });
  useCartPoll(poll && signedIn, CART_POLL_MS);
  useStaleTime(CartDocument, CART_STALE_MS, !signedIn);
  const { add: memberAdd } = useCartItemAdd();
  const { update: memberUpdate } = useCartItemUpdate();
  const { remove: memberRemove } = useCartItemRemove();
  const { clear: memberClear } = useCartClear();

  const mode: CartState['mode'] = user ? 'member' : user === null ? 'guest' : 'loading';
  const serverCart = signedIn ? query.data?.cart : undefined;

  const lines = useMemo<CartLineView[]>(() => {
    if (mode === 'member') {
      return (serverCart?.items ?? []).map((line) => ({
        id: line.id,
        itemType: line.itemType as CartItemType,
        itemId: line.itemId,
        title: line.title,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.lineTotalCents,
        imageUrl: line.imageUrl,
      }));
    }
    if (mode === 'guest') {
      return guest.guestCart.map((item) => {
        const unitPriceCents = guestUnitPriceCents(item);
        return {
          id: item.id,
          itemType: item.itemType,
          itemId: item.itemId,
          title: item.title,
          unitPriceCents,
          quantity: item.quantity,
          lineTotalCents: unitPriceCents * item.quantity,
          imageUrl: item.imageUrl,
        };
      });
    }
    return [];
  }, [mode, serverCart, guest.guestCart]);

  const add = useCallback(
    async (input: CartAddInput): Promise<boolean> => {
      if (user) return memberAdd(input);
      if (!guest.guestModeEnabled) {
        void navigate('/auth');
        return false;
      }
      const already = guest.guestCart.some((i) => i.itemType === input.itemType && i.itemId === input.itemId);
      const saved = guest.addGuestItem({
        itemType: input.itemType,
        itemId: input.itemId,
        title: input.title,
        price: guestPriceOf(input.priceCents),
        quantity: input.quantity,
        imageUrl: input.imageUrl,
      });
      if (saved) {
        toaster.create(addedToast(input.title, already, () => void navigate('/cart')));
      }
      return saved;
    },
    [user, memberAdd, guest, navigate],
  );

  const setQuantity = useCallback(
    async (line: CartLineView, quantity: number): Promise<boolean> => {
      if (user) return memberUpdate(line.id, quantity);
      const saved = guest.setGuestQuantity(line.id, quantity);
      if (saved) {
        toaster.create(
          quantity < 1
            ? {
                type: 'success',
                title: 'Item Removed',
                description: `${line.title} was removed from your cart.`,
              }
            : { type: 'success', title: 'Cart Updated', description: `Quantity set to ${quantity}.` },
        );
      }
      return saved;
    },
    [user, memberUpdate, guest],
  );

  const remove = useCallback(
    async (line: CartLineView): Promise<boolean> => {
      if (user) return memberRemove(line.id);
      const saved = guest.removeGuestItem(line.id);
      if (saved) {
        toaster.create({
          type: 'success',
          title: 'Item Removed',
          description: `${line.title} was removed from your cart.`,
        });
      }
      return saved;
    },
    [user, memberRemove, guest],
  );

  const clear = useCallback(async (): Promise<boolean> => {
    if (user) return memberClear();
    const saved = guest.clearGuestCart();
    if (saved) {
      toaster.create({
        type: 'success',
        title: 'Cart Cleared',
        description: 'All items were removed from your cart.',
      });
    }
    return saved;
  }, [user, memberClear, guest]);

  const count =
    mode === 'member' ? (serverCart?.itemCount ?? 0) : mode === 'guest' ? guestCartCount(guest.guestCart) : 0;
  const subtotalCents =
    mode === 'member'
      ? (serverCart?.subtotalCents ?? 0)
      : mode === 'guest'
        ? guestCartTotalCents(guest.guestCart)
        : 0;
  const discount =
    mode === 'member' && serverCart && serverCart.memberDiscountCents > 0
      ? { percent: serverCart.memberDiscountPercent, cents: serverCart.memberDiscountCents }
      : null;

  return {
    mode,
    lines,
    count,
    subtotalCents,
    discount,
    loading: mode === 'loading' || (mode === 'member' && query.loading && !query.data),
    add,
    setQuantity,
    remove,
    clear,
  };
}
