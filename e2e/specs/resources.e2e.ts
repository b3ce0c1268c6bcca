import { describe, expect, it } from 'vitest';
import { pathOf, useBrowser } from '../support/browser';

const b = useBrowser();

describe('curriculum store', () => {
  it('lets a guest search, filter by type, open a resource with its reviews and visit the seller store', async () => {
    const page = await b.page();
    await page.goto('/curriculum');
    await page.getByRole('heading', { name: 'Curriculum store', level: 1 }).waitFor();
    // the featured row shows the four featured resources
    await page.getByTestId('featured-resources').getByTestId('resource-card').nth(3).waitFor();

    // a search narrows the list and is kept in the URL
    await page.getByLabel('Search resources').fill('ballet');
    await page.waitForURL(/[?&]q=ballet/);
    const results = page
      .locator('main')
      .getByRole('article')
      .filter({ hasText: /ballet/i });
    await results.first().waitFor();
    await page
      .getByTestId('resource-count')
      .filter({ hasText: /^2 resources$/ })
      .waitFor();

    // filtering by type keeps only audio
    await page.getByLabel('Type').selectOption('audio');
    await page.waitForURL(/[?&]type=audio/);
    await page
      .getByTestId('resource-count')
      .filter({ hasText: /^1 resource$/ })
      .waitFor();
    const card = page.getByTestId('resource-card').filter({ hasText: 'Ballet Class Piano Music Volume 1' });
    await card.waitFor();

    // the resource page shows details, files, the rating summary and the reviews
    await card.getByRole('link', { name: 'Ballet Class Piano Music Volume 1' }).click();
    await page.waitForURL(/\/curriculum\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Ballet Class Piano Music Volume 1', level: 1 }).waitFor();
    await page.getByText('Download after purchase').waitFor();
    await page.getByRole('list', { name: 'Files' }).getByText('ballet-piano-vol1.mp3').waitFor();
    await page.getByTestId('rating-summary').getByText('2 ratings').waitFor();
    expect(await page.getByTestId('review').count()).toBe(2);
    await page.getByText('Beautiful playing and perfect tempos.').waitFor();
    await page.getByRole('button', { name: /add to cart/i }).waitFor();

    // the seller card leads to the store, which lists the seller's resources
    await page.getByTestId('seller-card').getByRole('link', { name: 'Visit the store' }).click();
    await page.waitForURL(/\/sellers\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Barre & Beyond', level: 1 }).waitFor();
    await page
      .getByTestId('resource-card')
      .filter({ hasText: 'Ballet Class Piano Music Volume 1' })
      .waitFor();
    expect(await page.getByTestId('resource-card').count()).toBe(3);

    // /seller-store/:id is the same store
    const sellerId = pathOf(page).split('/').pop();
    await page.goto(`/seller-store/${sellerId}`);
    await page.getByRole('heading', { name: 'Barre & Beyond', level: 1 }).waitFor();
  });
});
