/**
 * The idempotency key of the checkout in progress, kept in sessionStorage so that a double click,
 * a retry or a reload sends the same key and the server answers with the same order and payment.
 * The key belongs to one cart: when the lines, quantities or coupon change, a new key is made.
 */
export const CHECKOUT_STORAGE_KEY = 'drx_checkout';

/** The part of the Storage API this module uses (sessionStorage, or a stand-in in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredCheckout {
  idempotencyKey: string;
  /** What the key was made for: see {@link cartFingerprint}. */
  fingerprint: string;
  couponCode: string | null;
  /** The order the key created, once the server answered. */
  orderId: string | null;
}

export interface FingerprintLine {
  itemType: string;
  itemId: string;
  quantity: number;
}

/** Identifies a cart's content and coupon, whatever the order of its lines. */
export function cartFingerprint(lines: readonly FingerprintLine[], couponCode: string | null): string {
  const parts = lines.map((line) => `${line.itemType}:${line.itemId}x${line.quantity}`).sort();
  return `${parts.join('|')}#${(couponCode ?? '').trim().toUpperCase()}`;
}

const memory = new Map<string, string>();
const memoryStore: KeyValueStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

/** sessionStorage when the browser allows it, else an in-memory store for this page's life. */
export function checkoutStore(): KeyValueStore {
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return memoryStore;
    const probe = `${CHECKOUT_STORAGE_KEY}_probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStore;
  }
}

function isStoredCheckout(value: unknown): value is StoredCheckout {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.idempotencyKey === 'string' &&
    v.idempotencyKey.length > 0 &&
    typeof v.fingerprint === 'string' &&
    (v.couponCode === null || typeof v.couponCode === 'string') &&
    (v.orderId === null || typeof v.orderId === 'string')
  );
}

/** The stored checkout, or null when there is none or it cannot be read. */
export function readCheckout(store: KeyValueStore = checkoutStore()): StoredCheckout | null {
  try {
    const raw = store.getItem(CHECKOUT_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredCheckout(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function write(store: KeyValueStore, checkout: StoredCheckout) {
  try {
    store.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(checkout));
  } catch {
    // A full or blocked storage only loses the reuse across reloads; the key still works now.
  }
}

const randomKey = () => globalThis.crypto.randomUUID();

/**
 * The idempotency key for checking out this cart: the stored one when it was made for the same
 * fingerprint, else a new one (which replaces it).
 */
export function checkoutFor(
  fingerprint: string,
  couponCode: string | null,
  store: KeyValueStore = checkoutStore(),
  newKey: () => string = randomKey,
): StoredCheckout {
  const stored = readCheckout(store);
  if (stored && stored.fingerprint === fingerprint) return stored;
  const checkout: StoredCheckout = { idempotencyKey: newKey(), fingerprint, couponCode, orderId: null };
  write(store, checkout);
  return checkout;
}

/** Notes the order the stored key created, so /checkout/stripe can resume its payment. */
export function rememberCheckoutOrder(
  idempotencyKey: string,
  orderId: string,
  store: KeyValueStore = checkoutStore(),
): void {
  const stored = readCheckout(store);
  if (!stored || stored.idempotencyKey !== idempotencyKey) return;
  write(store, { ...stored, orderId });
}

/** The stored checkout that created `orderId`, if any. */
export function checkoutForOrder(
  orderId: string,
  store: KeyValueStore = checkoutStore(),
): StoredCheckout | null {
  const stored = readCheckout(store);
  return stored && stored.orderId === orderId ? stored : null;
}

/** Drops the stored key (the order was paid, cancelled or failed): the next checkout gets a new one. */
export function forgetCheckout(store: KeyValueStore = checkoutStore()): void {
  try {
    store.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // nothing stored that could be dropped
  }
}
