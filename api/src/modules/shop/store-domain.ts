import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import { hostRefusal, isLocalhostName } from '../webhooks';
import { DEMO_STORE_DOMAIN } from './demo-store-constants';

/** Shopify's own shop addresses: always allowed. */
const SHOPIFY_SUFFIX = '.myshopify.com';

/** Whether the domain is one of Shopify's own shop hosts (`*.myshopify.com`). */
export const isShopifyHost = (shopDomain: string): boolean => shopDomain.endsWith(SHOPIFY_SUFFIX);

const refuse = (why: string) =>
  new DomainError(
    'INVALID_INPUT',
    `DRX connects only to a Shopify store at its …myshopify.com domain or at a public address: ${why}. ` +
      'Enter the shop’s myshopify.com domain (Shopify admin → Settings → Domains).',
    'shopDomain',
  );

/**
 * Refuses a typed shop domain that DRX must not fetch `https://<domain>` from: it must be a
 * `*.myshopify.com` host or pass the webhooks' address guard (webhooks/webhook-address.ts: not
 * localhost, no private, loopback, link-local… address literally or by its DNS answer now), unless
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS is on. The built-in demo store's domain is never fetched from the
 * network (createStoreProvider sends it to this app), so it passes.
 */
export async function assertShopDomainReachable(
  shopDomain: string,
  config: Pick<Config, 'webhooksAllowPrivateNetworks'>,
): Promise<void> {
  if (shopDomain === DEMO_STORE_DOMAIN || isShopifyHost(shopDomain)) return;
  if (config.webhooksAllowPrivateNetworks) return;
  if (isLocalhostName(shopDomain)) throw refuse(`${shopDomain} is this machine`);
  const refusal = await hostRefusal(shopDomain);
  if (refusal) throw refuse(refusal.reason);
}
