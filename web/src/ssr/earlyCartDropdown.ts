/**
 * The header's cart dropdown before the app is here (issue 30). A guest's cart is the browser's own
 * (local storage `drx_guest_cart`), so the page's entry opens a dropdown of its own at the tap, as
 * the app's (layouts/HeaderCartSlot.tsx, spec section 2) shows it: 'Guest Shopping Cart', each line
 * with its quantity's minus and plus, a remove button and its price, the total, 'Your cart is empty',
 * Checkout and View Cart (both to /cart); the list scrolls above 300 px. Its changes are written with
 * the app's own rules (features/cart/guestCart.ts) and the header's count follows at once; an app
 * already starting reads the cart again. It is outside React's root (a sibling of `#root`), closes
 * with Escape, its trigger or a press beside it, and gives focus back to the cart button; once the
 * app is here, a press of the cart button closes it and opens the app's own. A signed-in
 * member's cart is on the server and waits for the app; so does a guest whose guest mode is off.
 */
import {
  type GuestCartItem,
  guestCartCount,
  guestCartTotal,
  guestUnitPrice,
  loadGuestCart,
  maxQuantityOf,
  removeGuestItem,
  saveGuestCart,
  setGuestQuantity,
} from '../features/cart/guestCart';
import { GUEST_MODE_KEY, parseGuestMode } from '../features/cart/guestMode';
import { GUEST_CART_KEY } from '../features/cart/storageKeys';
import { formatCurrency } from '../lib/currency';
import { showEarlyCount } from './earlyCart';
import { EARLY_ISLAND } from './earlyDialog';

/** The header's cart button (HeaderCartSlot marks it). */
export const EARLY_CART_SELECTOR = '[data-testid="cart-button"]';
const ID = 'drx-early-cart';
/** A press of the cart button closed the dropdown: its click is done (see `triggerPressed`). */
let closedByTrigger = false;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label: string, text: string, onPress: () => void, disabled = false): HTMLButtonElement {
  const node = element('button', 'drx-early-cart-icon', text);
  node.type = 'button';
  node.setAttribute('aria-label', label);
  node.disabled = disabled;
  node.addEventListener('click', onPress);
  return node;
}

function lineRow(line: GuestCartItem, change: (next: GuestCartItem[]) => void, all: () => GuestCartItem[]) {
  const row = element('li', 'drx-early-cart-line');
  row.dataset.testid = 'cart-line';
  const about = element('div', 'drx-early-cart-about');
  const unit = formatCurrency(guestUnitPrice(line));
  about.append(
    element('p', 'drx-early-cart-title', line.title),
    element(
      'p',
      'drx-early-cart-muted',
      line.itemType === 'course' ? `Course · ${unit} · one seat per buyer` : `Resource · ${unit} per licence`,
    ),
  );
  const quantity = element('div', 'drx-early-cart-quantity');
  const count = element('span', 'drx-early-cart-count', String(line.quantity));
  count.dataset.testid = 'cart-line-quantity';
  quantity.append(
    button(`Decrease quantity of ${line.title}`, '−', () =>
      change(setGuestQuantity(all(), line.id, line.quantity - 1)),
    ),
    count,
    button(
      `Increase quantity of ${line.title}`,
      '+',
      () => change(setGuestQuantity(all(), line.id, line.quantity + 1)),
      line.quantity >= maxQuantityOf(line.itemType),
    ),
  );
  about.append(quantity);
  const end = element('div', 'drx-early-cart-end');
  const price = element('p', 'drx-early-cart-price', formatCurrency(guestUnitPrice(line) * line.quantity));
  price.dataset.testid = 'cart-line-price';
  end.append(
    price,
    button(`Remove ${line.title}`, '×', () => change(removeGuestItem(all(), line.id))),
  );
  row.append(about, end);
  return row;
}

/**
 * Opens (or, pressed again, closes) the guest's cart dropdown under `trigger`; false leaves the
 * press to the app (a member, guest mode off, no storage, or a cart the browser will not keep).
 */
export function openEarlyCart(trigger: HTMLElement, storage: Storage | null, signedIn: boolean): boolean {
  if (signedIn || !storage) return false;
  try {
    if (!parseGuestMode(storage.getItem(GUEST_MODE_KEY))) return false;
  } catch {
    return false;
  }
  // The press that began on the cart button already closed the dropdown (below): it is done.
  if (closedByTrigger) {
    closedByTrigger = false;
    return true;
  }

  const root = element('div', '');
  root.id = ID;
  root.setAttribute(EARLY_ISLAND, '');
  const panel = element('div', 'drx-early-cart-panel');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-labelledby', 'drx-early-cart-title');
  panel.dataset.testid = 'early-cart-dropdown';
  // Under the cart button, its right edge at the button's, and kept inside the screen.
  const place = () => {
    const box = trigger.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const right = Math.min(width - box.right, width - panel.offsetWidth - 8);
    panel.style.top = `${Math.round(box.bottom + 8)}px`;
    panel.style.right = `${Math.max(8, Math.round(right))}px`;
  };
  const title = element('h2', 'drx-early-cart-heading', 'Guest Shopping Cart');
  title.id = 'drx-early-cart-title';
  const body = element('div', 'drx-early-cart-body');
  const footer = element('div', 'drx-early-cart-footer');
  panel.append(title, body, footer);
  root.append(panel);

  const all = () => loadGuestCart(storage);
  const change = (next: GuestCartItem[]) => {
    // Storage refused (full, blocked): the dropdown shows what is stored.
    if (saveGuestCart(next, storage)) {
      showEarlyCount(guestCartCount(next));
      window.dispatchEvent(new StorageEvent('storage', { key: GUEST_CART_KEY }));
    }
    draw();
  };
  const draw = () => {
    const lines = all();
    const focused = document.activeElement?.getAttribute('aria-label');
    body.replaceChildren();
    if (lines.length === 0) {
      body.append(element('p', 'drx-early-cart-empty', 'Your cart is empty'));
    } else {
      const list = element('ul', 'drx-early-cart-lines');
      list.setAttribute('aria-label', 'Cart items');
      list.dataset.testid = 'cart-lines';
      for (const line of lines) list.append(lineRow(line, change, all));
      body.append(list);
    }
    const total = element('div', 'drx-early-cart-total');
    const amount = element('span', 'drx-early-cart-strong', formatCurrency(guestCartTotal(lines)));
    amount.dataset.testid = 'cart-total';
    total.append(element('span', 'drx-early-cart-strong', 'Total'), amount);
    // Checkout goes to /cart (a guest's); with nothing to buy it is a disabled button, as the app's.
    let checkout: HTMLElement;
    if (lines.length > 0) {
      checkout = element('a', 'drx-early-cart-button drx-early-cart-solid', 'Checkout');
      (checkout as HTMLAnchorElement).href = '/cart';
    } else {
      checkout = element('button', 'drx-early-cart-button drx-early-cart-solid', 'Checkout');
      (checkout as HTMLButtonElement).disabled = true;
    }
    const view = element('a', 'drx-early-cart-button', 'View Cart');
    view.href = '/cart';
    footer.replaceChildren(total, checkout, view);
    // A press that redrew the lines keeps its place (the same control, or the panel).
    const again =
      focused && [...panel.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === focused);
    if (focused && document.activeElement === document.body)
      (again && !again.disabled ? again : panel).focus();
  };

  const shut = (giveFocus: boolean) => {
    root.remove();
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onOutside, true);
    window.removeEventListener('resize', place);
    trigger.setAttribute('aria-expanded', 'false');
    if (giveFocus && trigger.isConnected) trigger.focus();
  };
  // A press of the cart button closes it as it begins, so once the app is here the same press
  // opens the app's own dropdown (before, openEarlyCart sees it closed and takes the press).
  const triggerPressed = () => {
    closedByTrigger = true;
    // A press that never clicks (dragged away) must not swallow the next one.
    setTimeout(() => (closedByTrigger = false), 1000);
    shut(false);
  };
  const onKey = (event: KeyboardEvent) => {
    if ((event.key === 'Enter' || event.key === ' ') && trigger.contains(event.target as Node)) {
      triggerPressed();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      shut(true);
    }
  };
  // A press beside it closes it.
  const onOutside = (event: PointerEvent) => {
    const target = event.target as Node | null;
    if (target && trigger.contains(target)) triggerPressed();
    else if (target && !panel.contains(target)) shut(false);
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onOutside, true);
  window.addEventListener('resize', place);
  panel.tabIndex = -1;
  draw();
  document.body.append(root);
  place();
  trigger.setAttribute('aria-expanded', 'true');
  panel.focus();
  return true;
}
