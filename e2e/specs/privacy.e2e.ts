import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetFailedSignIns } from '../support/app-database';
import { pathOf, signIn, useBrowser } from '../support/browser';

// This spec's refused sign-ins must not lock the later specs out (one address for all).
afterAll(forgetFailedSignIns);

const b = useBrowser();

/** expect.poll with the page's patience (a lazy page and its query can take more than a second). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const PASSWORD = 'grand-jete-2026';

describe('take your data and leave (issue 31)', () => {
  const tag = Date.now().toString(36);
  const username = `leave${tag}`;
  const email = `${username}@example.com`;

  it('a member downloads their data, deletes their account, lands signed out, and cannot sign in again', async () => {
    const page = await b.page({ acceptDownloads: true });
    const registered = await page.request.post('/api/register', {
      data: { username, password: PASSWORD, email, firstName: 'Lea' },
    });
    expect(registered.status()).toBe(201);

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();

    // Download my data: a JSON file named for the account, with its username and email.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `drx-data-${username}-${new Date().toISOString().slice(0, 10)}.json`,
    );
    const file = await download.path();
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(data.profile).toMatchObject({ username, email, firstName: 'Lea' });
    expect(data.sessions.length).toBeGreaterThan(0);

    // Delete: a wrong password is said beside its field and changes nothing.
    await section.getByLabel('Current password').fill('not-the-password');
    await section.getByLabel('Type DELETE to confirm').fill('DELETE');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await section.getByText('Your current password is not correct').waitFor();
    expect((await page.request.get('/api/user')).status()).toBe(200);

    // The right one: signed out, on the home page, with the message.
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Account deleted').first().waitFor();
    await page
      .getByText(/Your account was deleted/)
      .first()
      .waitFor();
    expect((await page.request.get('/api/user')).status()).toBe(401);

    // Signing in again fails, as a person would try it.
    await signIn(page, username, PASSWORD);
    await page
      .getByText(/Invalid username or password/i)
      .first()
      .waitFor();
    expect(pathOf(page)).toBe('/auth');
    await poll(async () => (await page.request.get('/api/user')).status()).toBe(401);
  });
});
