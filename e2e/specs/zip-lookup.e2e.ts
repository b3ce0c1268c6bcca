import { describe, expect, it } from 'vitest';
import { signInByApi, useBrowser } from '../support/browser';

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
    await signInByApi(page, 'studio');
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

  it('fills city and state on the instructor profile form and names the time zone there', async () => {
    const page = await b.page();
    await signInByApi(page, 'instructor');
    await page.goto('/connect/profile');
    const zip = page.getByLabel('ZIP code', { exact: true });
    await zip.waitFor();
    expect(await zip.inputValue()).toBe('10001');
    await zip.fill('60601');
    await page.getByText('Chicago, Illinois — city and state filled in').waitFor();
    expect(await page.getByLabel(/^City/).inputValue()).toBe('Chicago');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('IL');
    await page
      .getByText(/It is in the America\/Chicago time zone; your schedule uses America\/New York/)
      .waitFor();
    // Not saved: the demo instructor stays in New York for the other specs.
  });

  it('finds instructors in person near a ZIP code on /connect, with the distance on each card', async () => {
    const page = await b.page();
    await page.goto('/connect');
    await page.getByTestId('instructor-card').first().waitFor();
    const near = page.getByLabel('In person near');
    await near.fill('07030');
    await near.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('near') === '07030');
    await page.getByTestId('near-place').filter({ hasText: 'Near Hoboken, NJ' }).waitFor();
    const card = page.getByTestId('instructor-card').filter({ hasText: 'Ines' });
    await card.getByTestId('instructor-distance').filter({ hasText: '1.9 mi away' }).waitFor();
    // Lena teaches online only: not listed.
    await page.getByTestId('instructor-card').filter({ hasText: 'Lena' }).waitFor({ state: 'detached' });
    await page.getByLabel('Within').selectOption('10');
    await page.waitForURL((url) => url.searchParams.get('radius') === '10');
    await card.waitFor();
    // Beverly Hills: nobody within 50 miles.
    await near.fill('90210');
    await near.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('near') === '90210');
    await page.getByTestId('instructor-card').first().waitFor({ state: 'detached' });
  });
});
