import { DomainError } from '../../graphql/errors';
import { hostRefusal, isLocalhostName } from './webhook-address';

export const URL_MAX_LENGTH = 2000;

/**
 * Checks an endpoint URL at registration and returns it normalised: http(s) only (https in
 * production unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS is on), no user name or password in it, and —
 * with private networks not allowed — a host that is not a private address and does not resolve to
 * one now. Every delivery checks the address again (DNS answers change).
 */
export async function validateEndpointUrl(
  raw: string,
  settings: { production: boolean; allowPrivateNetworks: boolean },
): Promise<string> {
  const text = (raw ?? '').trim();
  const refuse = (message: string) => new DomainError('INVALID_INPUT', message, 'url');
  if (!text) throw refuse('Enter the URL that receives the webhooks');
  if (text.length > URL_MAX_LENGTH) throw refuse(`The URL must be at most ${URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('This is not a valid URL; write it in full, e.g. https://example.com/webhooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('The URL must start with https:// (or http://)');
  }
  if (url.protocol === 'http:' && settings.production && !settings.allowPrivateNetworks) {
    throw refuse('The URL must use https:// (plain http:// is refused in production)');
  }
  if (url.username || url.password) {
    throw refuse(
      'Remove the user name and password from the URL; verify requests by their signature instead',
    );
  }
  if (!url.hostname) throw refuse('The URL has no host');
  if (!settings.allowPrivateNetworks) {
    if (isLocalhostName(url.hostname)) {
      throw refuse('localhost is not reachable for webhooks: they go to public addresses only');
    }
    const refusal = await hostRefusal(url.hostname);
    if (refusal) throw refuse(`This URL is not reachable for webhooks: ${refusal.message}`);
  }
  return url.toString();
}
