import { describe, expect, it } from 'vitest';
import {
  connectFormErrors,
  connectInput,
  formatMoney,
  formatPriceRange,
  initialConnectValues,
  isUnchangedConnection,
  keptSecrets,
  SAVED_SECRET_PLACEHOLDER,
  secretPlaceholder,
  stockLabel,
  tagChoices,
  testConnectionOutcome,
  type ConnectFormValues,
} from './storeFormat';

const saved = {
  status: 'CONNECTED',
  demo: false,
  shopDomain: 'dance-shop.myshopify.com',
  apiVersion: '2026-04',
  hasStorefrontToken: true,
  hasAdminToken: true,
  hasWebhookSecret: true,
};

const blank: ConnectFormValues = {
  shopDomain: '',
  apiVersion: '2026-04',
  adminAuth: 'token',
  storefrontToken: '',
  adminToken: '',
  clientId: '',
  clientSecret: '',
  webhookSecret: '',
};

describe('money', () => {
  it('formats amounts in the store currency', () => {
    expect(formatMoney({ amount: '12.5', currencyCode: 'USD' })).toBe('$12.50');
    expect(formatMoney({ amount: '8', currencyCode: 'EUR' })).toBe('€8.00');
    expect(formatMoney(null)).toBe('');
  });

  it('shows one price or a range', () => {
    const usd = (amount: string) => ({ amount, currencyCode: 'USD' });
    expect(formatPriceRange(usd('10.00'), usd('10.0'))).toBe('$10.00');
    expect(formatPriceRange(usd('10'), usd('24.5'))).toBe('$10.00 – $24.50');
  });

  it('labels stock', () => {
    expect(stockLabel(12, true)).toBe('12 in stock');
    expect(stockLabel(0, false)).toBe('Out of stock');
    expect(stockLabel(0, true)).toBe('Sold without stock');
    expect(stockLabel(null, true)).toBe('Not tracked');
  });
});

describe('connect form', () => {
  it('never prefills secrets and offers the saved domain of an own store only', () => {
    expect(initialConnectValues(saved)).toEqual({ ...blank, shopDomain: 'dance-shop.myshopify.com' });
    expect(initialConnectValues({ ...saved, demo: true, shopDomain: 'demo-store.drx.local' })).toEqual(blank);
    expect(initialConnectValues(null).apiVersion).toBe('2026-04');
  });

  it('says a secret is saved only for the saved shop (never for the demo store)', () => {
    expect(secretPlaceholder(true)).toBe(SAVED_SECRET_PLACEHOLDER);
    expect(secretPlaceholder(false)).toBe('');
    expect(keptSecrets({ shopDomain: 'https://Dance-Shop.myshopify.com/' }, saved)).toBe(saved);
    expect(keptSecrets({ shopDomain: 'other.myshopify.com' }, saved)).toBeNull();
    expect(
      keptSecrets(
        { shopDomain: 'demo-store.drx.local' },
        { ...saved, demo: true, shopDomain: 'demo-store.drx.local' },
      ),
    ).toBeNull();
  });

  it('leaves blank secrets out of the input, so the saved ones stay', () => {
    expect(
      connectInput({
        ...blank,
        shopDomain: ' dance-shop.myshopify.com ',
        adminToken: ' shpat_new ',
        apiVersion: '',
      }),
    ).toEqual({ shopDomain: 'dance-shop.myshopify.com', apiVersion: '2026-04', adminToken: 'shpat_new' });
  });

  it('asks for every secret on a first connection, none when they are saved', () => {
    expect(Object.keys(connectFormErrors(blank, null)).sort()).toEqual([
      'adminToken',
      'shopDomain',
      'storefrontToken',
      'webhookSecret',
    ]);
    expect(connectFormErrors({ ...blank, shopDomain: 'dance-shop.myshopify.com' }, saved)).toEqual({});
    expect(
      connectFormErrors({ ...blank, shopDomain: 'x.myshopify.com', apiVersion: '2026-05' }, saved).apiVersion,
    ).toMatch(/2026-04/);
  });

  it('with a Dev Dashboard app: asks for the client ID and secret, the webhook secret is optional', () => {
    const client = { ...blank, adminAuth: 'client' as const, shopDomain: 'dance-shop.myshopify.com' };
    expect(Object.keys(connectFormErrors(client, null)).sort()).toEqual([
      'clientId',
      'clientSecret',
      'storefrontToken',
    ]);
    const devApp = {
      ...saved,
      hasAdminToken: false,
      hasWebhookSecret: false,
      clientId: 'cid',
      hasClientSecret: true,
    };
    expect(connectFormErrors({ ...client, clientId: 'cid' }, devApp)).toEqual({});
    // another app's secret is not the saved one
    expect(connectFormErrors({ ...client, clientId: 'other' }, devApp)).toHaveProperty('clientSecret');
    expect(
      connectInput({ ...client, clientId: ' cid ', clientSecret: ' s3cret ', adminToken: 'ignored' }),
    ).toEqual({
      shopDomain: 'dance-shop.myshopify.com',
      apiVersion: '2026-04',
      clientId: 'cid',
      clientSecret: 's3cret',
    });
    expect(initialConnectValues(devApp)).toMatchObject({
      adminAuth: 'client',
      clientId: 'cid',
      clientSecret: '',
    });
    expect(isUnchangedConnection({ ...client, clientId: 'cid' }, { ...devApp })).toBe(true);
    expect(isUnchangedConnection({ ...client, clientId: 'cid', clientSecret: 'new' }, devApp)).toBe(false);
  });

  it('knows when the form only repeats the saved settings', () => {
    const same = { ...blank, shopDomain: 'dance-shop.myshopify.com' };
    expect(isUnchangedConnection(same, saved)).toBe(true);
    expect(isUnchangedConnection({ ...same, webhookSecret: 'new' }, saved)).toBe(false);
    expect(isUnchangedConnection(same, { ...saved, demo: true })).toBe(false);
  });

  it('words the test outcome: shop name and currency, or the refusal', () => {
    expect(testConnectionOutcome({ shopName: 'Dance Shop', currencyCode: 'EUR', userErrors: [] })).toEqual({
      ok: true,
      message: 'Connected to Dance Shop (EUR)',
    });
    expect(
      testConnectionOutcome({ userErrors: [{ message: 'The store refused the Admin API access token.' }] }),
    ).toEqual({ ok: false, message: 'The store refused the Admin API access token.' });
  });
});

describe('tags', () => {
  it('offers the reference list plus a product’s own values', () => {
    expect(tagChoices(['Ballet', 'Jazz'], ['jazz', 'Salsa'])).toEqual(['Ballet', 'Jazz', 'Salsa']);
  });
});
