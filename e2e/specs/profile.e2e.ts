import { describe, expect, it } from 'vitest';
import { signIn, signInByApi, useBrowser } from '../support/browser';

const b = useBrowser();

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('profile', () => {
  it('edits the name and uploads a profile image that the header avatar then shows', async () => {
    // A member of its own: renaming a demo user would change what other specs expect to read.
    const page = await b.page();
    const username = `profile${Date.now().toString(36)}`;
    const registered = await page.request.post('/api/register', {
      data: { username, password: 'pas-de-deux-2026', firstName: 'Paula', lastName: 'Profile' },
    });
    expect(registered.status()).toBe(201); // and signed in: the page shares the request's cookies
    await page.goto('/profile/edit');

    await page.getByLabel('First name').fill('Isadora');
    await page.getByRole('button', { name: /save/i }).click();
    await page.getByText('Profile updated').waitFor();

    await page
      .getByLabel('Profile image')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Profile image updated').waitFor();
    // The header re-read the user after 'profile-image-updated' and shows the uploaded image.
    const headerAvatar = page
      .getByRole('banner')
      .locator('[data-avatar-source="original"][data-avatar-status="loaded"] img')
      .first();
    await headerAvatar.waitFor();
    expect(await headerAvatar.getAttribute('src')).toMatch(/^\/uploads\/profiles\/[0-9a-f-]+\.webp/);
    await page.getByRole('banner').getByText('Isadora').first().waitFor();

    // The public profile shows it too.
    await page.goto('/profile');
    await page.getByText('Isadora').first().waitFor();
  });

  it('refuses a file that is not an image with a clear message', async () => {
    const page = await b.page();
    await signInByApi(page, 'member');
    await page.goto('/profile/edit');
    await page
      .getByLabel('Profile image')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    await page.getByText('The image must be a PNG, JPEG or WebP file').first().waitFor();
  });

  it('F8 moves focus to the notification area', async () => {
    const page = await b.page();
    await signIn(page, 'member', 'not-the-password');
    await page.getByText('Login failed').first().waitFor();
    await page.keyboard.press('F8');
    const focusedLabel = await page.evaluate(() => {
      const region = document.activeElement?.closest('[aria-label], [role="region"]');
      return region?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('aria-label') ?? '';
    });
    expect(focusedLabel.toLowerCase()).toContain('notification');
  });
});
