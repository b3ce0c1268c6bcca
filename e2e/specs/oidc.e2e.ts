import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { useBrowser } from '../support/browser';

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
});
