import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toaster } from '../../ui/toaster';
import {
  addGuestItem,
  GUEST_CART_KEY,
  type GuestCartInput,
  type GuestCartItem,
  loadGuestCart,
  localStorageOrNull,
  removeGuestItem,
  saveGuestCart,
  setGuestQuantity,
} from './guestCart';
import { GuestModeContext, type GuestModeValue } from './GuestModeContext';
import { GUEST_MODE_KEY, parseGuestMode, STORAGE_ERROR } from './guestMode';
import { CartTransfer } from './CartTransfer';
import { startedFromServerHtml } from '../../ssr/serverState';

function readFlag(): boolean {
  try {
    return parseGuestMode(localStorageOrNull()?.getItem(GUEST_MODE_KEY));
  } catch {
    return true;
  }
}

/**
 * Holds the guest-mode flag and the guest cart (local storage `drx_guest_cart`), keeps other tabs in
 * step, and moves the guest cart into the member's cart at sign-in. Mount once, inside Apollo.
 */
export function GuestModeProvider({ children }: { children: ReactNode }) {
  // Adopting the server's HTML, the first render is the server's (no storage there): the stored
  // flag and cart are read right after it.
  const fromServer = startedFromServerHtml();
  const [guestModeEnabled, setFlag] = useState(() => (fromServer ? parseGuestMode(null) : readFlag()));
  const [guestCart, setGuestCart] = useState<GuestCartItem[]>(() => (fromServer ? [] : loadGuestCart()));
  // The latest cart, so quick successive changes (a transfer loop) never work on a stale list.
  const cartRef = useRef(guestCart);

  const commit = useCallback((change: (items: GuestCartItem[]) => GuestCartItem[]): boolean => {
    const next = change(cartRef.current);
    cartRef.current = next;
    setGuestCart(next);
    const saved = saveGuestCart(next);
    if (!saved) toaster.create({ type: 'error', ...STORAGE_ERROR });
    return saved;
  }, []);

  useEffect(() => {
    if (!fromServer) return;
    const stored = loadGuestCart();
    // As a transition, which React renders in slices: set in this effect, right after the page was
    // adopted, the change rendered every part that shows the cart again in one task (≈ 300 ms on a
    // phone, CPU slowed 4×, while a tap waited).
    startTransition(() => {
      if (stored.length > 0) {
        cartRef.current = stored;
        setGuestCart(stored);
      }
      setFlag(readFlag());
    });
  }, [fromServer]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_CART_KEY || event.key === null) {
        cartRef.current = loadGuestCart();
        setGuestCart(cartRef.current);
      }
      if (event.key === GUEST_MODE_KEY || event.key === null) setFlag(readFlag());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setGuestModeEnabled = useCallback((enabled: boolean) => {
    setFlag(enabled);
    try {
      localStorageOrNull()?.setItem(GUEST_MODE_KEY, String(enabled));
    } catch {
      toaster.create({ type: 'error', ...STORAGE_ERROR });
    }
  }, []);

  const value = useMemo<GuestModeValue>(
    () => ({
      guestModeEnabled,
      setGuestModeEnabled,
      guestCart,
      addGuestItem: (input: GuestCartInput) => commit((items) => addGuestItem(items, input)),
      setGuestQuantity: (id, quantity) => commit((items) => setGuestQuantity(items, id, quantity)),
      removeGuestItem: (id) => commit((items) => removeGuestItem(items, id)),
      removeGuestItems: (ids) => commit((items) => items.filter((item) => !ids.includes(item.id))),
      clearGuestCart: () => commit(() => []),
    }),
    [guestModeEnabled, setGuestModeEnabled, guestCart, commit],
  );

  return (
    <GuestModeContext.Provider value={value}>
      <CartTransfer />
      {children}
    </GuestModeContext.Provider>
  );
}
