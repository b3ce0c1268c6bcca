import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEMO_ADMIN_TOKEN,
  DEMO_STORE_API_VERSION,
  DEMO_STORE_DOMAIN,
  DEMO_STOREFRONT_TOKEN,
  DEMO_WEBHOOK_SECRET,
} from './demo-store-constants';
import { type ShopTestApp, signInAs, shopSql, startShopTestApp } from './test/shop-test-app';

// The store domain an admin types is fetched at https://<domain>: it must be a *.myshopify.com
// shop or pass the webhooks' address guard (no localhost, private, loopback or link-local address).

let t: ShopTestApp;
let admin: Awaited<ReturnType<typeof signInAs>>;

const TEST = `mutation Test($input: StoreConnectInput) {
  storeTestConnection(input: $input) { shopName currencyCode userErrors { code field message } }
}`;
const CONNECT = `mutation Connect($input: StoreConnectInput!) {
  storeConnect(input: $input) { connection { shopDomain } userErrors { code field message } }
}`;
const tokens = {
  apiVersion: DEMO_STORE_API_VERSION,
  storefrontToken: DEMO_STOREFRONT_TOKEN,
  adminToken: DEMO_ADMIN_TOKEN,
  webhookSecret: DEMO_WEBHOOK_SECRET,
};

/** DNS answers for made-up public-looking names (the rest resolve as usual). */
const FAKE_DNS: Record<string, string> = {
  'intranet.dance-shop.example': '10.1.2.3',
  'metadata.dance-shop.example': '169.254.169.254',
  'mapped.dance-shop.example': '::ffff:127.0.0.1',
  'dance-shop.myshopify.com': '10.9.9.9',
};

beforeAll(async () => {
  t = await startShopTestApp();
  expect(t.config.webhooksAllowPrivateNetworks).toBe(false);
  admin = await signInAs(t, 'admin');
  const realLookup = dns.promises.lookup.bind(dns.promises);
  vi.spyOn(dns.promises, 'lookup').mockImplementation(((host: string, options: unknown) => {
    const address = FAKE_DNS[host];
    if (!address) return realLookup(host, options as dns.LookupAllOptions);
    return Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }] as LookupAddress[]);
  }) as typeof dns.promises.lookup);
});
afterEach(() => vi.mocked(globalThis.fetch).mockRestore?.());
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

describe('store connection: the shop domain', () => {
  it.each([
    ['shop.localhost', /shop\.localhost is this machine/],
    [
      'intranet.dance-shop.example',
      /intranet\.dance-shop\.example resolves to 10\.1\.2\.3, a private address/,
    ],
    ['metadata.dance-shop.example', /169\.254\.169\.254, a linkLocal address/],
    ['mapped.dance-shop.example', /\(127\.0\.0\.1\), a loopback address/],
  ])('refuses %s with a userError on shopDomain, before any request', async (shopDomain, reason) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    for (const [query, field] of [
      [TEST, 'storeTestConnection'],
      [CONNECT, 'storeConnect'],
    ] as const) {
      const res = await t.gql(admin, query, { input: { ...tokens, shopDomain } });
      expect(res.errors).toBeUndefined();
      const [error] = res.data[field].userErrors;
      expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'shopDomain' });
      expect(error.message).toMatch(
        /only to a Shopify store at its …myshopify\.com domain or at a public address/,
      );
      expect(error.message).toMatch(reason);
    }
    expect(fetchSpy.mock.calls.map(([url]) => String(url)).filter((u) => u.includes(shopDomain))).toEqual([]);
    const saved = await shopSql<{ shop_domain: string | null }>(
      t,
      'select shop_domain from store_connection',
    );
    expect(saved.map((r) => r.shop_domain)).not.toContain(shopDomain);
  });

  it('lets a *.myshopify.com shop through whatever its DNS answer (Shopify’s own hosts)', async () => {
    const realFetch = globalThis.fetch;
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith('https://dance-shop.myshopify.com/')) return realFetch(input, init);
      asked.push(url);
      return Promise.reject(new TypeError('fetch failed'));
    });
    const res = await t.gql(admin, TEST, { input: { ...tokens, shopDomain: 'dance-shop.myshopify.com' } });
    expect(res.data.storeTestConnection.userErrors).toEqual([
      expect.objectContaining({ code: 'STORE_UNAVAILABLE', field: 'shopDomain' }),
    ]);
    expect(asked.length).toBeGreaterThan(0);
  });

  it('keeps the built-in demo store working (its domain is served by this app)', async () => {
    const res = await t.gql(admin, TEST, { input: { ...tokens, shopDomain: DEMO_STORE_DOMAIN } });
    expect(res.data.storeTestConnection.userErrors).toEqual([]);
    expect(res.data.storeTestConnection.shopName).toEqual(expect.any(String));
  });
});
