import type { Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (CDP `WebAuthn.*`) on `page`: a platform authenticator with
 * resident keys that verifies its user and simulates their presence (it answers at once). Returns
 * the CDP session and the authenticator's id, to read its credentials.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
