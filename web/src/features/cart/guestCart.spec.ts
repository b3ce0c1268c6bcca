import { describe, expect, it } from 'vitest';
import {
  addGuestItem,
  GUEST_CART_KEY,
  guestCartCount,
  guestCartTotalCents,
  type GuestCartItem,
  loadGuestCart,
  MAX_QUANTITY,
  maxQuantityOf,
  parseGuestCart,
  removeGuestItem,
  resourceThumbnailPath,
  saveGuestCart,
  setGuestQuantity,
} from './guestCart';

const COURSE = {
  itemType: 'course' as const,
  itemId: 'c-1',
  title: 'Ballet Basics',
  price: 149,
  imageUrl: '/c.jpg',
};
const RESOURCE = { itemType: 'resource' as const, itemId: 'r-1', title: 'Tap Sheets', price: '$12.50' };

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

describe('guest cart rules', () => {
  it('adds a new line with quantity 1 and the price parsed from text', () => {
    const items = addGuestItem([], RESOURCE);
    expect(items).toEqual([
      {
        id: 'guest-resource-r-1',
        itemType: 'resource',
        itemId: 'r-1',
        title: 'Tap Sheets',
        price: 12.5,
        quantity: 1,
        imageUrl: resourceThumbnailPath('r-1'),
        details: { price: 12.5 },
      },
    ]);
  });

  it('gives a resource without an image the thumbnail path built from its itemId, keeps a given image', () => {
    expect(addGuestItem([], RESOURCE)[0].imageUrl).toBe('/api/resources/r-1/thumbnail');
    expect(addGuestItem([], { ...RESOURCE, imageUrl: '/mine.png' })[0].imageUrl).toBe('/mine.png');
    expect(addGuestItem([], { ...COURSE, imageUrl: null })[0].imageUrl).toBeNull();
  });

  it('raises the quantity of the same itemType and itemId by the given amount or by 1', () => {
    let items = addGuestItem([], RESOURCE);
    items = addGuestItem(items, RESOURCE);
    items = addGuestItem(items, { ...RESOURCE, quantity: 3 });
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(5);
    // the same id as another type is another item
    items = addGuestItem(items, { ...COURSE, itemId: 'r-1' });
    expect(items).toHaveLength(2);
  });

  it('ignores adds of less than 1 and caps quantities', () => {
    expect(addGuestItem([], { ...RESOURCE, quantity: 0 })).toEqual([]);
    const items = addGuestItem([], { ...RESOURCE, quantity: 500 });
    expect(items[0].quantity).toBe(MAX_QUANTITY);
  });

  it('keeps a course at one seat per buyer', () => {
    expect(maxQuantityOf('course')).toBe(1);
    expect(maxQuantityOf('resource')).toBe(MAX_QUANTITY);
    let items = addGuestItem([], { ...COURSE, quantity: 3 });
    items = addGuestItem(items, COURSE);
    expect(items[0].quantity).toBe(1);
    expect(setGuestQuantity(items, items[0].id, 2)[0].quantity).toBe(1);
  });

  it('sets a quantity and removes the line below 1', () => {
    const items = addGuestItem(addGuestItem([], RESOURCE), COURSE);
    const id = items[0].id;
    expect(setGuestQuantity(items, id, 4)[0].quantity).toBe(4);
    expect(setGuestQuantity(items, id, 0).map((i) => i.itemId)).toEqual(['c-1']);
    expect(setGuestQuantity(items, id, -2).map((i) => i.itemId)).toEqual(['c-1']);
    expect(removeGuestItem(items, id).map((i) => i.itemId)).toEqual(['c-1']);
  });

  it('counts quantities and totals the lines in cents', () => {
    const items = setGuestQuantity(addGuestItem(addGuestItem([], COURSE), RESOURCE), 'guest-resource-r-1', 2);
    expect(guestCartCount(items)).toBe(3);
    expect(guestCartTotalCents(items)).toBe(17400);
  });
});

describe('guest cart storage', () => {
  it('round-trips through storage under drx_guest_cart', () => {
    const storage = memoryStorage();
    const items = addGuestItem([], COURSE);
    expect(saveGuestCart(items, storage)).toBe(true);
    expect(JSON.parse(storage.data.get(GUEST_CART_KEY)!)).toEqual(items);
    expect(loadGuestCart(storage)).toEqual(items);
    expect(saveGuestCart([], storage)).toBe(true);
    expect(loadGuestCart(storage)).toEqual([]);
  });

  it('reports a refused write so the caller can show the storage error', () => {
    expect(saveGuestCart(addGuestItem([], COURSE), memoryStorage({}, true))).toBe(false);
    expect(saveGuestCart([], null)).toBe(false);
  });

  it('reads old or hand-edited entries safely: symbols stripped, details.price used, bad lines skipped', () => {
    const raw = JSON.stringify([
      { itemType: 'course', itemId: 'c-1', title: 'A', price: '$1,200.00', quantity: 2 },
      {
        itemType: 'resource',
        itemId: 'r-1',
        title: 'B',
        price: 'n/a',
        details: { price: '9.99' },
        quantity: 1,
      },
      { itemType: 'bundle', itemId: 'x', title: 'bad' },
      { itemType: 'course', itemId: 'c-1', title: 'A', price: 1200, quantity: 1 },
      null,
    ]);
    const items: GuestCartItem[] = parseGuestCart(raw);
    expect(items.map((i) => [i.itemId, i.price, i.quantity])).toEqual([
      ['c-1', 1200, 1], // a course is one seat per buyer
      ['r-1', 9.99, 1],
    ]);
    expect(parseGuestCart('not json')).toEqual([]);
    expect(parseGuestCart('{"a":1}')).toEqual([]);
  });
});
