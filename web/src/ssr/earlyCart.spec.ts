import { describe, expect, it } from 'vitest';
import { addEarly, itemOf } from './earlyCart';

/** A server-rendered Add to Cart button, as far as the entry reads it. */
const button = (data: Record<string, string>) => ({ dataset: data }) as unknown as HTMLElement;
const ITEM = {
  cartItemType: 'resource',
  cartItemId: 'r-1',
  cartItemTitle: 'Ballet Basics',
  cartItemPriceCents: '1250',
};

function storage(values: Record<string, string> = {}, refuse = false) {
  return {
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      values[key] = value;
    },
    removeItem: (key: string) => delete values[key],
  } as unknown as Storage;
}

describe('itemOf', () => {
  it('reads the item a button carries, its price in dollars', () => {
    expect(itemOf(button({ ...ITEM, cartItemImage: '/img.png' }))).toEqual({
      itemType: 'resource',
      itemId: 'r-1',
      title: 'Ballet Basics',
      price: 12.5,
      imageUrl: '/img.png',
    });
    expect(itemOf(button(ITEM))?.imageUrl).toBeNull();
  });

  it('refuses a button without a whole item (the app then does the press)', () => {
    expect(itemOf(button({}))).toBeNull();
    expect(itemOf(button({ ...ITEM, cartItemType: 'lesson' }))).toBeNull();
    expect(itemOf(button({ ...ITEM, cartItemId: '' }))).toBeNull();
    expect(itemOf(button({ ...ITEM, cartItemTitle: '' }))).toBeNull();
    expect(itemOf(button({ ...ITEM, cartItemPriceCents: '12.5' }))).toBeNull();
    expect(itemOf(button({ ...ITEM, cartItemPriceCents: '-100' }))).toBeNull();
    expect(itemOf(button({ ...ITEM, cartItemPriceCents: 'free' }))).toBeNull();
  });
});

describe('addEarly', () => {
  it('leaves the press to the app for a member, with guest mode off, or without storage', () => {
    expect(addEarly(button(ITEM), storage(), true)).toBe(false);
    expect(addEarly(button(ITEM), storage({ guestModeEnabled: 'false' }), false)).toBe(false);
    expect(addEarly(button(ITEM), null, false)).toBe(false);
    expect(addEarly(button({}), storage(), false)).toBe(false);
  });

  it('leaves it to the app when storage refuses the write (the app says so)', () => {
    const values: Record<string, string> = {};
    expect(addEarly(button(ITEM), storage(values, true), false)).toBe(false);
    expect(values).toEqual({});
  });
});
