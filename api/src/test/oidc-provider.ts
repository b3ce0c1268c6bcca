import http from 'node:http';
import type net from 'node:net';

/**
 * A real OpenID Connect provider for tests (the `oidc-provider` package, in this process): one
 * confidential client, accounts whose claims the test sets, and interactions completed either by
 * the test (`loginAs`: login and consent given programmatically, no form) or by a person in a
 * browser (oidc-provider's devInteractions form: any login name, any password; that name's claims
 * are `defaultClaims`).
 */
export interface TestOidcAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims of the account with this id (login name); unset ids get `defaultClaims(id)`. */
  accounts: Map<string, TestOidcAccount>;
  /** When set, the next interactions sign in as this account id without a form. */
  loginAs: string | null;
  close(): Promise<void>;
}

export const defaultClaims = (id: string): TestOidcAccount => ({
  email: `${id}@id.example.test`,
  email_verified: true,
  name: id,
});

/* The package ships no types; these are the few parts the tests use. */
interface Interaction {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: { client_id: string };
  session?: { accountId: string };
  grantId?: string;
}
interface ProviderInstance {
  callback(): http.RequestListener;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: object,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (fields: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  };
  on(event: string, listener: (...args: unknown[]) => void): void;
}

export async function startTestOidcProvider(options: {
  redirectUris: string[];
  /** A fixed port (the e2e suite needs the issuer before the app starts); default: any free one. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  // A name in a variable: the package has no types for TypeScript to resolve (ProviderInstance above).
  const packageName = 'oidc-provider';
  const { default: Provider } = (await import(packageName)) as {
    default: new (issuer: string, configuration: object) => ProviderInstance;
  };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'drx-test-client';
  const clientSecret = options.clientSecret ?? 'drx-test-client-secret-0123456789abcdef';
  const accounts = new Map<string, TestOidcAccount>();
  const state: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    loginAs: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    cookies: { keys: ['drx-test-oidc-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(accounts.get(id) ?? defaultClaims(id)) }),
    }),
  });
  // oidc-provider logs a warning per unexpected error; tests see the outcome instead.
  provider.on('server_error', () => undefined);
  const handle = provider.callback();
  server.on('request', (req, res) => {
    const interaction = /^\/interaction\/[^/]+$/.test(req.url?.split('?')[0] ?? '');
    if (!interaction || !state.loginAs || req.method !== 'GET') return handle(req, res);
    void finishInteraction(provider, state.loginAs, req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return state;
}

async function finishInteraction(
  provider: ProviderInstance,
  accountId: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = new provider.Grant({
    accountId: details.session!.accountId,
    clientId: details.params.client_id,
  });
  if (details.prompt.details.missingOIDCScope)
    grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(' '));
  if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
