import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addBagLine,
  bagCount,
  GUEST_BAG_KEY,
  loadGuestBag,
  MAX_BAG_QUANTITY,
  parseGuestBag,
  removeBagLine,
  saveGuestBag,
  setBagQuantity,
} from './guestBag';
import { currentGuestBag, resetGuestBagCache, writeGuestBag } from './useGuestBag';

function memoryStorage(initial: Record<string, string> = {}, failWrites = false) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (failWrites) throw new Error('QuotaExceededError');
      data.set(key, value);
    },
    removeItem: (key: string) => {
      if (failWrites) throw new Error('SecurityError');
      data.delete(key);
    },
  };
}

const V1 = 'gid://shopify/ProductVariant/1';
const V2 = 'gid://shopify/ProductVariant/2';

describe('guest shop bag rules', () => {
  it('adds a variant, raises the quantity of one already there, never beyond 99', () => {
    let lines = addBagLine([], V1);
    lines = addBagLine(lines, V1, 2);
    lines = addBagLine(lines, V2, 5);
    expect(lines).toEqual([
      { variantId: V1, quantity: 3 },
      { variantId: V2, quantity: 5 },
    ]);
    expect(addBagLine(lines, V2, 500)[1].quantity).toBe(MAX_BAG_QUANTITY);
    expect(addBagLine([], V1, 0)).toEqual([]);
    expect(addBagLine([], '', 1)).toEqual([]);
    expect(bagCount(lines)).toBe(8);
  });

  it('sets a quantity (capped), removes the line below 1 or on remove', () => {
    const lines = addBagLine(addBagLine([], V1), V2);
    expect(setBagQuantity(lines, V1, 4)[0].quantity).toBe(4);
    expect(setBagQuantity(lines, V1, 120)[0].quantity).toBe(99);
    expect(setBagQuantity(lines, V1, 0)).toEqual([{ variantId: V2, quantity: 1 }]);
    expect(removeBagLine(lines, V2)).toEqual([{ variantId: V1, quantity: 1 }]);
  });

  it('reads a stored bag safely: bad entries skipped, repeats merged', () => {
    const raw = JSON.stringify([
      { variantId: V1, quantity: 2 },
      { variantId: V1, quantity: 3 },
      { variantId: V2 },
      { quantity: 4 },
      null,
      'x',
    ]);
    expect(parseGuestBag(raw)).toEqual([
      { variantId: V1, quantity: 5 },
      { variantId: V2, quantity: 1 },
    ]);
    expect(parseGuestBag('not json')).toEqual([]);
    expect(parseGuestBag('{"variantId":"x"}')).toEqual([]);
    expect(parseGuestBag(null)).toEqual([]);
  });
});

describe('guest shop bag storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetGuestBagCache();
  });

  it('round-trips through local storage under drx.shopBag as {variantId, quantity} lines', () => {
    const storage = memoryStorage();
    const lines = addBagLine([], V1, 2);
    expect(saveGuestBag(lines, storage)).toBe(true);
    expect(JSON.parse(storage.data.get(GUEST_BAG_KEY)!)).toEqual([{ variantId: V1, quantity: 2 }]);
    expect(loadGuestBag(storage)).toEqual(lines);
    expect(saveGuestBag([], storage)).toBe(true);
    expect(storage.data.has(GUEST_BAG_KEY)).toBe(false);
  });

  it('reports a refused write', () => {
    expect(saveGuestBag(addBagLine([], V1), memoryStorage({}, true))).toBe(false);
    expect(saveGuestBag([], null)).toBe(false);
  });

  it('the shared bag reads the browser storage once and writes every change back', () => {
    const storage = memoryStorage({ [GUEST_BAG_KEY]: JSON.stringify([{ variantId: V1, quantity: 1 }]) });
    vi.stubGlobal('window', { localStorage: storage, addEventListener: () => undefined });
    expect(currentGuestBag()).toEqual([{ variantId: V1, quantity: 1 }]);
    expect(writeGuestBag((lines) => addBagLine(lines, V2, 3))).toBe(true);
    expect(JSON.parse(storage.data.get(GUEST_BAG_KEY)!)).toEqual([
      { variantId: V1, quantity: 1 },
      { variantId: V2, quantity: 3 },
    ]);
    expect(writeGuestBag(() => [])).toBe(true);
    expect(storage.data.has(GUEST_BAG_KEY)).toBe(false);
    expect(currentGuestBag()).toEqual([]);
  });
});
