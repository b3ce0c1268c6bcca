import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { publicOnlyDispatcher } from '../../webhooks';
import { createAdminApiClient, type AdminApiClient } from '@shopify/admin-api-client';
import { createStorefrontApiClient, type StorefrontApiClient } from '@shopify/storefront-api-client';
import {
  StoreError,
  type StoreCollectionInfo,
  type StoreProductData,
  type StoreProductPage,
  type StoreProvider,
  type StorePublishInput,
  type StoreSettings,
  type StoreShopInfo,
} from '../store-provider';
import {
  ADMIN_COLLECTIONS,
  ADMIN_PRODUCT,
  ADMIN_PRODUCT_ARCHIVE,
  ADMIN_PRODUCT_SET,
  ADMIN_PRODUCTS,
  ADMIN_SHOP,
  ADMIN_WEBHOOK_SUBSCRIPTION_CREATE,
  ADMIN_WEBHOOK_SUBSCRIPTIONS,
  STOREFRONT_CART_CREATE,
  STOREFRONT_SHOP,
} from './operations';
import { log } from '../../../observability/logger';

/**
 * The StoreProvider for Shopify: the Admin GraphQL API (catalogue, publishing DRX items, webhook
 * subscriptions) and the Storefront API (carts and their checkout URLs), through Shopify's own
 * clients (@shopify/admin-api-client, @shopify/storefront-api-client), sending only the operations
 * in operations.ts.
 *
 * Failures become StoreErrors: no answer, a timeout (10 s) or 5xx → UNAVAILABLE; 401/403 →
 * UNAUTHORIZED (naming the refused token); cost-based throttling (`THROTTLED`) waits as
 * `extensions.cost` says — (requested − currently available) / restore rate — and retries, up to 5
 * times, then THROTTLED; anything the store refuses about the request itself → INVALID.
 */

export interface ShopifyProviderOptions {
  /**
   * Sends the requests here instead of `https://<shopDomain>` (the built-in demo store over http:
   * `http://127.0.0.1:4000/demo-store`). Unset for real stores.
   */
  baseUrl?: string;
  /**
   * Connect only to public addresses, checked on each connection's resolved address
   * (webhooks' guard): a real store's domain, unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS is on.
   * Ignored with `baseUrl`.
   */
  publicAddressesOnly?: boolean;
  /** When set, every call fails with UNAVAILABLE and this message (e.g. the demo store in production). */
  refusal?: string;
  /** Per-request timeout in ms (default 10 000). */
  timeoutMs?: number;
  /** Retries of a THROTTLED answer (default 5). */
  throttleRetries?: number;
  /** The longest single wait for the throttle to refill, ms (default 20 000). */
  maxThrottleWaitMs?: number;
  /** How to wait (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Where the Admin API access token comes from. Default: the settings' fixed `adminToken`, else a
   * client credentials grant with `clientId` + `clientSecret` cached in this provider's memory
   * (store-connection.ts passes one cached in the database instead).
   */
  adminTokenSource?: AdminTokenSource;
}

/** An Admin API access token and when it expires (null: never, an admin-created app's token). */
export interface AdminAccessToken {
  token: string;
  expiresAt: Date | null;
}

/** Where the provider gets the Admin API access token it sends. */
export interface AdminTokenSource {
  /** Whether the token comes from a client ID and secret (and can be renewed). */
  readonly renewable: boolean;
  /** The token to send now (fetched or renewed when it expires within RENEW_BEFORE_MS). */
  get(): Promise<string>;
  /** The store refused `rejected` (HTTP 401): a new token, or null when it cannot be renewed. */
  renew(rejected: string): Promise<string | null>;
  /** The token last fetched and its expiry (renewable sources), to save it. */
  cached?(): AdminAccessToken | null;
}

/** A token is renewed when it expires within this (Shopify's last 24 hours). */
export const RENEW_BEFORE_MS = 5 * 60_000;

/** Whether a cached token can still be sent (it does not expire within RENEW_BEFORE_MS). */
export function tokenStillGood(token: AdminAccessToken | null, now = Date.now()): token is AdminAccessToken {
  return !!token && (token.expiresAt === null || token.expiresAt.getTime() - now > RENEW_BEFORE_MS);
}

/** An admin-created custom app's token: it does not expire and cannot be renewed. */
export function fixedAdminToken(token: string): AdminTokenSource {
  return { renewable: false, get: async () => token, renew: async () => null };
}

/**
 * A renewable token: `fetchToken(rejected)` gets a new one (`rejected`: the token the store refused,
 * or null when the cached one merely expires). Concurrent callers in this process share one fetch.
 */
export function renewableAdminToken(
  fetchToken: (rejected: string | null) => Promise<AdminAccessToken>,
  initial: AdminAccessToken | null = null,
): AdminTokenSource {
  let current = initial;
  let inFlight: Promise<AdminAccessToken> | null = null;
  const refresh = (rejected: string | null): Promise<string> => {
    inFlight ??= fetchToken(rejected).finally(() => {
      inFlight = null;
    });
    return inFlight.then((fresh) => {
      current = fresh;
      return fresh.token;
    });
  };
  return {
    renewable: true,
    cached: () => current,
    get: async () => (tokenStillGood(current) ? current.token : refresh(null)),
    renew: async (rejected) =>
      tokenStillGood(current) && current.token !== rejected ? current.token : refresh(rejected),
  };
}

/** `dance-shop.myshopify.com` without a scheme or trailing slash. */
function bareDomain(shopDomain: string): string {
  return shopDomain
    .trim()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
}

/**
 * Shopify's client credentials grant (Dev Dashboard apps installed on the shop):
 * `POST https://{shop}/admin/oauth/access_token` with `grant_type=client_credentials`, `client_id`,
 * `client_secret` → `{ access_token, scope, expires_in }` (seconds; about 24 hours).
 * Refused credentials → UNAUTHORIZED (credential `clientSecret`); no answer or 5xx → UNAVAILABLE.
 */
export async function requestClientCredentialsToken(
  settings: Pick<StoreSettings, 'shopDomain' | 'clientId' | 'clientSecret'>,
  options: Pick<ShopifyProviderOptions, 'baseUrl' | 'timeoutMs' | 'publicAddressesOnly'> = {},
  now: () => number = Date.now,
): Promise<AdminAccessToken & { scope: string | null }> {
  if (!settings.clientId || !settings.clientSecret) {
    throw new StoreError('INVALID', 'A client ID and a client secret are needed to get an access token.');
  }
  const domain = bareDomain(settings.shopDomain);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = fetchFor(
    `https://${domain}`,
    options.baseUrl?.replace(/\/+$/, ''),
    timeoutMs,
    !!options.publicAddressesOnly,
  );
  let response: Response;
  try {
    response = await send(`https://${domain}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }).toString(),
    });
  } catch (error) {
    const why = /abort|timeout/i.test((error as Error).message ?? '')
      ? `did not answer within ${Math.round(timeoutMs / 1000)} s`
      : `could not be reached (${(error as Error).message})`;
    throw new StoreError('UNAVAILABLE', `The store's access token endpoint ${why}.`);
  }
  const body = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    scope?: unknown;
    expires_in?: unknown;
    error?: unknown;
    error_description?: unknown;
    errors?: unknown;
  } | null;
  if (response.ok && body && typeof body.access_token === 'string' && body.access_token) {
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : null;
    return {
      token: body.access_token,
      scope: typeof body.scope === 'string' ? body.scope : null,
      expiresAt: seconds === null ? null : new Date(now() + seconds * 1000),
    };
  }
  const detail = [body?.error_description, body?.error, body?.errors]
    .find((v) => typeof v === 'string' && v)
    ?.toString();
  if (response.status >= 500 || response.status === 429) {
    throw new StoreError(
      'UNAVAILABLE',
      `The store's access token endpoint is unavailable (HTTP ${response.status}).`,
    );
  }
  if (response.status === 404) {
    throw new StoreError(
      'UNAVAILABLE',
      `No access token endpoint answers at ${domain} (HTTP 404): check the shop domain.`,
    );
  }
  if (response.ok) {
    throw new StoreError('INVALID', "The store's access token endpoint answered without a token.");
  }
  throw new StoreError(
    'UNAUTHORIZED',
    `The store refused the client ID and secret (HTTP ${response.status}${detail ? `: ${detail}` : ''}); is the app installed on this shop?`,
    'clientSecret',
  );
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_THROTTLE_RETRIES = 5;
const DEFAULT_MAX_THROTTLE_WAIT_MS = 20_000;
const PAGE_LIMIT = 50;

type Api = 'admin' | 'storefront';

interface GraphQLErrorLike {
  message?: string;
  extensions?: { code?: string; [key: string]: unknown };
}

interface ClientAnswer<T> {
  data?: T;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable?: number; restoreRate?: number; maximumAvailable?: number };
    };
  };
  errors?: {
    networkStatusCode?: number;
    message?: string;
    graphQLErrors?: GraphQLErrorLike[];
    response?: Response;
  };
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `fetch` with a timeout, optionally sending `https://<domain>…` to `baseUrl…` instead; with
 * `publicOnly` (and no `baseUrl`) through undici's fetch on a dispatcher that connects only to public
 * addresses (webhooks/webhook-http.ts).
 */
function fetchFor(domainOrigin: string, baseUrl: string | undefined, timeoutMs: number, publicOnly = false) {
  const dispatcher = publicOnly && !baseUrl ? publicOnlyDispatcher(timeoutMs) : null;
  return (url: string, init?: RequestInit): Promise<Response> => {
    const target = baseUrl && url.startsWith(domainOrigin) ? baseUrl + url.slice(domainOrigin.length) : url;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    if (dispatcher) {
      return undiciFetch(target, {
        ...(init as UndiciRequestInit),
        signal,
        dispatcher,
      }) as unknown as Promise<Response>;
    }
    return fetch(target, { ...init, signal });
  };
}

/** The client libraries' logs: only deprecation notices are worth a line. */
function logOf(entry: { type: string; content: object }): void {
  if (entry.type === 'HTTP-Response-GraphQL-Deprecation-Notice') {
    const notice = (entry.content as { deprecationNotice?: string }).deprecationNotice;
    log().warn({ detail: notice }, '[store] Shopify deprecation notice');
  }
}

function str(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function moneyOrNull(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

function intOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

interface AdminProductNode {
  id: string;
  handle: string;
  title: string;
  descriptionHtml?: string | null;
  productType?: string | null;
  vendor?: string | null;
  tags?: string[] | null;
  status?: string | null;
  updatedAt: string;
  totalInventory?: number | null;
  media?: {
    nodes?: {
      image?: { url: string; altText?: string | null; width?: number | null; height?: number | null };
    }[];
  } | null;
  options?: { name: string; optionValues?: { name: string }[] | null }[] | null;
  priceRangeV2?: {
    minVariantPrice?: { amount: string; currencyCode: string } | null;
    maxVariantPrice?: { amount: string; currencyCode: string } | null;
  } | null;
  variants?: {
    nodes?: {
      id: string;
      title: string;
      sku?: string | null;
      price: string;
      compareAtPrice?: string | null;
      availableForSale?: boolean | null;
      inventoryQuantity?: number | null;
      selectedOptions?: { name: string; value: string }[] | null;
      media?: { nodes?: { image?: { url: string } | null }[] } | null;
    }[];
  } | null;
  collections?: { nodes?: { id: string }[] } | null;
}

/** An Admin API product (DrxProductFields) as the shop's cache wants it. */
export function productFromAdmin(node: AdminProductNode): StoreProductData {
  const variants = (node.variants?.nodes ?? []).map((v) => ({
    id: v.id,
    title: v.title,
    sku: v.sku ? v.sku : null,
    price: str(v.price),
    compareAtPrice: moneyOrNull(v.compareAtPrice),
    availableForSale: v.availableForSale ?? true,
    inventoryQuantity: intOrNull(v.inventoryQuantity),
    selectedOptions: (v.selectedOptions ?? []).map((o) => ({ name: o.name, value: o.value })),
    imageUrl: v.media?.nodes?.find((m) => m.image?.url)?.image?.url ?? null,
  }));
  const min = node.priceRangeV2?.minVariantPrice;
  const max = node.priceRangeV2?.maxVariantPrice;
  const prices = variants.map((v) => Number(v.price)).filter((n) => Number.isFinite(n));
  return {
    id: node.id,
    handle: node.handle,
    title: node.title,
    descriptionHtml: node.descriptionHtml ?? '',
    productType: node.productType ?? '',
    vendor: node.vendor ?? '',
    tags: node.tags ?? [],
    status: node.status ?? 'ACTIVE',
    updatedAt: node.updatedAt,
    totalInventory: intOrNull(node.totalInventory),
    currencyCode: min?.currencyCode ?? max?.currencyCode ?? '',
    minPrice: min ? str(min.amount) : prices.length ? String(Math.min(...prices)) : '0',
    maxPrice: max ? str(max.amount) : prices.length ? String(Math.max(...prices)) : '0',
    images: (node.media?.nodes ?? [])
      .filter((m) => m.image?.url)
      .map((m) => ({
        url: m.image!.url,
        altText: m.image!.altText ?? null,
        width: intOrNull(m.image!.width),
        height: intOrNull(m.image!.height),
      })),
    options: (node.options ?? []).map((o) => ({
      name: o.name,
      values: (o.optionValues ?? []).map((v) => v.name),
    })),
    variants,
    collectionIds: (node.collections?.nodes ?? []).map((c) => c.id),
  };
}

/** How long to wait before retrying a THROTTLED answer, from its `extensions.cost`. */
export function throttleWaitMs(answer: ClientAnswer<unknown>, maxMs: number): number {
  const cost = answer.extensions?.cost;
  const needed = cost?.requestedQueryCost;
  const available = cost?.throttleStatus?.currentlyAvailable;
  const rate = cost?.throttleStatus?.restoreRate;
  let ms = 1000;
  if (typeof needed === 'number' && typeof available === 'number' && typeof rate === 'number' && rate > 0) {
    ms = (Math.max(0, needed - available) / rate) * 1000;
  }
  return Math.min(maxMs, Math.max(50, Math.ceil(ms)));
}

/** Shopify's search syntax for "changed after": `updated_at:>'2026-11-24T10:00:00.000Z'`. */
export function updatedSinceQuery(since: Date): string {
  return `updated_at:>'${since.toISOString()}'`;
}

export class ShopifyStoreProvider implements StoreProvider {
  /** Makes the Admin API client for a token (null: refused); the last one is kept. */
  private readonly makeAdmin: ((token: string) => AdminApiClient) | null;
  private admin: { token: string; client: AdminApiClient } | null = null;
  private readonly storefront: StorefrontApiClient | null;
  private readonly adminToken: AdminTokenSource;
  private readonly options: Required<
    Omit<ShopifyProviderOptions, 'baseUrl' | 'refusal' | 'adminTokenSource' | 'publicAddressesOnly'>
  > &
    Pick<ShopifyProviderOptions, 'refusal'>;

  constructor(
    private readonly settings: StoreSettings,
    options: ShopifyProviderOptions = {},
  ) {
    this.options = {
      refusal: options.refusal,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      throttleRetries: options.throttleRetries ?? DEFAULT_THROTTLE_RETRIES,
      maxThrottleWaitMs: options.maxThrottleWaitMs ?? DEFAULT_MAX_THROTTLE_WAIT_MS,
      sleep: options.sleep ?? sleepFor,
    };
    this.adminToken =
      options.adminTokenSource ??
      (settings.adminToken || !settings.clientId || !settings.clientSecret
        ? fixedAdminToken(settings.adminToken ?? '')
        : renewableAdminToken(() =>
            requestClientCredentialsToken(settings, {
              baseUrl: options.baseUrl,
              timeoutMs: options.timeoutMs,
              publicAddressesOnly: options.publicAddressesOnly,
            }),
          ));
    if (options.refusal) {
      this.makeAdmin = null;
      this.storefront = null;
      return;
    }
    const domain = bareDomain(settings.shopDomain);
    const customFetchApi = fetchFor(
      `https://${domain}`,
      options.baseUrl?.replace(/\/+$/, ''),
      this.options.timeoutMs,
      !!options.publicAddressesOnly,
    );
    // The client's token header cannot be overridden per request: one client per token.
    this.makeAdmin = (accessToken: string) =>
      createAdminApiClient({
        storeDomain: domain,
        apiVersion: settings.apiVersion,
        accessToken,
        userAgentPrefix: 'DRX',
        customFetchApi,
        logger: logOf,
      });
    try {
      if (settings.adminToken)
        this.admin = { token: settings.adminToken, client: this.makeAdmin(settings.adminToken) };
      this.storefront = createStorefrontApiClient({
        storeDomain: domain,
        apiVersion: settings.apiVersion,
        publicAccessToken: settings.storefrontToken,
        clientName: 'DRX',
        customFetchApi,
        logger: logOf,
      });
    } catch (error) {
      // The clients refuse a malformed domain, version or a missing token up front.
      throw new StoreError('INVALID', (error as Error).message);
    }
  }

  // ------------------------------------------------------------------ transport

  private async run<T>(api: Api, operation: string, variables: Record<string, unknown> = {}): Promise<T> {
    if (this.options.refusal) throw new StoreError('UNAVAILABLE', this.options.refusal);
    const label = api === 'admin' ? 'Admin API' : 'Storefront API';
    let token = api === 'admin' ? await this.adminToken.get() : null;
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      const client = token === null ? this.storefront! : this.adminClient(token);
      const answer = (await client.request(operation, { variables })) as ClientAnswer<T>;
      const errors = answer.errors;
      if (token !== null && errors?.networkStatusCode === 401 && !renewed && this.adminToken.renewable) {
        // Revoked or expired early: one new token from the client credentials, one retry.
        renewed = true;
        const fresh = await this.adminToken.renew(token);
        if (fresh !== null) {
          token = fresh;
          continue;
        }
      }
      if (!errors) {
        if (answer.data === undefined || answer.data === null) {
          throw new StoreError('INVALID', `The store's ${label} answered without data.`);
        }
        return answer.data;
      }
      const status = errors.networkStatusCode;
      const graphQLErrors = errors.graphQLErrors ?? [];
      const throttled = status === 429 || graphQLErrors.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled) {
        if (attempt >= this.options.throttleRetries) {
          throw new StoreError(
            'THROTTLED',
            `The store's ${label} kept answering "Throttled" after ${this.options.throttleRetries} retries.`,
          );
        }
        const retryAfter = Number(errors.response?.headers.get('Retry-After'));
        const wait =
          status === 429 && Number.isFinite(retryAfter) && retryAfter > 0
            ? Math.min(this.options.maxThrottleWaitMs, retryAfter * 1000)
            : throttleWaitMs(answer, this.options.maxThrottleWaitMs);
        await this.options.sleep(wait);
        continue;
      }
      throw this.errorOf(api, label, errors, graphQLErrors);
    }
  }

  private adminClient(token: string): AdminApiClient {
    if (this.admin?.token !== token) {
      try {
        this.admin = { token, client: this.makeAdmin!(token) };
      } catch (error) {
        throw new StoreError('INVALID', (error as Error).message);
      }
    }
    return this.admin.client;
  }

  private errorOf(
    api: Api,
    label: string,
    errors: NonNullable<ClientAnswer<unknown>['errors']>,
    graphQLErrors: GraphQLErrorLike[],
  ): StoreError {
    const status = errors.networkStatusCode;
    const viaClient = api === 'admin' && this.adminToken.renewable;
    const credential = api === 'admin' ? (viaClient ? 'clientSecret' : 'adminToken') : 'storefrontToken';
    const tokenName =
      api === 'admin'
        ? viaClient
          ? 'Admin API access token it issued for the client ID and secret'
          : 'Admin API access token'
        : 'Storefront access token';
    if (status === 401 || status === 403) {
      return new StoreError(
        'UNAUTHORIZED',
        `The store refused the ${tokenName} (HTTP ${status}).`,
        credential,
      );
    }
    if (graphQLErrors.some((e) => e.extensions?.code === 'ACCESS_DENIED')) {
      return new StoreError(
        'UNAUTHORIZED',
        `The ${tokenName} lacks a permission DRX needs: ${graphQLErrors.map((e) => e.message).join('; ')}`,
        credential,
      );
    }
    if (status === undefined) {
      const why = /abort|timeout/i.test(errors.message ?? '')
        ? `did not answer within ${Math.round(this.options.timeoutMs / 1000)} s`
        : `could not be reached (${(errors.message ?? 'network error').replace(/^[^:]*: /, '')})`;
      return new StoreError('UNAVAILABLE', `The store's ${label} ${why}.`);
    }
    if (status >= 500 || status === 404 || (status < 300 && !graphQLErrors.length)) {
      return new StoreError(
        'UNAVAILABLE',
        status === 404
          ? `No ${label} answers at ${this.settings.shopDomain} (HTTP 404): check the shop domain and API version.`
          : `The store's ${label} is unavailable (HTTP ${status}).`,
      );
    }
    const detail = graphQLErrors.length
      ? graphQLErrors.map((e) => e.message ?? 'error').join('; ')
      : (errors.message ?? `HTTP ${status}`);
    return new StoreError('INVALID', `The store's ${label} refused the request: ${detail}`);
  }

  private static userErrors(
    what: string,
    userErrors: { field?: string[] | null; message: string }[] | undefined | null,
  ): void {
    if (userErrors && userErrors.length > 0) {
      const detail = userErrors
        .map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message))
        .join('; ');
      throw new StoreError('INVALID', `The store refused to ${what}: ${detail}`);
    }
  }

  // ------------------------------------------------------------------ StoreProvider

  async shop(): Promise<StoreShopInfo> {
    const admin = await this.run<{
      shop: { name: string; currencyCode: string; myshopifyDomain: string };
    }>('admin', ADMIN_SHOP);
    // The Storefront token must work too (carts and checkout go through it).
    await this.run<{ shop: { name: string } }>('storefront', STOREFRONT_SHOP);
    return {
      name: admin.shop.name,
      currencyCode: admin.shop.currencyCode,
      domain: admin.shop.myshopifyDomain,
    };
  }

  async collections(): Promise<StoreCollectionInfo[]> {
    const all: StoreCollectionInfo[] = [];
    let after: string | null = null;
    for (let page = 0; page < PAGE_LIMIT; page++) {
      const data: {
        collections: {
          nodes: StoreCollectionInfo[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      } = await this.run('admin', ADMIN_COLLECTIONS, { first: 100, after });
      all.push(...data.collections.nodes.map((c) => ({ id: c.id, handle: c.handle, title: c.title })));
      if (!data.collections.pageInfo.hasNextPage || !data.collections.pageInfo.endCursor) break;
      after = data.collections.pageInfo.endCursor;
    }
    return all;
  }

  async products(args: {
    first: number;
    after?: string | null;
    updatedSince?: Date | null;
  }): Promise<StoreProductPage> {
    const data = await this.run<{
      products: {
        nodes: AdminProductNode[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    }>('admin', ADMIN_PRODUCTS, {
      first: Math.max(1, Math.min(250, args.first)),
      after: args.after ?? null,
      query: args.updatedSince ? updatedSinceQuery(args.updatedSince) : null,
    });
    return {
      products: data.products.nodes.map(productFromAdmin),
      endCursor: data.products.pageInfo.endCursor,
      hasNextPage: data.products.pageInfo.hasNextPage,
    };
  }

  async product(id: string): Promise<StoreProductData | null> {
    const data = await this.run<{ product: AdminProductNode | null }>('admin', ADMIN_PRODUCT, { id });
    return data.product ? productFromAdmin(data.product) : null;
  }

  async createCheckout(
    lines: { variantId: string; quantity: number }[],
    buyer: { email: string | null },
  ): Promise<{ cartId: string; checkoutUrl: string }> {
    const input: Record<string, unknown> = {
      lines: lines.map((l) => ({ merchandiseId: l.variantId, quantity: l.quantity })),
    };
    if (buyer.email) input.buyerIdentity = { email: buyer.email };
    const data = await this.run<{
      cartCreate: {
        cart: { id: string; checkoutUrl: string } | null;
        userErrors: { field?: string[] | null; message: string }[];
      } | null;
    }>('storefront', STOREFRONT_CART_CREATE, { input });
    ShopifyStoreProvider.userErrors('create the cart', data.cartCreate?.userErrors);
    const cart = data.cartCreate?.cart;
    if (!cart) throw new StoreError('INVALID', 'The store created no cart.');
    return { cartId: cart.id, checkoutUrl: cart.checkoutUrl };
  }

  async publishProduct(input: StorePublishInput): Promise<{ productId: string; variantId: string }> {
    const productSet: Record<string, unknown> = {
      title: input.title,
      descriptionHtml: input.descriptionHtml,
      productType: input.productType,
      vendor: 'DRX',
      status: 'ACTIVE',
      tags: input.tags,
      productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
      variants: [
        {
          optionValues: [{ optionName: 'Title', name: 'Default Title' }],
          price: input.price,
          sku: input.sku,
          // A course or a download: nothing to ship, no stock to count.
          inventoryItem: { tracked: false, requiresShipping: false },
        },
      ],
    };
    if (input.productId) productSet.id = input.productId;
    if (input.imageUrl && /^https:\/\//i.test(input.imageUrl)) {
      productSet.files = [{ originalSource: input.imageUrl, alt: input.title, contentType: 'IMAGE' }];
    }
    const data = await this.run<{
      productSet: {
        product: { id: string; variants: { nodes: { id: string; sku: string | null }[] } } | null;
        userErrors: { field?: string[] | null; message: string }[];
      } | null;
    }>('admin', ADMIN_PRODUCT_SET, { input: productSet });
    ShopifyStoreProvider.userErrors('save the product', data.productSet?.userErrors);
    const product = data.productSet?.product;
    const variant = product?.variants.nodes[0];
    if (!product || !variant) throw new StoreError('INVALID', 'The store saved no product or variant.');
    return { productId: product.id, variantId: variant.id };
  }

  async archiveProduct(productId: string): Promise<void> {
    const data = await this.run<{
      productUpdate: {
        product: { id: string; status: string } | null;
        userErrors: { field?: string[] | null; message: string }[];
      } | null;
    }>('admin', ADMIN_PRODUCT_ARCHIVE, { product: { id: productId, status: 'ARCHIVED' } });
    ShopifyStoreProvider.userErrors('archive the product', data.productUpdate?.userErrors);
  }

  async ensureWebhooks(callbackUrl: string, topics: readonly string[]): Promise<void> {
    const data = await this.run<{
      webhookSubscriptions: { nodes: { id: string; topic: string; uri: string }[] };
    }>('admin', ADMIN_WEBHOOK_SUBSCRIPTIONS, { first: 250 });
    const have = new Set(
      data.webhookSubscriptions.nodes.filter((s) => s.uri === callbackUrl).map((s) => s.topic),
    );
    for (const topic of topics) {
      if (have.has(topic)) continue;
      const created = await this.run<{
        webhookSubscriptionCreate: {
          webhookSubscription: { id: string } | null;
          userErrors: { field?: string[] | null; message: string }[];
        } | null;
      }>('admin', ADMIN_WEBHOOK_SUBSCRIPTION_CREATE, {
        topic,
        webhookSubscription: { uri: callbackUrl, format: 'JSON' },
      });
      ShopifyStoreProvider.userErrors(
        `subscribe to ${topic}`,
        // Taken by a subscription made meanwhile: that is what we wanted.
        created.webhookSubscriptionCreate?.userErrors.filter((e) => !/already been taken/i.test(e.message)),
      );
    }
  }
}
