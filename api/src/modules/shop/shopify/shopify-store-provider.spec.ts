import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../store-provider';
import { ADMIN_PRODUCT_SET, ADMIN_PRODUCTS, ADMIN_SHOP, STOREFRONT_SHOP } from './operations';
import {
  productFromAdmin,
  renewableAdminToken,
  requestClientCredentialsToken,
  ShopifyStoreProvider,
  throttleWaitMs,
  updatedSinceQuery,
} from './shopify-store-provider';

/** A fake Shopify answering from a script: each request takes the next scripted answer. */
interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: { query: string; variables: Record<string, unknown> };
}
type Answer = { status?: number; body?: unknown; delayMs?: number; headers?: Record<string, string> };

let server: http.Server;
let baseUrl: string;
let script: Answer[] = [];
let seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : JSON.parse(raw || '{}');
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const answer = script.shift() ?? { body: { data: {} } };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify(answer.body ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fake`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  script = [];
  seen = [];
});

const settings = {
  shopDomain: 'dance-shop.myshopify.com',
  apiVersion: '2026-04',
  storefrontToken: 'sf-token',
  adminToken: 'shpat_admin',
  webhookSecret: 'whsec',
};

const waits: number[] = [];
function provider(options: { timeoutMs?: number } = {}) {
  waits.length = 0;
  return new ShopifyStoreProvider(settings, {
    baseUrl,
    timeoutMs: options.timeoutMs,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

const cost = (requested: number, available: number, rate: number) => ({
  cost: {
    requestedQueryCost: requested,
    actualQueryCost: null,
    throttleStatus: { maximumAvailable: 1000, currentlyAvailable: available, restoreRate: rate },
  },
});
const throttled = (requested = 100, available = 10, rate = 50): Answer => ({
  body: {
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
    extensions: cost(requested, available, rate),
  },
});

async function storeError(promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    return error as StoreError;
  }
  throw new Error('expected a StoreError');
}

describe('ShopifyStoreProvider', () => {
  it('sends both APIs to the base URL with their tokens and the operations from operations.ts', async () => {
    script = [
      {
        body: {
          data: { shop: { name: 'Dance Shop', currencyCode: 'EUR', myshopifyDomain: settings.shopDomain } },
        },
      },
      {
        body: {
          data: {
            shop: {
              name: 'Dance Shop',
              paymentSettings: { currencyCode: 'EUR' },
              primaryDomain: { host: 'x' },
            },
          },
        },
      },
    ];
    const info = await provider().shop();
    expect(info).toEqual({ name: 'Dance Shop', currencyCode: 'EUR', domain: settings.shopDomain });
    expect(seen[0]!.url).toBe('/fake/admin/api/2026-04/graphql.json');
    expect(seen[0]!.headers['x-shopify-access-token']).toBe('shpat_admin');
    expect(seen[0]!.body.query).toBe(ADMIN_SHOP);
    expect(seen[1]!.url).toBe('/fake/api/2026-04/graphql.json');
    expect(seen[1]!.headers['x-shopify-storefront-access-token']).toBe('sf-token');
    expect(seen[1]!.body.query).toBe(STOREFRONT_SHOP);
  });

  it('waits as extensions.cost says when THROTTLED and retries', async () => {
    script = [
      throttled(100, 10, 50),
      throttled(100, 60, 50),
      { body: { data: { products: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } } } },
    ];
    const page = await provider().products({ first: 10 });
    expect(page.products).toEqual([]);
    expect(seen).toHaveLength(3);
    // (100 - 10) / 50 s, then (100 - 60) / 50 s
    expect(waits).toEqual([1800, 800]);
  });

  it('gives up with THROTTLED after five retries', async () => {
    script = Array.from({ length: 6 }, () => throttled());
    const error = await storeError(provider().products({ first: 10 }));
    expect(error.code).toBe('THROTTLED');
    expect(seen).toHaveLength(6);
    expect(waits).toHaveLength(5);
  });

  it('maps 401/403 to UNAUTHORIZED naming the refused token', async () => {
    script = [{ status: 401, body: { errors: '[API] Invalid API key or access token' } }];
    const admin = await storeError(provider().collections());
    expect(admin.code).toBe('UNAUTHORIZED');
    expect(admin.credential).toBe('adminToken');
    script = [
      { body: { data: { shop: { name: 'S', currencyCode: 'USD', myshopifyDomain: 'd' } } } },
      { status: 403, body: { errors: 'forbidden' } },
    ];
    const storefront = await storeError(provider().shop());
    expect(storefront.code).toBe('UNAUTHORIZED');
    expect(storefront.credential).toBe('storefrontToken');
    expect(storefront.message).toMatch(/Storefront access token/);
  });

  it('maps 5xx, no answer and a timeout to UNAVAILABLE', async () => {
    script = [{ status: 503, body: { errors: 'down' } }];
    expect((await storeError(provider().collections())).code).toBe('UNAVAILABLE');
    script = [{ delayMs: 500, body: { data: {} } }];
    const slow = await storeError(provider({ timeoutMs: 100 }).collections());
    expect(slow.code).toBe('UNAVAILABLE');
    expect(slow.message).toMatch(/did not answer within/);
    const nowhere = new ShopifyStoreProvider(settings, { baseUrl: 'http://127.0.0.1:1/x' });
    expect((await storeError(nowhere.collections())).code).toBe('UNAVAILABLE');
    const refused = new ShopifyStoreProvider(settings, { refusal: 'Not here.' });
    const error = await storeError(refused.shop());
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('Not here.');
  });

  it('maps GraphQL errors and userErrors to INVALID', async () => {
    script = [{ body: { errors: [{ message: "Field 'x' doesn't exist on type 'Product'" }] } }];
    const error = await storeError(provider().product('gid://shopify/Product/1'));
    expect(error.code).toBe('INVALID');
    expect(error.message).toMatch(/doesn't exist/);
    script = [
      {
        body: {
          data: {
            productSet: {
              product: null,
              userErrors: [{ field: ['input', 'title'], message: 'is blank', code: 'BLANK' }],
            },
          },
        },
      },
    ];
    const refused = await storeError(
      provider().publishProduct({
        productId: null,
        title: '',
        descriptionHtml: '',
        productType: 'DRX course',
        sku: 'DRX-COURSE-x',
        price: '12.00',
        imageUrl: null,
        tags: [],
      }),
    );
    expect(refused.code).toBe('INVALID');
    expect(refused.message).toMatch(/input.title: is blank/);
  });

  it('publishes with productSet: one Default Title variant with the SKU and price, an https image', async () => {
    script = [
      {
        body: {
          data: {
            productSet: {
              product: {
                id: 'gid://shopify/Product/9',
                variants: { nodes: [{ id: 'gid://shopify/ProductVariant/91', sku: 'S' }] },
              },
              userErrors: [],
            },
          },
        },
      },
    ];
    const result = await provider().publishProduct({
      productId: 'gid://shopify/Product/9',
      title: 'Ballet basics',
      descriptionHtml: '<p>x</p>',
      productType: 'DRX course',
      sku: 'DRX-COURSE-1',
      price: '12.00',
      imageUrl: 'https://cdn.example.com/a.png',
      tags: ['DRX'],
    });
    expect(result).toEqual({
      productId: 'gid://shopify/Product/9',
      variantId: 'gid://shopify/ProductVariant/91',
    });
    expect(seen[0]!.body.query).toBe(ADMIN_PRODUCT_SET);
    expect(seen[0]!.body.variables.input).toEqual({
      id: 'gid://shopify/Product/9',
      title: 'Ballet basics',
      descriptionHtml: '<p>x</p>',
      productType: 'DRX course',
      vendor: 'DRX',
      status: 'ACTIVE',
      tags: ['DRX'],
      productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
      variants: [
        {
          optionValues: [{ optionName: 'Title', name: 'Default Title' }],
          price: '12.00',
          sku: 'DRX-COURSE-1',
          inventoryItem: { tracked: false, requiresShipping: false },
        },
      ],
      files: [
        { originalSource: 'https://cdn.example.com/a.png', alt: 'Ballet basics', contentType: 'IMAGE' },
      ],
    });
  });

  it('creates only the missing webhook subscriptions', async () => {
    const uri = 'https://drx.example.com/api/webhooks/store';
    script = [
      {
        body: {
          data: {
            webhookSubscriptions: {
              nodes: [
                { id: 'w1', topic: 'ORDERS_CREATE', uri },
                { id: 'w2', topic: 'ORDERS_PAID', uri: 'https://elsewhere.example.com/hook' },
              ],
            },
          },
        },
      },
      {
        body: {
          data: {
            webhookSubscriptionCreate: {
              webhookSubscription: { id: 'w3', topic: 'ORDERS_PAID', uri },
              userErrors: [],
            },
          },
        },
      },
    ];
    await provider().ensureWebhooks(uri, ['ORDERS_CREATE', 'ORDERS_PAID']);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body.variables).toEqual({
      topic: 'ORDERS_PAID',
      webhookSubscription: { uri, format: 'JSON' },
    });
  });

  it('asks for changes since a date with the search syntax, oldest first', async () => {
    script = [
      { body: { data: { products: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } } } },
    ];
    const since = new Date('2026-11-01T10:00:00.000Z');
    await provider().products({ first: 25, after: 'c1', updatedSince: since });
    expect(seen[0]!.body.query).toBe(ADMIN_PRODUCTS);
    expect(seen[0]!.body.variables).toEqual({
      first: 25,
      after: 'c1',
      query: "updated_at:>'2026-11-01T10:00:00.000Z'",
    });
    expect(updatedSinceQuery(since)).toBe("updated_at:>'2026-11-01T10:00:00.000Z'");
  });
});

describe('productFromAdmin', () => {
  it('maps media images, options, prices, variants and collections', () => {
    const product = productFromAdmin({
      id: 'gid://shopify/Product/1',
      handle: 'pointe-shoes',
      title: 'Pointe shoes',
      descriptionHtml: '<p>Satin</p>',
      productType: 'Shoes',
      vendor: 'Bloch',
      tags: ['style:ballet'],
      status: 'ACTIVE',
      updatedAt: '2026-11-01T00:00:00Z',
      totalInventory: 7,
      media: {
        nodes: [{ image: { url: 'https://img/1.png', altText: 'Pair', width: 800, height: 600 } }, {}],
      },
      options: [{ name: 'Size', optionValues: [{ name: '37' }, { name: '38' }] }],
      priceRangeV2: {
        minVariantPrice: { amount: '79.0', currencyCode: 'USD' },
        maxVariantPrice: { amount: '89.0', currencyCode: 'USD' },
      },
      variants: {
        nodes: [
          {
            id: 'gid://shopify/ProductVariant/11',
            title: '37',
            sku: '',
            price: '79.00',
            compareAtPrice: null,
            availableForSale: true,
            inventoryQuantity: 3,
            selectedOptions: [{ name: 'Size', value: '37' }],
            media: { nodes: [{ image: { url: 'https://img/37.png' } }] },
          },
        ],
      },
      collections: { nodes: [{ id: 'gid://shopify/Collection/5' }] },
    });
    expect(product).toMatchObject({
      handle: 'pointe-shoes',
      currencyCode: 'USD',
      minPrice: '79.0',
      maxPrice: '89.0',
      totalInventory: 7,
      images: [{ url: 'https://img/1.png', altText: 'Pair', width: 800, height: 600 }],
      options: [{ name: 'Size', values: ['37', '38'] }],
      collectionIds: ['gid://shopify/Collection/5'],
    });
    expect(product.variants[0]).toEqual({
      id: 'gid://shopify/ProductVariant/11',
      title: '37',
      sku: null,
      price: '79.00',
      compareAtPrice: null,
      availableForSale: true,
      inventoryQuantity: 3,
      selectedOptions: [{ name: 'Size', value: '37' }],
      imageUrl: 'https://img/37.png',
    });
  });

  it('waits (needed − available) / restore rate, within bounds', () => {
    expect(throttleWaitMs({ extensions: cost(100, 50, 50) }, 20_000)).toBe(1000);
    expect(throttleWaitMs({ extensions: cost(10, 500, 50) }, 20_000)).toBe(50);
    expect(throttleWaitMs({ extensions: cost(1000, 0, 1) }, 20_000)).toBe(20_000);
    expect(throttleWaitMs({}, 20_000)).toBe(1000);
  });
});

describe('client credentials (Dev Dashboard apps)', () => {
  const clientSettings = {
    shopDomain: 'dance-shop.myshopify.com',
    apiVersion: '2026-04',
    storefrontToken: 'sf-token',
    clientId: 'client-id',
    clientSecret: 'client-secret',
  };
  const shopAnswer = {
    body: {
      data: {
        shop: { name: 'Dance Shop', currencyCode: 'EUR', myshopifyDomain: 'dance-shop.myshopify.com' },
      },
    },
  };
  const tokenAnswer = (token: string, expiresIn = 86_399) => ({
    body: { access_token: token, scope: 'read_products', expires_in: expiresIn },
  });

  it('exchanges the client ID and secret for a token (form body) and sends it to the Admin API', async () => {
    script = [
      tokenAnswer('tok-1'),
      shopAnswer,
      { body: { data: { shop: { name: 'Dance Shop' } } } },
      shopAnswer,
      shopAnswer,
    ];
    const p = new ShopifyStoreProvider(clientSettings, { baseUrl });
    await p.shop();
    expect(seen[0]!.url).toBe('/fake/admin/oauth/access_token');
    expect(seen[0]!.body).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-id',
      client_secret: 'client-secret',
    });
    expect(seen[1]!.headers['x-shopify-access-token']).toBe('tok-1');
    // the token is reused until it nears its expiry
    await p.shop();
    expect(seen.filter((s) => s.url.endsWith('/access_token'))).toHaveLength(1);
  });

  it('renews once on a 401 and retries; a second 401 is UNAUTHORIZED naming the client secret', async () => {
    script = [
      tokenAnswer('tok-1'),
      { status: 401, body: { errors: 'Invalid' } },
      tokenAnswer('tok-2'),
      shopAnswer,
      { body: { data: { shop: { name: 'Dance Shop' } } } },
    ];
    const p = new ShopifyStoreProvider(clientSettings, { baseUrl });
    expect(await p.shop()).toMatchObject({ name: 'Dance Shop', currencyCode: 'EUR' });
    expect(seen.slice(0, 4).map((s) => s.headers['x-shopify-access-token'] ?? 'grant')).toEqual([
      'grant',
      'tok-1',
      'grant',
      'tok-2',
    ]);

    script = [
      tokenAnswer('tok-3'),
      { status: 401, body: {} },
      tokenAnswer('tok-4'),
      { status: 401, body: {} },
    ];
    seen = [];
    const refused = await new ShopifyStoreProvider(clientSettings, { baseUrl }).shop().catch((e) => e);
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED', credential: 'clientSecret' });
    expect(seen).toHaveLength(4);
  });

  it('maps a refused grant to UNAUTHORIZED and a down store to UNAVAILABLE', async () => {
    script = [
      { status: 400, body: { error: 'invalid_client', error_description: 'Client authentication failed' } },
    ];
    await expect(requestClientCredentialsToken(clientSettings, { baseUrl })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      credential: 'clientSecret',
      message: expect.stringContaining('Client authentication failed'),
    });
    script = [{ status: 503, body: {} }];
    await expect(requestClientCredentialsToken(clientSettings, { baseUrl })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    script = [tokenAnswer('tok', 60)];
    const token = await requestClientCredentialsToken(clientSettings, { baseUrl }, () => 1_000_000);
    expect(token).toEqual({ token: 'tok', scope: 'read_products', expiresAt: new Date(1_060_000) });
  });

  it('renewableAdminToken: renews five minutes before expiry, shares one fetch, skips a refused token', async () => {
    let fetches = 0;
    const source = renewableAdminToken(
      async (rejected) => {
        fetches++;
        await new Promise((r) => setTimeout(r, 5));
        return {
          token: `t${fetches}${rejected ? '-after-' + rejected : ''}`,
          expiresAt: new Date(Date.now() + 3600_000),
        };
      },
      { token: 'old', expiresAt: new Date(Date.now() + 4 * 60_000) },
    );
    const tokens = await Promise.all([source.get(), source.get(), source.get()]);
    expect(tokens).toEqual(['t1', 't1', 't1']);
    expect(fetches).toBe(1);
    expect(await source.get()).toBe('t1');
    expect(await source.renew('stale')).toBe('t1');
    expect(await source.renew('t1')).toBe('t2-after-t1');
    expect(fetches).toBe(2);
  });
});

describe('a real store is reached only at public addresses', () => {
  /** A TCP listener on this machine that counts the connections made to it. */
  async function listener() {
    let connections = 0;
    const srv = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    return { port: (srv.address() as AddressInfo).port, seen: () => connections, close: () => srv.close() };
  }
  const settings = (port: number) => ({
    shopDomain: `localhost:${port}`,
    clientId: 'id',
    clientSecret: 'secret',
  });

  it('a domain that resolves to a private address now (DNS rebinding) is never connected to', async () => {
    const local = await listener();
    try {
      const refused = requestClientCredentialsToken(settings(local.port), {
        publicAddressesOnly: true,
        timeoutMs: 5_000,
      });
      await expect(refused).rejects.toThrow(StoreError);
      await expect(refused).rejects.toThrow(/could not be reached/);
      expect(local.seen()).toBe(0);
      // The same call without the guard (WEBHOOKS_ALLOW_PRIVATE_NETWORKS) does connect.
      await expect(
        requestClientCredentialsToken(settings(local.port), { publicAddressesOnly: false, timeoutMs: 5_000 }),
      ).rejects.toThrow(StoreError);
      expect(local.seen()).toBeGreaterThan(0);
    } finally {
      local.close();
    }
  });
});
