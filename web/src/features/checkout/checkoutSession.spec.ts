import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STORAGE_KEY,
  cartFingerprint,
  checkoutFor,
  checkoutForOrder,
  forgetCheckout,
  readCheckout,
  rememberCheckoutOrder,
  type KeyValueStore,
} from './checkoutSession';

function fakeStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function keys(...values: string[]) {
  const queue = [...values];
  return () => {
    const next = queue.shift();
    if (!next) throw new Error('no more keys');
    return next;
  };
}

const course = { itemType: 'course', itemId: 'c1', quantity: 1 };
const resource = { itemType: 'resource', itemId: 'r1', quantity: 2 };

describe('cartFingerprint', () => {
  it('ignores the order of the lines and the case of the coupon', () => {
    expect(cartFingerprint([course, resource], 'save10')).toBe(
      cartFingerprint([resource, course], ' SAVE10 '),
    );
  });

  it('changes with a quantity, a line or the coupon', () => {
    const base = cartFingerprint([course, resource], null);
    expect(cartFingerprint([course, { ...resource, quantity: 3 }], null)).not.toBe(base);
    expect(cartFingerprint([course], null)).not.toBe(base);
    expect(cartFingerprint([course, resource], 'SAVE10')).not.toBe(base);
  });
});

describe('the checkout idempotency key', () => {
  it('is made once and reused for the same cart (double click, retry, reload)', () => {
    const store = fakeStore();
    const newKey = keys('key-1', 'key-2');
    const first = checkoutFor('cart-a', null, store, newKey);
    const again = checkoutFor('cart-a', null, store, newKey);
    expect(first.idempotencyKey).toBe('key-1');
    expect(again.idempotencyKey).toBe('key-1');
    expect(JSON.parse(store.data.get(CHECKOUT_STORAGE_KEY)!)).toMatchObject({ idempotencyKey: 'key-1' });
  });

  it('is replaced when the cart or coupon changed', () => {
    const store = fakeStore();
    const newKey = keys('key-1', 'key-2');
    checkoutFor('cart-a', null, store, newKey);
    const changed = checkoutFor('cart-b', 'SAVE10', store, newKey);
    expect(changed).toEqual({
      idempotencyKey: 'key-2',
      fingerprint: 'cart-b',
      couponCode: 'SAVE10',
      orderId: null,
    });
    expect(readCheckout(store)?.idempotencyKey).toBe('key-2');
  });

  it('remembers the order it created, for that key only', () => {
    const store = fakeStore();
    checkoutFor('cart-a', 'SAVE10', store, keys('key-1'));
    rememberCheckoutOrder('another-key', 'order-x', store);
    expect(checkoutForOrder('order-x', store)).toBeNull();
    rememberCheckoutOrder('key-1', 'order-1', store);
    expect(checkoutForOrder('order-1', store)).toMatchObject({
      idempotencyKey: 'key-1',
      couponCode: 'SAVE10',
    });
    expect(checkoutForOrder('order-2', store)).toBeNull();
  });

  it('starts over after it is forgotten', () => {
    const store = fakeStore();
    const newKey = keys('key-1', 'key-2');
    checkoutFor('cart-a', null, store, newKey);
    forgetCheckout(store);
    expect(readCheckout(store)).toBeNull();
    expect(checkoutFor('cart-a', null, store, newKey).idempotencyKey).toBe('key-2');
  });

  it('ignores a damaged stored value and survives a storage that throws', () => {
    const store = fakeStore();
    store.data.set(CHECKOUT_STORAGE_KEY, '{not json');
    expect(readCheckout(store)).toBeNull();
    store.data.set(CHECKOUT_STORAGE_KEY, JSON.stringify({ idempotencyKey: 42 }));
    expect(readCheckout(store)).toBeNull();

    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(checkoutFor('cart-a', null, broken, keys('key-1')).idempotencyKey).toBe('key-1');
    expect(() => forgetCheckout(broken)).not.toThrow();
  });
});
