/**
 * The guest cart before the app is here (issue 30). For a visitor, Add to Cart only writes the
 * browser's own guest cart (local storage `drx_guest_cart`, spec sections 3–5): the entry does that
 * itself at the press, with the app's own rules (features/cart/guestCart.ts), and shows the new
 * count on the header's cart button at once — so a phone's first tap answers in a frame instead of
 * after the whole app has been fetched and has adopted the page. The press is then done: it is not
 * kept for the app to do again (earlyInput.ts). The app reads the stored cart when it starts (a
 * stored guest cart starts it at once: appStart.ts), draws its own count and takes over.
 *
 * The count is drawn by CSS from an attribute of the cart button (`data-early-count`, see
 * earlyStyles.ts), not by a node of its own: React adopts the server's nodes, and a node added to
 * them would not match (an attribute is not compared when React adopts a page).
 */
import {
  addGuestItem,
  type GuestCartInput,
  guestCartCount,
  guestPriceOf,
  loadGuestCart,
  saveGuestCart,
} from '../features/cart/guestCart';
import { GUEST_MODE_KEY, parseGuestMode } from '../features/cart/guestMode';
import { GUEST_CART_KEY } from '../features/cart/storageKeys';

/** The Add to Cart buttons the entry may press itself: they carry their item (AddToCartButton). */
export const EARLY_ADD_SELECTOR = 'button[data-cart-item-id]';
const CART_BUTTON = '[data-testid="cart-button"]';
const APP_COUNT = '[data-testid="cart-count"]';

/** An item added before the app was here (the app says so in a toast when it is). */
export interface EarlyAdd {
  title: string;
  alreadyInCart: boolean;
}

const added: EarlyAdd[] = [];
let notify: ((add: EarlyAdd) => void) | null = null;

/** The item a server-rendered Add to Cart button carries, or null if it carries none (or bad). */
export function itemOf(button: HTMLElement): Required<Omit<GuestCartInput, 'quantity'>> | null {
  const { cartItemType: itemType, cartItemId: itemId, cartItemTitle: title } = button.dataset;
  const priceCents = Number(button.dataset.cartItemPriceCents);
  if ((itemType !== 'course' && itemType !== 'resource') || !itemId || !title) return null;
  if (!Number.isInteger(priceCents) || priceCents < 0) return null;
  return {
    itemType,
    itemId,
    title,
    price: guestPriceOf(priceCents),
    imageUrl: button.dataset.cartItemImage || null,
  };
}

/** Shows `count` on the header's cart button until the app draws its own. */
export function showEarlyCount(count: number): void {
  const button = document.querySelector<HTMLElement>(CART_BUTTON);
  if (!button) return;
  // No badge for an empty cart, as the app draws none.
  if (count > 0) button.dataset.earlyCount = String(count);
  else delete button.dataset.earlyCount;
  button.setAttribute('aria-label', `Cart (${count} items)`);
  // The app's own count, once drawn, replaces this one for good.
  const handOver = () => {
    if (!button.isConnected || button.querySelector(APP_COUNT)) {
      delete button.dataset.earlyCount;
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(handOver);
  observer.observe(button, { childList: true, subtree: true });
  handOver();
}

/**
 * Adds the item of a pressed Add to Cart button to the guest cart, when this visitor shops as a
 * guest (not signed in, guest mode on) and their browser keeps what is written. True when done;
 * false leaves the press to the app.
 */
export function addEarly(button: HTMLElement, storage: Storage | null, signedIn: boolean): boolean {
  const item = itemOf(button);
  if (!item || signedIn || !storage) return false;
  try {
    if (!parseGuestMode(storage.getItem(GUEST_MODE_KEY))) return false;
  } catch {
    return false;
  }
  const before = loadGuestCart(storage);
  const after = addGuestItem(before, item);
  // Storage refused (full, blocked): the app will say so ('Storage Error') when it does the press.
  if (!saveGuestCart(after, storage)) return false;
  const alreadyInCart = before.some((line) => line.itemType === item.itemType && line.itemId === item.itemId);
  showEarlyCount(guestCartCount(after));
  // An app already started (adopting the page, not yet ready) reads the cart again, as for a
  // change made in another tab.
  window.dispatchEvent(new StorageEvent('storage', { key: GUEST_CART_KEY }));
  const add = { title: item.title, alreadyInCart };
  if (notify) notify(add);
  else added.push(add);
  return true;
}

/** The app hears of each item added before it was ready (those already added first). */
export function onEarlyAdd(listener: (add: EarlyAdd) => void): void {
  notify = listener;
  for (const add of added.splice(0)) listener(add);
}
