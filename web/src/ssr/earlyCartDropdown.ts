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
 * member's cart is on the server: their dropdown ('Your Cart', Checkout → /simple-checkout) shows
 * the cart the server rendered into the page (memberCartState.ts), its changes waiting for the app
 * (the quantity and remove buttons are shown disabled); once the app has adopted the page it is
 * replaced by the app's own, open in its place (`handEarlyCartToApp`). A guest whose guest mode
 * is off waits for the app.
 */
import {
  type GuestCartItem,
  guestCartCount,
  guestCartTotalCents,
  guestUnitPriceCents,
  loadGuestCart,
  maxQuantityOf,
  removeGuestItem,
  saveGuestCart,
  setGuestQuantity,
} from '../features/cart/guestCart';
import { GUEST_MODE_KEY, parseGuestMode } from '../features/cart/guestMode';
import { GUEST_CART_KEY } from '../features/cart/storageKeys';
import { formatCents } from '../lib/currency';
import { showEarlyCount } from './earlyCart';
import { EARLY_ISLAND } from './earlyDialog';
import { type MemberCart, renderedMemberCart } from './memberCartState';

/** The header's cart button (HeaderCartSlot marks it). */
export const EARLY_CART_SELECTOR = '[data-testid="cart-button"]';
const ID = 'drx-early-cart';
/** A press of the cart button closed the dropdown: its click is done (see `triggerPressed`). */
let closedByTrigger = false;
/** The member's dropdown open now: how to close it, for the app to open its own in its place. */
let openMemberCart: { trigger: HTMLElement; shut: (giveFocus: boolean) => void } | null = null;

/** A line as the dropdown shows it, from the guest's cart or the member's. */
interface EarlyLine {
  id: string;
  title: string;
  itemType: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** The most units the line may have; null when its changes wait for the app. */
  max: number | null;
}

/** What the dropdown shows: the guest's cart (changed here) or the member's (changed by the app). */
interface EarlyCartSource {
  heading: string;
  checkoutHref: string;
  lines(): EarlyLine[];
  totalCents(lines: EarlyLine[]): number;
  /** The guest's changes; absent for a member (the buttons are disabled until the app is here). */
  change?: { quantity(id: string, quantity: number): void; remove(id: string): void };
}

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

function lineRow(line: EarlyLine, source: EarlyCartSource) {
  const row = element('li', 'drx-early-cart-line');
  row.dataset.testid = 'cart-line';
  const about = element('div', 'drx-early-cart-about');
  const unit = formatCents(line.unitPriceCents);
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
  const change = source.change;
  quantity.append(
    button(
      `Decrease quantity of ${line.title}`,
      '−',
      () => change?.quantity(line.id, line.quantity - 1),
      !change,
    ),
    count,
    button(
      `Increase quantity of ${line.title}`,
      '+',
      () => change?.quantity(line.id, line.quantity + 1),
      !change || line.max === null || line.quantity >= line.max,
    ),
  );
  about.append(quantity);
  const end = element('div', 'drx-early-cart-end');
  const price = element('p', 'drx-early-cart-price', formatCents(line.lineTotalCents));
  price.dataset.testid = 'cart-line-price';
  end.append(
    price,
    button(`Remove ${line.title}`, '×', () => change?.remove(line.id), !change),
  );
  row.append(about, end);
  return row;
}

/** The guest's cart, from the browser's storage, changed with the app's own rules. */
function guestSource(storage: Storage, redraw: () => void): EarlyCartSource {
  const all = () => loadGuestCart(storage);
  const save = (next: GuestCartItem[]) => {
    // Storage refused (full, blocked): the dropdown shows what is stored.
    if (saveGuestCart(next, storage)) {
      showEarlyCount(guestCartCount(next));
      window.dispatchEvent(new StorageEvent('storage', { key: GUEST_CART_KEY }));
    }
    redraw();
  };
  const view = (line: GuestCartItem): EarlyLine => ({
    id: line.id,
    title: line.title,
    itemType: line.itemType,
    unitPriceCents: guestUnitPriceCents(line),
    quantity: line.quantity,
    lineTotalCents: guestUnitPriceCents(line) * line.quantity,
    max: maxQuantityOf(line.itemType),
  });
  return {
    heading: 'Guest Shopping Cart',
    checkoutHref: '/cart',
    lines: () => all().map(view),
    totalCents: () => guestCartTotalCents(all()),
    change: {
      quantity: (id, quantity) => save(setGuestQuantity(all(), id, quantity)),
      remove: (id) => save(removeGuestItem(all(), id)),
    },
  };
}

/** The member's cart as the server rendered it; its changes wait for the app. */
function memberSource(cart: MemberCart): EarlyCartSource {
  const lines = cart.lines.map((line): EarlyLine => ({
    id: line.id,
    title: line.title,
    itemType: line.itemType,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    lineTotalCents: line.lineTotalCents,
    max: null,
  }));
  return {
    heading: 'Your Cart',
    checkoutHref: '/simple-checkout',
    lines: () => lines,
    totalCents: () => cart.subtotalCents,
  };
}

/**
 * Once the app has adopted the page (ssr/PageReady.tsx): a member's dropdown the entry opened is
 * replaced by the app's own, opened by a press of the same cart button, where changes work.
 */
export function handEarlyCartToApp(): void {
  const open = openMemberCart;
  if (!open) return;
  open.shut(false);
  if (open.trigger.isConnected) open.trigger.click();
}

/** The guest's storage when this visitor shops as a guest (guest mode on, storage allowed). */
function guestStorage(storage: Storage | null): Storage | null {
  if (!storage) return null;
  try {
    return parseGuestMode(storage.getItem(GUEST_MODE_KEY)) ? storage : null;
  } catch {
    return null;
  }
}

/**
 * Opens (or, pressed again, closes) the cart dropdown under `trigger`: a guest's from their
 * browser's storage, a member's from the cart the server rendered into the page. False leaves the
 * press to the app (guest mode off, no storage, or a member's page without its rendered cart).
 */
export function openEarlyCart(trigger: HTMLElement, storage: Storage | null, signedIn: boolean): boolean {
  const guest = signedIn ? null : guestStorage(storage);
  const memberCart = signedIn ? renderedMemberCart() : null;
  if (!guest && !memberCart) return false;
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
  const source = guest ? guestSource(guest, () => draw()) : memberSource(memberCart!);
  const title = element('h2', 'drx-early-cart-heading', source.heading);
  title.id = 'drx-early-cart-title';
  const body = element('div', 'drx-early-cart-body');
  const footer = element('div', 'drx-early-cart-footer');
  panel.append(title, body, footer);
  root.append(panel);

  const draw = () => {
    const lines = source.lines();
    const focused = document.activeElement?.getAttribute('aria-label');
    body.replaceChildren();
    if (lines.length === 0) {
      body.append(element('p', 'drx-early-cart-empty', 'Your cart is empty'));
    } else {
      const list = element('ul', 'drx-early-cart-lines');
      list.setAttribute('aria-label', 'Cart items');
      list.dataset.testid = 'cart-lines';
      for (const line of lines) list.append(lineRow(line, source));
      body.append(list);
    }
    const total = element('div', 'drx-early-cart-total');
    const amount = element('span', 'drx-early-cart-strong', formatCents(source.totalCents(lines)));
    amount.dataset.testid = 'cart-total';
    total.append(element('span', 'drx-early-cart-strong', 'Total'), amount);
    // Checkout goes to /cart (a guest's) or /simple-checkout (a member's); with nothing to buy it is
    // a disabled button, as the app's.
    let checkout: HTMLElement;
    if (lines.length > 0) {
      checkout = element('a', 'drx-early-cart-button drx-early-cart-solid', 'Checkout');
      (checkout as HTMLAnchorElement).href = source.checkoutHref;
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
    if (openMemberCart?.shut === shut) openMemberCart = null;
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
  if (!guest) openMemberCart = { trigger, shut };
  return true;
}
