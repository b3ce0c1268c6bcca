import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { useBrowser } from '../support/browser';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

const b = useBrowser();

/**
 * The app at PUBLIC_URL's host (localhost): the provider sends the browser back to PUBLIC_URL, and
 * the sign-in attempt's cookie must be there (shop.e2e.ts does the same).
 */
const at = (path: string) => new URL(path, inject('baseURL').replace('//127.0.0.1:', '//localhost:')).href;

describe('sign in with an identity provider (a local oidc-provider)', () => {
  it('a new person continues with the provider from /auth, signs in there, and lands signed in', async () => {
    const page = await b.page();
    await page.goto(at('/auth?returnTo=%2Fprofile'));
    const button = page.getByRole('link', { name: 'Continue with DRX Test ID' });
    await button.click();

    // oidc-provider's own login form (devInteractions): any login name, any password.
    await page.waitForURL((url) => url.href.startsWith(inject('oidcIssuer')));
    const login = `dancer${randomUUID().slice(0, 8)}`;
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    // Its consent page, then back to the app.
    await page.locator('button[type="submit"]').click();

    await page.waitForURL((url) => url.host.startsWith('localhost') && url.pathname === '/profile');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(login);
    // The linked sign-ins section loads its own list: waited for, not read at once.
    await page.getByRole('heading', { name: 'Sign-in with other services' }).waitFor({ timeout: 15_000 });
    await page.getByText(`${login}@id.example.test`).first().waitFor({ timeout: 15_000 });
    const me = await page.request.get(at('/api/user'));
    expect(me.status()).toBe(200);
    expect((await me.json()).username).toBe(login);
  });

  it('an existing account with the provider’s email is linked with its passkey, not by the email alone', async () => {
    const page = await b.page();
    await addVirtualAuthenticator(page);
    // Chromium's virtual authenticator would answer /auth's passkey autofill offer at once (a
    // passkey sign-in): this person uses the provider's button, as one without the offer would.
    await page.context().addInitScript(() => {
      if (window.PublicKeyCredential) PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    // The account made here first, with the address the provider will vouch for, and a passkey.
    const login = `linker${randomUUID().slice(0, 8)}`;
    const registered = await page.request.post(at('/api/register'), {
      data: { username: `${login}-here`, password: 'own-password-2026', email: `${login}@id.example.test` },
    });
    expect(registered.status()).toBe(201);
    await page.goto(at('/profile'));
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await passkeys.getByRole('status').filter({ hasText: 'Passkey added.' }).waitFor();
    expect((await page.request.post(at('/api/logout'))).ok()).toBe(true);

    // Continue with the provider as the same person: the account is not theirs on the email alone.
    await page.goto(at('/auth?returnTo=%2Fmy-courses'));
    await page.getByRole('link', { name: 'Continue with DRX Test ID' }).click();
    await page.waitForURL((url) => url.href.startsWith(inject('oidcIssuer')));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/auth/link');
    await page.getByText(`${login}@id.example.test`).first().waitFor();
    expect((await page.request.get(at('/api/user'))).status()).toBe(401);

    // A wrong password links nothing; the passkey does, and the person lands where they were going.
    await page.getByLabel('Password of the account').fill('not-the-password');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.getByText('The password is not correct').waitFor();
    await page.screenshot({ path: '/tmp/oidc-e2e-link-page.png', fullPage: true });
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL((url) => url.pathname === '/my-courses', { timeout: 20_000 });
    const me = await page.request.get(at('/api/user'));
    expect(((await me.json()) as { username: string }).username).toBe(`${login}-here`);
  });
});
