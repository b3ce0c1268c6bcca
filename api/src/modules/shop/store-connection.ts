import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import {
  DEMO_ADMIN_TOKEN,
  DEMO_STORE_API_VERSION,
  DEMO_STORE_DOMAIN,
  DEMO_STOREFRONT_TOKEN,
  DEMO_WEBHOOK_SECRET,
} from './demo-store-constants';
import { decryptSecret, encryptSecret } from './secret-box';
import { isShopifyHost } from './store-domain';
import {
  type AdminAccessToken,
  type AdminTokenSource,
  renewableAdminToken,
  requestClientCredentialsToken,
  ShopifyStoreProvider,
  tokenStillGood,
} from './shopify/shopify-store-provider';
import {
  STORE_WEBHOOK_TOPICS,
  type StoreProductData,
  type StoreProvider,
  type StoreSettings,
} from './store-provider';
import { log } from '../../observability/logger';

/**
 * The connected store (table `store_connection`, at most one row) and the provider that talks to
 * it. Other shop modules call `getActiveStore` for "the store DRX uses now"; the admin graph
 * (store-connection.service.ts) changes the row.
 *
 * - No row: the built-in demo store when `config.demoStore` (never in production), else none.
 * - A row with status 'disconnected': none.
 * - A connected row: its settings, the tokens decrypted with `config.storeSecretsKey`.
 */

/** The API version a new connection uses unless the admin names another. */
export const DEFAULT_STORE_API_VERSION = '2026-04';

/** Where the store delivers its webhooks. */
export function storeWebhookUrl(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/api/webhooks/store`;
}

/** The demo store's settings (fixed; its tokens are public constants, not secrets). */
export const DEMO_STORE_SETTINGS: Readonly<StoreSettings> = Object.freeze({
  shopDomain: DEMO_STORE_DOMAIN,
  apiVersion: DEMO_STORE_API_VERSION,
  storefrontToken: DEMO_STOREFRONT_TOKEN,
  adminToken: DEMO_ADMIN_TOKEN,
  webhookSecret: DEMO_WEBHOOK_SECRET,
});

/** The store DRX uses now. */
export interface ActiveStore {
  provider: StoreProvider;
  /** Decrypted: never send them to a browser. */
  settings: StoreSettings;
  /** The built-in demo store (label the shop as such). */
  demo: boolean;
  /** The collections DRX shows; empty: every product. */
  collectionIds: string[];
  shopName: string | null;
  currencyCode: string | null;
}

/** The `store_connection` row as a raw query reads it (timestamps may come as strings). */
export interface StoreConnectionRow {
  provider: string;
  status: 'connected' | 'disconnected';
  demo: boolean;
  shop_domain: string | null;
  api_version: string | null;
  storefront_token_enc: string | null;
  admin_token_enc: string | null;
  webhook_secret_enc: string | null;
  client_id: string | null;
  client_secret_enc: string | null;
  access_token_enc: string | null;
  access_token_expires_at: Date | string | null;
  collection_ids: string[];
  shop_name: string | null;
  currency_code: string | null;
  connected_at: Date | string | null;
  updated_at: Date | string;
  updated_by: string | null;
  last_sync_started_at: Date | string | null;
  last_sync_finished_at: Date | string | null;
  last_sync_error: string | null;
  sync_watermark: Date | string | null;
}

/** The secret columns and the label each ciphertext is bound to (secret-box's additional data). */
export const SECRET_COLUMNS = {
  storefrontToken: 'storefront_token_enc',
  adminToken: 'admin_token_enc',
  webhookSecret: 'webhook_secret_enc',
  clientSecret: 'client_secret_enc',
} as const;
export type SecretField = keyof typeof SECRET_COLUMNS;

/** The label the cached Admin API access token (client credentials) is sealed with. */
const ACCESS_TOKEN_LABEL = 'access_token_enc';

/** Reads the connection row (in the caller's transaction when there is one), or null. */
export async function readStoreConnectionRow(
  em: EntityManager,
  options: { forUpdate?: boolean } = {},
): Promise<StoreConnectionRow | null> {
  const rows = await em
    .getConnection()
    .execute<StoreConnectionRow[]>(
      `select * from store_connection where id = 1${options.forUpdate ? ' for update' : ''}`,
      [],
      'all',
      em.getTransactionContext(),
    );
  return rows[0] ?? null;
}

/** Decrypts one stored secret; throws (SecretBoxError) with a wrong key or a changed ciphertext. */
export function openStoredSecret(key: Buffer, field: SecretField, sealed: string): string {
  return decryptSecret(key, sealed, SECRET_COLUMNS[field]);
}

/** The settings of a connected row (the demo's constants for a demo row). */
export function settingsOfRow(row: StoreConnectionRow, key: Buffer | undefined): StoreSettings {
  // The demo store connected with its client ID and secret keeps them (it issues tokens too).
  if (row.demo && !row.client_id) return { ...DEMO_STORE_SETTINGS };
  if (!key) throw new Error('STORE_SECRETS_KEY is not set: the store tokens cannot be decrypted');
  const settings: StoreSettings = {
    shopDomain: row.shop_domain!,
    apiVersion: row.api_version!,
    storefrontToken: openStoredSecret(key, 'storefrontToken', row.storefront_token_enc!),
  };
  if (row.admin_token_enc) settings.adminToken = openStoredSecret(key, 'adminToken', row.admin_token_enc);
  if (row.client_id && row.client_secret_enc) {
    settings.clientId = row.client_id;
    settings.clientSecret = openStoredSecret(key, 'clientSecret', row.client_secret_enc);
  }
  if (row.webhook_secret_enc) {
    settings.webhookSecret = openStoredSecret(key, 'webhookSecret', row.webhook_secret_enc);
  }
  return settings;
}

/** Whether these settings reach the Admin API through the client credentials grant. */
export function usesClientCredentials(settings: StoreSettings): boolean {
  return !settings.adminToken && !!settings.clientId && !!settings.clientSecret;
}

/** Where the server reaches this store (the demo store on this server), for token requests too. */
function baseUrlOf(settings: StoreSettings, config: Config): string | undefined {
  return settings.shopDomain === DEMO_STORE_DOMAIN ? config.demoStoreUrl : undefined;
}

/**
 * How the server reaches this store: the demo store at its base URL; a store at a domain of its own
 * only at public addresses (checked at each connection, so a domain that passed
 * `assertShopDomainReachable` and later resolves to a private address reaches nothing) unless
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS is on; Shopify's own `*.myshopify.com` hosts as the entry check
 * allows them, whatever their DNS answer.
 */
function reachOf(settings: StoreSettings, config: Config) {
  return {
    baseUrl: baseUrlOf(settings, config),
    publicAddressesOnly: !config.webhooksAllowPrivateNetworks && !isShopifyHost(settings.shopDomain),
  };
}

/** A fresh access token for these client credentials (no cache; connect and test use it once). */
export function clientCredentialsToken(settings: StoreSettings, config: Config): AdminTokenSource {
  return renewableAdminToken(() => requestClientCredentialsToken(settings, reachOf(settings, config)));
}

/** Any number: the advisory lock key under which one process renews the shared access token. */
const ACCESS_TOKEN_LOCK = 727_100_431;

/** Seals an access token for `store_connection.access_token_enc`. */
export function sealAccessToken(key: Buffer, token: string): string {
  return encryptSecret(key, token, ACCESS_TOKEN_LABEL);
}

function cachedTokenOf(
  key: Buffer,
  sealed: string | null,
  expiresAt: Date | string | null,
): AdminAccessToken | null {
  if (!sealed) return null;
  try {
    return {
      token: decryptSecret(key, sealed, ACCESS_TOKEN_LABEL),
      expiresAt: expiresAt === null ? null : new Date(expiresAt),
    };
  } catch {
    return null;
  }
}

/**
 * The connection's access token, cached (encrypted) in its row and shared by every process: used
 * until five minutes before it expires, then renewed by one process at a time (a transaction-level
 * advisory lock; whoever waited finds the new token in the row and uses it). A token the store
 * refused (401) is renewed once. The new token is saved only while the row still holds the same
 * client credentials (a conditional update).
 */
function databaseCachedToken(
  em: EntityManager,
  config: Config,
  settings: StoreSettings,
  row: StoreConnectionRow,
  key: Buffer,
): AdminTokenSource {
  const clientSecretEnc = row.client_secret_enc;
  const renew = async (rejected: string | null): Promise<AdminAccessToken> => {
    const knex = em.getConnection().getKnex();
    return knex.transaction(async (trx) => {
      // Never wait forever behind another process (its request times out after 10 s).
      await trx.raw(`set local lock_timeout = '30s'`);
      await trx.raw('select pg_advisory_xact_lock(?)', [ACCESS_TOKEN_LOCK]);
      const found = await trx.raw<{ rows: Partial<StoreConnectionRow>[] }>(
        `select client_id, client_secret_enc, access_token_enc, access_token_expires_at
           from store_connection where id = 1`,
      );
      const now = found.rows[0];
      if (now && now.client_id === settings.clientId && now.client_secret_enc === clientSecretEnc) {
        const cached = cachedTokenOf(key, now.access_token_enc ?? null, now.access_token_expires_at ?? null);
        if (tokenStillGood(cached) && cached.token !== rejected) return cached;
      }
      const fresh = await requestClientCredentialsToken(settings, reachOf(settings, config));
      try {
        // A savepoint: a row locked elsewhere for long only skips the caching.
        await trx.transaction(async (sp) => {
          await sp.raw(`set local lock_timeout = '3s'`);
          await sp.raw(
            `update store_connection set access_token_enc = ?, access_token_expires_at = ?
              where id = 1 and status = 'connected' and client_id = ? and client_secret_enc = ?`,
            [sealAccessToken(key, fresh.token), fresh.expiresAt, settings.clientId!, clientSecretEnc!],
          );
        });
      } catch (error) {
        log().warn({ detail: (error as Error).message }, '[store] the new access token could not be cached');
      }
      return fresh;
    });
  };
  return renewableAdminToken(renew, cachedTokenOf(key, row.access_token_enc, row.access_token_expires_at));
}

/**
 * The provider for these settings. The demo store's domain is sent to `config.demoStoreUrl` (over
 * http, on this server); in production, or with the demo store turned off, every call to it fails
 * with UNAVAILABLE instead.
 */
export function createStoreProvider(
  settings: StoreSettings,
  config: Config,
  options: { adminTokenSource?: AdminTokenSource } = {},
): StoreProvider {
  const { adminTokenSource } = options;
  if (settings.shopDomain === DEMO_STORE_DOMAIN) {
    if (config.production) {
      return new ShopifyStoreProvider(settings, {
        refusal: 'The demo store is not available in production: connect a real store.',
      });
    }
    if (!config.demoStoreUrl) {
      return new ShopifyStoreProvider(settings, {
        refusal: 'The demo store is turned off (DEMO_STORE=false): connect a real store.',
      });
    }
    return demoImagesOnThisSite(
      new ShopifyStoreProvider(settings, { baseUrl: config.demoStoreUrl, adminTokenSource }),
      config,
    );
  }
  return new ShopifyStoreProvider(settings, { ...reachOf(settings, config), adminTokenSource });
}

/**
 * The demo store's images are served by this app (at `publicUrl`/demo-store/images): they are kept as
 * paths, so a page opened at another address of the same server (127.0.0.1 for localhost) shows
 * them under its own-origin image policy.
 */
function demoImagesOnThisSite(provider: StoreProvider, config: Config): StoreProvider {
  const origin = new URL(config.publicUrl).origin;
  const local = (url: string | null): string | null =>
    url && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
  const product = (p: StoreProductData): StoreProductData => ({
    ...p,
    images: p.images.map((image) => ({ ...image, url: local(image.url) ?? image.url })),
    variants: p.variants.map((v) => ({ ...v, imageUrl: local(v.imageUrl) })),
  });
  return {
    shop: () => provider.shop(),
    collections: () => provider.collections(),
    createCheckout: (lines, buyer) => provider.createCheckout(lines, buyer),
    publishProduct: (input) => provider.publishProduct(input),
    archiveProduct: (productId) => provider.archiveProduct(productId),
    ensureWebhooks: (callbackUrl, topics) => provider.ensureWebhooks(callbackUrl, topics),
    products: async (args: Parameters<StoreProvider['products']>[0]) => {
      const page = await provider.products(args);
      return { ...page, products: page.products.map(product) };
    },
    product: async (id: string) => {
      const found = await provider.product(id);
      return found && product(found);
    },
  };
}

let warnedUnreadable = false;

/**
 * The store DRX uses now, or null when none is connected (see the module comment). A connected
 * row whose tokens cannot be decrypted (STORE_SECRETS_KEY missing or changed) counts as none, with
 * an error in the log.
 */
export async function getActiveStore(em: EntityManager, config: Config): Promise<ActiveStore | null> {
  const row = await readStoreConnectionRow(em);
  if (!row) {
    if (!config.demoStore) return null;
    const settings = { ...DEMO_STORE_SETTINGS };
    const provider = createStoreProvider(settings, config);
    ensureImplicitDemoWebhooks(provider, config);
    return { provider, settings, demo: true, collectionIds: [], shopName: null, currencyCode: null };
  }
  if (row.status !== 'connected') return null;
  if (row.demo && (config.production || !config.demoStore)) return null;
  let settings: StoreSettings;
  try {
    settings = settingsOfRow(row, config.storeSecretsKey);
  } catch (error) {
    if (!warnedUnreadable) {
      warnedUnreadable = true;
      log().error(
        { detail: (error as Error).message },
        '[store] The connected store’s tokens cannot be decrypted (is STORE_SECRETS_KEY the key they ' +
          'were saved with?). The shop acts as if no store were connected until it is connected again.',
      );
    }
    return null;
  }
  const provider = createStoreProvider(settings, config, {
    adminTokenSource:
      usesClientCredentials(settings) && config.storeSecretsKey
        ? databaseCachedToken(em, config, settings, row, config.storeSecretsKey)
        : undefined,
  });
  // The demo store runs in this app: its webhooks must reach this server's own address and port.
  if (row.demo) ensureImplicitDemoWebhooks(provider, config);
  return {
    provider,
    settings,
    demo: row.demo,
    collectionIds: row.collection_ids ?? [],
    shopName: row.shop_name,
    currencyCode: row.currency_code,
  };
}

/** When the last webhook registration of the implicit demo store was tried, by target. */
const implicitDemoWebhooks = new Map<string, number>();
const IMPLICIT_DEMO_RETRY_MS = 60_000;

/**
 * With no store configured, the demo store is used without anyone pressing "connect", so nobody
 * registered its webhooks: the first use in a process does (in the background; retried a minute
 * later when the server was not listening yet).
 */
function ensureImplicitDemoWebhooks(provider: StoreProvider, config: Config): void {
  const target = `${config.demoStoreUrl}|${storeWebhookUrl(config)}`;
  const last = implicitDemoWebhooks.get(target);
  if (last !== undefined && (last === Infinity || Date.now() - last < IMPLICIT_DEMO_RETRY_MS)) return;
  implicitDemoWebhooks.set(target, Date.now());
  provider.ensureWebhooks(storeWebhookUrl(config), STORE_WEBHOOK_TOPICS).then(
    () => implicitDemoWebhooks.set(target, Infinity),
    () => undefined,
  );
}
