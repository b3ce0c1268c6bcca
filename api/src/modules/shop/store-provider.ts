/**
 * The small store interface DRX's shop talks to (docs/store.md). Shopify implements it
 * (shopify/shopify-store-provider.ts, through Shopify's own npm clients); another commerce store
 * would be another implementation. Money is a decimal string in the store's currency.
 */

/**
 * What connects DRX to one store (decrypted; never sent to a browser). The Admin API is reached
 * either with a fixed `adminToken` (an admin-created custom app's `shpat_…`) or with a Dev Dashboard
 * app's `clientId` + `clientSecret`, exchanged for expiring access tokens (client credentials
 * grant). Webhooks are verified with `webhookSecret`, or else with the client secret (a Dev
 * Dashboard app signs its webhooks with it).
 */
export interface StoreSettings {
  shopDomain: string;
  apiVersion: string;
  storefrontToken: string;
  adminToken?: string;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
}

/** The secret that signs the store's webhooks: the webhook secret, else the app's client secret. */
export function webhookSecretOf(settings: StoreSettings): string | undefined {
  return settings.webhookSecret ?? settings.clientSecret;
}

export interface StoreShopInfo {
  name: string;
  currencyCode: string;
  domain: string;
}

export interface StoreCollectionInfo {
  id: string;
  handle: string;
  title: string;
}

export interface StoreImageData {
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
}

export interface StoreVariantData {
  id: string;
  title: string;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  availableForSale: boolean;
  /** Null when the store does not track this variant's stock. */
  inventoryQuantity: number | null;
  selectedOptions: { name: string; value: string }[];
  imageUrl: string | null;
}

export interface StoreProductData {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  vendor: string;
  tags: string[];
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | string;
  /** ISO instant. */
  updatedAt: string;
  totalInventory: number | null;
  currencyCode: string;
  minPrice: string;
  maxPrice: string;
  images: StoreImageData[];
  options: { name: string; values: string[] }[];
  variants: StoreVariantData[];
  collectionIds: string[];
}

export interface StoreProductPage {
  products: StoreProductData[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** A DRX course or resource sold in the store as a one-variant product. */
export interface StorePublishInput {
  /** Set when the product exists in the store already (update). */
  productId: string | null;
  title: string;
  descriptionHtml: string;
  productType: string;
  sku: string;
  price: string;
  /** An absolute https URL the store can fetch, or null. */
  imageUrl: string | null;
  tags: string[];
}

export type StoreErrorCode =
  /** The store could not be reached, timed out or answered 5xx. */
  | 'UNAVAILABLE'
  /** A token was refused (401/403). */
  | 'UNAUTHORIZED'
  /** Cost-based throttling went on after the retries. */
  | 'THROTTLED'
  /** The store refused the request's content (GraphQL errors or userErrors). */
  | 'INVALID';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    /** With UNAUTHORIZED: which token was refused, when the provider can tell. */
    readonly credential?: 'storefrontToken' | 'adminToken' | 'clientSecret',
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export interface StoreProvider {
  /** Both APIs answer with these tokens: the shop's name, currency and domain. */
  shop(): Promise<StoreShopInfo>;
  collections(): Promise<StoreCollectionInfo[]>;
  /** One page of products, oldest change first; `updatedSince` makes it incremental. */
  products(args: {
    first: number;
    after?: string | null;
    updatedSince?: Date | null;
  }): Promise<StoreProductPage>;
  product(id: string): Promise<StoreProductData | null>;
  /** A Storefront cart of these lines; its checkout URL (the buyer's email prefilled when given). */
  createCheckout(
    lines: { variantId: string; quantity: number }[],
    buyer: { email: string | null },
  ): Promise<{ cartId: string; checkoutUrl: string }>;
  /** Creates or updates a product for a DRX item; its product and (single) variant ids. */
  publishProduct(input: StorePublishInput): Promise<{ productId: string; variantId: string }>;
  /** Takes a DRX item's product off sale (archived, not deleted: past orders keep their lines). */
  archiveProduct(productId: string): Promise<void>;
  /** Makes sure each topic is delivered to `callbackUrl` (idempotent). */
  ensureWebhooks(callbackUrl: string, topics: readonly string[]): Promise<void>;
}

/** The webhook topics DRX needs (Admin API enum values). */
export const STORE_WEBHOOK_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_PAID',
  'ORDERS_FULFILLED',
  'ORDERS_CANCELLED',
  'ORDERS_UPDATED',
  'REFUNDS_CREATE',
  'PRODUCTS_CREATE',
  'PRODUCTS_UPDATE',
  'PRODUCTS_DELETE',
] as const;
