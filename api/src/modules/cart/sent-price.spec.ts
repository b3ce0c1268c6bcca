import { describe, expect, it } from 'vitest';
import { differsFromCharged, parsePrice, sentPrice } from './sent-price';

describe('the price a client sends with a cart line', () => {
  it('strips currency symbols and decoration; an unparseable price is 0', () => {
    expect(parsePrice('$1,234.50')).toBe(1234.5);
    expect(parsePrice('USD 12')).toBe(12);
    expect(parsePrice('-$5')).toBe(-5);
    expect(parsePrice(19.99)).toBe(19.99);
    expect(parsePrice('free')).toBe(0);
    expect(parsePrice({ amount: 3 })).toBe(0);
  });

  it('reads price, else details.price, and nothing when neither was sent', () => {
    expect(sentPrice({ price: '$25.99', details: { price: 1 } })).toBe(25.99);
    expect(sentPrice({ details: { price: '$9.99' } })).toBe(9.99);
    expect(sentPrice({ price: 'n/a', details: { price: 4 } })).toBe(4);
    expect(sentPrice({ price: 'n/a' })).toBe(0);
    expect(sentPrice({ itemType: 'course', itemId: 'x' })).toBeNull();
    expect(sentPrice({ price: null, details: 'oops' })).toBeNull();
    expect(sentPrice(undefined)).toBeNull();
  });

  it('compares to the cent', () => {
    expect(differsFromCharged(25.99, 2599)).toBe(false);
    expect(differsFromCharged(0.1 + 0.2, 30)).toBe(false);
    expect(differsFromCharged(19, 2599)).toBe(true);
  });
});
