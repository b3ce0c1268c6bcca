import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import {
  DEMO_ADMIN_TOKEN,
  DEMO_STORE_API_VERSION,
  DEMO_STORE_DOMAIN,
  DEMO_STOREFRONT_TOKEN,
  DEMO_WEBHOOK_SECRET,
} from './demo-store/demo-store-constants';
import { decryptSecret } from './secret-box';
import { ShopifyStoreProvider } from './shopify/shopify-store-provider';
import {
  STORE_WEBHOOK_TOPICS,
  type StoreProductData,
  type StoreProvider,
  type StoreSettings,
} from './store-provider';

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
} as const;
export type SecretField = keyof typeof SECRET_COLUMNS;

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
  if (row.demo) return { ...DEMO_STORE_SETTINGS };
  if (!key) throw new Error('STORE_SECRETS_KEY is not set: the store tokens cannot be decrypted');
  return {
    shopDomain: row.shop_domain!,
    apiVersion: row.api_version!,
    storefrontToken: openStoredSecret(key, 'storefrontToken', row.storefront_token_enc!),
    adminToken: openStoredSecret(key, 'adminToken', row.admin_token_enc!),
    webhookSecret: openStoredSecret(key, 'webhookSecret', row.webhook_secret_enc!),
  };
}

/**
 * The provider for these settings. The demo store's domain is sent to `config.demoStoreUrl` (over
 * http, on this server); in production, or with the demo store turned off, every call to it fails
 * with UNAVAILABLE instead.
 */
export function createStoreProvider(settings: StoreSettings, config: Config): StoreProvider {
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
    return demoImagesOnThisSite(new ShopifyStoreProvider(settings, { baseUrl: config.demoStoreUrl }), config);
  }
  return new ShopifyStoreProvider(settings);
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
      console.error(
        '[store] The connected store’s tokens cannot be decrypted (is STORE_SECRETS_KEY the key they ' +
          'were saved with?). The shop acts as if no store were connected until it is connected again.',
        (error as Error).message,
      );
    }
    return null;
  }
  const provider = createStoreProvider(settings, config);
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
