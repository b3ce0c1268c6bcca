import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

const b = useBrowser();

describe('ZIP code lookup', () => {
  it('fills city and state in the seller store settings when a ZIP code is typed, editable and saved', async () => {
    const page = await b.page();
    const lookups: string[] = [];
    const offsite: string[] = [];
    const base = new URL(b.baseURL());
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/zipcode-lookup/')) lookups.push(url.pathname);
      if (url.protocol.startsWith('http') && url.host !== base.host) offsite.push(request.url());
    });
    await signIn(page, 'studio');
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.goto('/seller/settings');
    await page.getByRole('heading', { name: 'Seller settings', level: 1 }).waitFor();

    const zip = page.getByLabel('ZIP code', { exact: true });
    const city = page.getByLabel('City', { exact: true });
    const state = page.getByLabel('State', { exact: true });
    await zip.fill('9021');
    expect(await city.inputValue()).toBe('');
    await zip.pressSequentially('0');
    await page.getByText('Beverly Hills, California — city and state filled in').waitFor();
    expect(await city.inputValue()).toBe('Beverly Hills');
    expect(await state.inputValue()).toBe('CA');
    expect(lookups).toEqual(['/api/zipcode-lookup/90210']);

    // Editable afterwards, and saved as edited.
    await city.fill('Beverly Hills (Studio B)');
    await page.getByRole('button', { name: 'Save store' }).click();
    await page.getByText('Store saved').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Seller settings', level: 1 }).waitFor();
    await page
      .getByLabel('City', { exact: true })
      .and(page.locator('[value="Beverly Hills (Studio B)"]'))
      .waitFor();
    expect(await page.getByLabel('ZIP code', { exact: true }).inputValue()).toBe('90210');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('CA');

    // An unknown code says so and leaves city and state as they are.
    await page.getByLabel('ZIP code', { exact: true }).fill('00000');
    await page.getByText('ZIP code 00000 was not found: type the city and state.').waitFor();
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Beverly Hills (Studio B)');
    expect(offsite).toEqual([]);
  });
});
