/**
 * Fixed settings of the built-in demo store (a local server speaking the subset of Shopify's
 * Storefront and Admin GraphQL APIs that DRX uses). Never used in production. The app keeps a copy
 * (api/src/modules/shop/demo-store-constants.ts; its spec checks the two are the same).
 */

/** The demo store's shop domain, as a Shopify store's `<name>.myshopify.com`. */
export const DEMO_STORE_DOMAIN = 'demo-store.drx.local';
/** The API version the demo store answers (and the default for real stores). */
export const DEMO_STORE_API_VERSION = '2026-04';
/** Storefront API access token the demo store accepts. */
export const DEMO_STOREFRONT_TOKEN = 'demo-storefront-token';
/** Admin API access token the demo store accepts. */
export const DEMO_ADMIN_TOKEN = 'shpat_demo_admin_token';
/** Secret the demo store signs its webhooks with (HMAC-SHA256, base64). */
export const DEMO_WEBHOOK_SECRET = 'demo-webhook-secret';
/** The client ID of the demo store's "Dev Dashboard app" (client credentials grant). */
export const DEMO_CLIENT_ID = 'demo-client-id';
/**
 * Its client secret: the same as the webhook secret, so the demo's webhooks verify whether DRX was
 * given the webhook secret or only the client secret (a Dev Dashboard app signs with the latter).
 */
export const DEMO_CLIENT_SECRET = DEMO_WEBHOOK_SECRET;
/** Path the demo store is mounted at on the DRX app outside production. */
export const DEMO_STORE_PATH = '/demo-store';
