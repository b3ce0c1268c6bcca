/**
 * Why a sign-in with the identity provider came back to /auth (`?oidc=<code>`, set by the server's
 * api/src/modules/identities/oidc.routes.ts). Only codes travel in the URL; the words are ours.
 */
export function oidcProblem(code: string | null, provider: string): string | null {
  switch (code) {
    case 'expired':
      return `Signing in with ${provider} took too long or was started in another browser. Please try again.`;
    case 'denied':
      return `You cancelled signing in with ${provider}.`;
    case 'failed':
      return `We could not check your sign-in with ${provider}. Please try again.`;
    case 'unavailable':
      return `${provider} cannot be reached right now. Please try again later, or sign in with your password.`;
    case 'email-exists':
      return (
        `An account with your email address already exists, and ${provider} did not confirm that the address ` +
        'is yours, so we did not link them. Sign in with your username and password.'
      );
    default:
      return null;
  }
}

/** The start of a sign-in with the provider, asked to come back to `returnTo` afterwards. */
export function providerStartHref(startUrl: string, returnTo: string | null): string {
  return returnTo ? `${startUrl}?returnTo=${encodeURIComponent(returnTo)}` : startUrl;
}
