import { dollarsToCents, parsePrice } from '../../lib/price';
import {
  type KeyValueStorage,
  loadStoredList,
  localStorageOrNull,
  saveStoredList,
} from '../../ui/browserStorage';
import { GUEST_CART_KEY } from './storageKeys';

/**
 * The guest cart (spec sections 3–5 and 9): a list of lines kept in the browser's local storage
 * under `drx_guest_cart`, with the same rules as the member cart. Pure functions; the provider
 * keeps the state and writes it.
 */
export { GUEST_CART_KEY };

/** Most of one item a line may hold (as on the server). */
export const MAX_QUANTITY = 99;

export type CartItemType = 'course' | 'resource';

/**
 * A guest cart line in the spec's shape, as stored; `price` is in dollars (the web counts in cents:
 * {@link guestUnitPriceCents}, {@link guestPriceOf}).
 */
export interface GuestCartItem {
  id: string;
  itemType: CartItemType;
  itemId: string;
  title: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
  details?: { price?: number | string };
}

/** What an Add to cart button hands over. `price` may be a number or text such as "$12.00". */
export interface GuestCartInput {
  itemType: CartItemType;
  itemId: string;
  title: string;
  price: number | string;
  quantity?: number;
  imageUrl?: string | null;
}

/** Where a resource's thumbnail is looked for when it has none of its own (spec section 3). */
export function resourceThumbnailPath(itemId: string): string {
  return `/api/resources/${encodeURIComponent(itemId)}/thumbnail`;
}

/** The image a guest line shows: its own, else (for a resource) the thumbnail path from its id. */
export function guestImageFor(
  itemType: CartItemType,
  itemId: string,
  imageUrl?: string | null,
): string | null {
  if (imageUrl) return imageUrl;
  return itemType === 'resource' ? resourceThumbnailPath(itemId) : null;
}

function lineId(itemType: CartItemType, itemId: string): string {
  return `guest-${itemType}-${itemId}`;
}

/** Most a line of this type holds: a course is one seat per buyer (as on the server). */
export function maxQuantityOf(itemType: CartItemType): number {
  return itemType === 'course' ? 1 : MAX_QUANTITY;
}

function clampQuantity(quantity: number, itemType: CartItemType): number {
  return Math.min(maxQuantityOf(itemType), Math.max(0, Math.floor(quantity)));
}

/**
 * Adds an item: the same itemType and itemId raise the quantity by the given amount, or by 1
 * (never beyond {@link MAX_QUANTITY}, and a course stays at 1); otherwise a new line is appended.
 */
export function addGuestItem(items: GuestCartItem[], input: GuestCartInput): GuestCartItem[] {
  const amount = input.quantity === undefined ? 1 : Math.floor(input.quantity);
  if (!(amount >= 1)) return items;
  const existing = items.find((item) => item.itemType === input.itemType && item.itemId === input.itemId);
  if (existing) {
    return items.map((item) =>
      item === existing ? { ...item, quantity: clampQuantity(item.quantity + amount, item.itemType) } : item,
    );
  }
  const price = parsePrice(input.price);
  return [
    ...items,
    {
      id: lineId(input.itemType, input.itemId),
      itemType: input.itemType,
      itemId: input.itemId,
      title: input.title,
      price,
      quantity: clampQuantity(amount, input.itemType),
      imageUrl: guestImageFor(input.itemType, input.itemId, input.imageUrl),
      details: { price },
    },
  ];
}

/** Sets a line's quantity; below 1 removes the line. */
export function setGuestQuantity(items: GuestCartItem[], id: string, quantity: number): GuestCartItem[] {
  if (!(quantity >= 1)) return removeGuestItem(items, id);
  return items.map((item) =>
    item.id === id ? { ...item, quantity: clampQuantity(quantity, item.itemType) } : item,
  );
}

export function removeGuestItem(items: GuestCartItem[], id: string): GuestCartItem[] {
  return items.filter((item) => item.id !== id);
}

/** Unit price of a line in dollars: `price` (a currency symbol is stripped), else `details.price`. */
export function guestUnitPrice(item: Pick<GuestCartItem, 'price' | 'details'>): number {
  const direct = parsePrice(item.price as number | string);
  if (direct !== 0 || item.details?.price === undefined) return direct;
  return parsePrice(item.details.price);
}

/** Unit price of a line in whole cents (what the web adds up). */
export function guestUnitPriceCents(item: Pick<GuestCartItem, 'price' | 'details'>): number {
  return dollarsToCents(guestUnitPrice(item));
}

/** The stored price (dollars, as the spec keeps it) of a price in cents. */
export function guestPriceOf(cents: number): number {
  return cents / 100;
}

export function guestCartCount(items: GuestCartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Sum of the lines in whole cents. */
export function guestCartTotalCents(items: GuestCartItem[]): number {
  return items.reduce((sum, item) => sum + guestUnitPriceCents(item) * item.quantity, 0);
}

function isItemType(value: unknown): value is CartItemType {
  return value === 'course' || value === 'resource';
}

/**
 * Reads the stored cart, keeping only well-formed lines (a hand-edited or older entry never breaks
 * the page). Merges duplicate items like adds do.
 */
export function parseGuestCart(raw: string | null): GuestCartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  let items: GuestCartItem[] = [];
  for (const entry of parsed as Record<string, unknown>[]) {
    if (!entry || typeof entry !== 'object') continue;
    if (!isItemType(entry.itemType) || typeof entry.itemId !== 'string' || !entry.itemId) continue;
    const details = entry.details as { price?: number | string } | undefined;
    const price = guestUnitPrice({
      price: entry.price as number,
      details: details && typeof details === 'object' ? details : undefined,
    });
    const quantity =
      typeof entry.quantity === 'number' ? entry.quantity : parsePrice(String(entry.quantity ?? 1));
    items = addGuestItem(items, {
      itemType: entry.itemType,
      itemId: entry.itemId,
      title: typeof entry.title === 'string' ? entry.title : '',
      price,
      quantity: quantity >= 1 ? quantity : 1,
      imageUrl: typeof entry.imageUrl === 'string' ? entry.imageUrl : null,
    });
  }
  return items;
}

export { localStorageOrNull };

export function loadGuestCart(storage: KeyValueStorage | null = localStorageOrNull()): GuestCartItem[] {
  return loadStoredList(storage, GUEST_CART_KEY, parseGuestCart);
}

/** Writes the cart; false when the browser refused (the caller shows 'Storage Error'). */
export function saveGuestCart(
  items: GuestCartItem[],
  storage: KeyValueStorage | null = localStorageOrNull(),
): boolean {
  return saveStoredList(storage, GUEST_CART_KEY, items);
}
