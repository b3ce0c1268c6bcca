import { describe, expect, it } from 'vitest';
import {
  cartTokenOf,
  parseDrxSku,
  parseOrderPayload,
  parseRefundPayload,
  parseStoreJson,
  StorePayloadError,
} from './store-order-payload';
import { storeOrderStatus } from './store-orders.service';
import { storeSignature, validStoreSignature } from './store-webhook.route';

const ID = '0b7c1b8e-4a51-4c8e-9d3a-2f1e5b6c7d8e';

describe('parseDrxSku', () => {
  it('reads DRX-COURSE-/DRX-RESOURCE- SKUs in any letter case, nothing else', () => {
    expect(parseDrxSku(`DRX-COURSE-${ID}`)).toEqual({ itemType: 'course', itemId: ID });
    expect(parseDrxSku(`drx-resource-${ID.toUpperCase()}`)).toEqual({ itemType: 'resource', itemId: ID });
    expect(parseDrxSku(`DRX-BOOKING-${ID}`)).toBeNull();
    expect(parseDrxSku(`DRX-COURSE-${ID}-X`)).toBeNull();
    expect(parseDrxSku('SHOE-42')).toBeNull();
    expect(parseDrxSku(null)).toBeNull();
  });
});

describe('parseOrderPayload', () => {
  const base = {
    id: 820982911946154500,
    admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
    name: '#1001',
    email: '',
    contact_email: 'Buyer@Example.com',
    created_at: '2026-11-28T10:00:00-05:00',
    updated_at: '2026-11-28T11:00:00-05:00',
    financial_status: 'PAID',
    currency: 'USD',
    total_price: '24.5',
    line_items: [
      {
        id: 466157049,
        variant_id: 39072856,
        product_id: 632910392,
        sku: 'A',
        title: 'Shoe',
        quantity: 2,
        price: '12.25',
      },
    ],
    fulfillments: [
      { created_at: '2026-11-28T12:00:00Z', tracking_number: 'B', tracking_url: 'javascript:alert(1)' },
      { created_at: '2026-11-28T11:00:00Z', tracking_number: 'A', tracking_url: 'https://t.example/A' },
    ],
  };

  it('prefers the exact gid, falls back to contact_email, keeps the newest tracking', () => {
    const order = parseOrderPayload(base);
    expect(order.id).toBe('gid://shopify/Order/820982911946154508');
    expect(order.email).toBe('Buyer@Example.com');
    expect(order.financialStatus).toBe('paid');
    expect(order.totalPrice).toBe('24.50');
    expect(order.lines[0]).toMatchObject({
      id: '466157049',
      variantId: 'gid://shopify/ProductVariant/39072856',
      productId: 'gid://shopify/Product/632910392',
      price: '12.25',
    });
    // The newest fulfilment's tracking; a URL that is not http(s) is dropped.
    expect(order).toMatchObject({ trackingNumber: 'B', trackingUrl: null });
    expect(order.updatedAt.toISOString()).toBe('2026-11-28T16:00:00.000Z');
  });

  it('refuses what Shopify would not send', () => {
    expect(() => parseOrderPayload(null)).toThrow(StorePayloadError);
    expect(() => parseOrderPayload({ ...base, created_at: 'yesterday' })).toThrow(StorePayloadError);
    expect(() => parseOrderPayload({ ...base, currency: 'dollars' })).toThrow(StorePayloadError);
    expect(() => parseOrderPayload({ ...base, line_items: [{ id: 1, quantity: -1 }] })).toThrow(
      StorePayloadError,
    );
    expect(() => parseOrderPayload({ ...base, admin_graphql_api_id: undefined, id: 'x' })).toThrow(
      StorePayloadError,
    );
    expect(() =>
      parseRefundPayload({ id: 1, order_id: 2, refund_line_items: [{ line_item_id: 'a' }] }),
    ).toThrow(StorePayloadError);
  });
});

describe('cartTokenOf', () => {
  it('is the token of a Storefront cart id, as order payloads name it (cart_token)', () => {
    expect(cartTokenOf('gid://shopify/Cart/c1-7a2b9e?key=4f2e')).toBe('c1-7a2b9e');
    expect(cartTokenOf('gid://shopify/Cart/abc123')).toBe('abc123');
    expect(cartTokenOf('gid://shopify/Order/1001')).toBeNull();
    expect(cartTokenOf('not a gid')).toBeNull();
  });
});

describe('parseStoreJson', () => {
  it('keeps 64-bit ids exact and leaves strings and other numbers alone', () => {
    const text =
      '{"id":820982911946154508,"n":12,"price":"12.00","note":"id 820982911946154508, \\"q\\"","f":1.5e16,' +
      '"big":12345678901234567.5,"neg":-1234567890123456789,"list":[9007199254740993]}';
    expect(parseStoreJson(text)).toEqual({
      id: '820982911946154508',
      n: 12,
      price: '12.00',
      note: 'id 820982911946154508, "q"',
      f: 1.5e16,
      big: Number('12345678901234567.5'),
      neg: Number('-1234567890123456789'),
      list: ['9007199254740993'],
    });
    expect(() => parseStoreJson('{"id": 1')).toThrow(SyntaxError);
    const order = parseOrderPayload(
      parseStoreJson(
        '{"id":820982911946154508,"created_at":"2026-11-28T10:00:00Z","currency":"USD","line_items":[]}',
      ),
    );
    expect(order.id).toBe('gid://shopify/Order/820982911946154508');
  });
});

describe('storeOrderStatus', () => {
  it('says cancelled and refunded before shipping and payment', () => {
    const s = (cancelled: boolean, financial: string | null, fulfillment: string | null) =>
      storeOrderStatus({
        cancelled_at: cancelled ? new Date() : null,
        financial_status: financial,
        fulfillment_status: fulfillment,
      });
    expect(s(true, 'paid', 'fulfilled')).toBe('Cancelled');
    expect(s(false, 'refunded', 'fulfilled')).toBe('Refunded');
    expect(s(false, 'paid', 'fulfilled')).toBe('Fulfilled');
    expect(s(false, 'paid', null)).toBe('Paid');
    expect(s(false, 'pending', null)).toBe('Pending');
  });
});

describe('validStoreSignature', () => {
  it('accepts the exact HMAC only', () => {
    const body = Buffer.from('{"id":1}');
    const signature = storeSignature(body, 'secret');
    expect(validStoreSignature(body, signature, 'secret')).toBe(true);
    expect(validStoreSignature(body, signature, 'other')).toBe(false);
    expect(validStoreSignature(Buffer.from('{"id":2}'), signature, 'secret')).toBe(false);
    expect(validStoreSignature(body, signature.slice(0, -4), 'secret')).toBe(false);
    expect(validStoreSignature(body, `${signature}AAAA`, 'secret')).toBe(false);
    expect(validStoreSignature(body, '', 'secret')).toBe(false);
  });
});
