import { describe, expect, it } from 'vitest';
import { pathOf, signInByApi, useBrowser } from '../support/browser';

const b = useBrowser();

const DRAFT = 'Hip Hop Choreography Planner';

describe('curriculum moderation', () => {
  it('lets the curriculum officer approve the waiting draft, which guests then find in the store', async () => {
    const guestPage = await b.page();
    await guestPage.goto('/curriculum?q=choreography%20planner');
    await guestPage.getByRole('heading', { name: 'Curriculum store', level: 1 }).waitFor();
    await guestPage
      .getByTestId('resource-count')
      .filter({ hasText: /^0 resources$/ })
      .waitFor();

    const page = await b.page();
    await signInByApi(page, 'officer');
    await page.goto('/admin/curriculum-officer');
    await page.getByRole('heading', { name: 'Curriculum review queue', level: 1 }).waitFor();
    await page.getByTestId('pending-count').getByText('1', { exact: true }).waitFor();

    const row = page.getByTestId('moderation-row').filter({ hasText: DRAFT });
    await row.getByRole('button', { name: `Approve ${DRAFT}` }).click();
    await page.getByText('Resource approved').waitFor();
    await page.getByTestId('pending-count').getByText('0', { exact: true }).waitFor();
    await page.getByText('Nothing awaits review').waitFor();

    await guestPage.reload();
    const card = guestPage.getByTestId('resource-card').filter({ hasText: DRAFT });
    await card.waitFor();
    await card.getByRole('link', { name: DRAFT }).click();
    await guestPage.waitForURL(/\/curriculum\/[0-9a-f-]{36}$/);
    await guestPage.getByRole('heading', { name: DRAFT, level: 1 }).waitFor();
    // a guest sees no download link; staff do
    expect(await guestPage.getByRole('link', { name: 'Download' }).count()).toBe(0);
    await page.goto(pathOf(guestPage));
    const download = page.getByRole('link', { name: 'Download' });
    await download.waitFor();
    expect(await download.getAttribute('href')).toMatch(
      /^\/api\/curriculum\/[0-9a-f-]{36}\/download\?fileId=/,
    );
  });
});
