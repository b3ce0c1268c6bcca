/**
 * The guest's shop bag: store variants and quantities kept in the browser's local storage under
 * `drx.shopBag` until sign-in moves them into the member's bag (ShopBagTransfer). Prices are never
 * stored: the server prices the lines (shopBagPreview). Pure functions, plus reading and writing.
 */
import {
  type KeyValueStorage,
  loadStoredList,
  localStorageOrNull,
  saveStoredList,
} from '../../ui/browserStorage';

export const GUEST_BAG_KEY = 'drx.shopBag';

/** Most of one variant a line may hold (as on the server). */
export const MAX_BAG_QUANTITY = 99;

export interface GuestBagLine {
  variantId: string;
  quantity: number;
}

function clamp(quantity: number): number {
  return Math.min(MAX_BAG_QUANTITY, Math.max(0, Math.floor(quantity)));
}

/** Adds `quantity` (default 1) of a variant: raises its line, else appends one; never beyond 99. */
export function addBagLine(lines: GuestBagLine[], variantId: string, quantity = 1): GuestBagLine[] {
  const amount = Math.floor(quantity);
  if (!variantId || !(amount >= 1)) return lines;
  if (lines.some((line) => line.variantId === variantId)) {
    return lines.map((line) =>
      line.variantId === variantId ? { ...line, quantity: clamp(line.quantity + amount) } : line,
    );
  }
  return [...lines, { variantId, quantity: clamp(amount) }];
}

/** Sets a line's quantity (at most 99); below 1 removes the line. */
export function setBagQuantity(lines: GuestBagLine[], variantId: string, quantity: number): GuestBagLine[] {
  if (!(quantity >= 1)) return removeBagLine(lines, variantId);
  return lines.map((line) => (line.variantId === variantId ? { ...line, quantity: clamp(quantity) } : line));
}

export function removeBagLine(lines: GuestBagLine[], variantId: string): GuestBagLine[] {
  return lines.filter((line) => line.variantId !== variantId);
}

export function bagCount(lines: GuestBagLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Reads a stored bag, keeping only well-formed lines and merging repeats (never throws). */
export function parseGuestBag(raw: string | null): GuestBagLine[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  let lines: GuestBagLine[] = [];
  for (const entry of parsed as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const { variantId, quantity } = entry as Record<string, unknown>;
    if (typeof variantId !== 'string' || !variantId) continue;
    lines = addBagLine(lines, variantId, typeof quantity === 'number' && quantity >= 1 ? quantity : 1);
  }
  return lines;
}

export type { KeyValueStorage };
/** The browser's local storage, or null where there is none (or it is blocked). */
export const browserStorage = localStorageOrNull;

export function loadGuestBag(storage: KeyValueStorage | null = browserStorage()): GuestBagLine[] {
  return loadStoredList(storage, GUEST_BAG_KEY, parseGuestBag);
}

/** Writes the bag (an empty bag removes the key); false when the browser refused. */
export function saveGuestBag(
  lines: GuestBagLine[],
  storage: KeyValueStorage | null = browserStorage(),
): boolean {
  return saveStoredList(storage, GUEST_BAG_KEY, lines);
}
