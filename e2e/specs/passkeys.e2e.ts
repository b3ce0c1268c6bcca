import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { forgetFailedSignIns } from '../support/app-database';
import { pathOf, useBrowser, waitForQuietNetwork } from '../support/browser';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

// This spec's refused sign-ins must not lock the later specs out (one address for all).
afterAll(forgetFailedSignIns);

const b = useBrowser();

/** expect.poll with the page's patience. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** Screenshots of each step, for a person to look at (not compared). */
const SHOTS = '/tmp/passkeys-e2e';

/**
 * WebAuthn's relying party is the host of PUBLIC_URL, which `npm start` defaults to
 * http://localhost:<port> (a secure context, like 127.0.0.1): the browser must be on that host, not
 * the suite's 127.0.0.1, or it refuses the rpID.
 */
const publicBase = () => inject('baseURL').replace('//127.0.0.1:', '//localhost:');

const PASSWORD = 'grand-jete-2026';

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string) {
  await waitForQuietNetwork(page, 300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('passkeys: add one on /profile, sign in with it on /auth, confirm an email change with it', () => {
  it('a member adds a passkey, signs out, and signs in with it back where they were', async () => {
    const page = await b.page({ baseURL: publicBase() });
    // Chromium's virtual authenticator (CDP): a platform authenticator that verifies its user.
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

    // A browser without the passkey autofill offer, when a step asks for one (see below).
    await page.context().addInitScript(() => {
      if (localStorage.getItem('e2e:noPasskeyAutofill') === '1' && window.PublicKeyCredential) {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      }
    });

    const username = `pk${Date.now().toString(36)}`;
    const registered = await page.request.post('/api/register', {
      data: { username, password: PASSWORD, email: `${username}@example.com`, firstName: 'Pia' },
    });
    expect(registered.status()).toBe(201);

    // /profile: no passkey yet; "Add a passkey" (the registration is fresh: no password asked).
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('You have no passkeys yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByRole('status').filter({ hasText: 'Passkey added.' }).waitFor();
    const rows = card.getByTestId('passkey-item');
    await poll(() => rows.count()).toBe(1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    expect(credentials[0].rpId).toBe('localhost');

    // Renamed in place.
    await rows
      .first()
      .getByRole('button', { name: /^Rename/ })
      .click();
    await card.getByLabel('Passkey name').fill('Studio laptop');
    await card.getByRole('button', { name: 'Save' }).click();
    await poll(() => rows.first().innerText()).toContain('Studio laptop');
    expect(await rows.first().innerText()).toContain('Not used yet');
    await shot(page, '01-profile-passkey-added');

    // Signed out, the member opens /profile again: sent to sign in, to come back to it. The
    // username field offers the passkey as autofill (conditional mediation); Chromium's virtual
    // authenticator, which simulates the person's presence, picks it at once: back on /profile.
    expect((await page.request.post('/api/logout')).ok()).toBe(true);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth' || url.pathname === '/profile');
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: 20_000 });
    expect(((await (await page.request.get('/api/user')).json()) as { username: string }).username).toBe(
      username,
    );
    await poll(() => page.getByTestId('passkey-item').first().innerText()).toMatch(/Last used/);
    await shot(page, '02-back-on-profile-by-autofill');

    // Now a browser without the autofill offer: the button. Sent to sign in from /profile/edit.
    expect((await page.request.post('/api/logout')).ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('e2e:noPasskeyAutofill', '1'));
    await page.goto('/profile/edit');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/profile/edit');
    expect(await page.getByLabel('Username').first().getAttribute('autocomplete')).toBe('username webauthn');
    await shot(page, '03-auth-with-passkey-button');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/edit', { timeout: 20_000 });
    expect(((await (await page.request.get('/api/user')).json()) as { username: string }).username).toBe(
      username,
    );
    await page.goto('/profile');

    // The email changed with the passkey instead of the password (an empty address is said first).
    const emailCard = page.getByRole('region', { name: 'Email address' });
    const usePasskey = emailCard.getByRole('button', { name: 'Use a passkey instead' });
    await usePasskey.click();
    await emailCard.getByText('Enter the new email address').waitFor();
    const newEmail = `${username}-new@example.com`;
    await emailCard.getByLabel('New email').fill(newEmail);
    await usePasskey.click();
    await emailCard.getByText(`We sent a confirmation link to ${newEmail}.`, { exact: false }).waitFor();
    expect(((await (await page.request.get('/api/user')).json()) as { email: string }).email).toBe(newEmail);
    await shot(page, '04-email-changed-with-passkey');

    // Removed: the authenticator's passkey no longer signs in.
    const row = page.getByRole('region', { name: 'Passkeys' }).getByTestId('passkey-item').first();
    await row.getByRole('button', { name: 'Remove Studio laptop' }).click();
    await row.getByRole('button', { name: 'Yes, remove Studio laptop' }).click();
    await page.getByText('You have no passkeys yet.').waitFor();
    expect((await page.request.post('/api/logout')).ok()).toBe(true);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'This passkey is not registered with DRX' }).waitFor();
    expect(pathOf(page)).toBe('/auth');
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});
