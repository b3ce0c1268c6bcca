import type { OidcConfig } from '../../config';

/**
 * openid-client 6 is an ES module only; the api compiles to CommonJS. Node 20.20 could `require()`
 * it, but a dynamic `import()` works on every runtime and test runner, so the module is loaded on
 * the first sign-in with a provider, never at boot.
 */
export type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
export type OidcConfiguration = InstanceType<OpenIdClient['Configuration']>;

let loaded: Promise<OpenIdClient> | undefined;

export function openIdClient(): Promise<OpenIdClient> {
  loaded ??= import('openid-client');
  return loaded;
}

const discovered = new Map<string, Promise<OidcConfiguration>>();

/** Whether the issuer is plain http on this machine (tests and local trials; config.ts allows no other). */
function isLocalHttp(issuer: string): boolean {
  return new URL(issuer).protocol === 'http:';
}

/**
 * The provider's metadata and our client (discovery from `<issuer>/.well-known/openid-configuration`),
 * read once per process; a failed read is tried again at the next sign-in.
 */
export async function oidcConfiguration(oidc: OidcConfig): Promise<OidcConfiguration> {
  const key = `${oidc.issuer}\n${oidc.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = (async () => {
      const client = await openIdClient();
      return client.discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        undefined,
        client.ClientSecretBasic(oidc.clientSecret),
        {
          execute: isLocalHttp(oidc.issuer) ? [client.allowInsecureRequests] : [],
          timeout: 10,
        },
      );
    })();
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found;
}
