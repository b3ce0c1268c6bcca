import { expect, describe, it } from 'vitest';
import { pathOf, signInByApi, useBrowser } from '../support/browser';
import { totpCode } from '../support/two-step';

const b = useBrowser();

describe('seller payments', () => {
  it('lets a seller connect Stripe in test mode and see payouts active', async () => {
    const page = await b.page();
    await signInByApi(page, 'rhythm');
    await page.goto('/seller/payments');
    await page.getByRole('heading', { name: 'Seller payments', level: 1 }).waitFor();
    await page.getByText('Test mode: payouts are simulated').waitFor();
    await page.getByTestId('payout-status').filter({ hasText: 'Not connected' }).waitFor();
    await page.getByRole('heading', { name: 'Earnings ledger' }).waitFor();

    // Payout details need two-step sign-in first (issue 31): the seller is sent to set it up.
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const section = page.locator('#two-step');
    await section.getByText('before changing payout details', { exact: false }).first().waitFor();
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const key = (await page.getByTestId('two-step-key').textContent())!.trim();
    await section.getByLabel('2. Code from the app').fill(await totpCode(key));
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await section.getByText('Two-step sign-in is on. 10 recovery codes left.').waitFor();

    await page.goto('/seller/payments');
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    // the test provider's onboarding returns at once; the status is read again
    await page.getByTestId('payout-status').filter({ hasText: 'Payouts active' }).waitFor();
    await page.getByText('Payouts enabled: Yes').waitFor();
    await page.waitForURL((url) => url.pathname === '/seller/payments' && !url.search.includes('onboarding'));
    expect(await page.getByRole('button', { name: 'Connect with Stripe' }).count()).toBe(0);
  });

  it('shows the seller dashboard with a sales chart and its range selector', async () => {
    const page = await b.page();
    await signInByApi(page, 'seller');
    await page.goto('/seller-dashboard');
    await page.getByRole('heading', { name: 'Seller dashboard', level: 1 }).waitFor();
    await page.getByRole('img', { name: /Revenue per day, last 30 days/ }).waitFor();
    expect(await page.getByTestId('sales-chart-bar').count()).toBe(30);
    await page.getByRole('button', { name: '7 days' }).click();
    await page.getByRole('img', { name: /Revenue per day, last 7 days/ }).waitFor();
    expect(await page.getByTestId('sales-chart-bar').count()).toBe(7);
    expect(pathOf(page)).toBe('/seller-dashboard');
  });

  it('lets an officer suspend and reinstate a seller from /admin/sellers', async () => {
    const page = await b.page();
    await signInByApi(page, 'officer');
    await page.goto('/admin/sellers');
    await page.getByRole('heading', { name: 'Seller management', level: 1 }).waitFor();
    const row = page.getByTestId('admin-seller-row').filter({ hasText: 'Barre & Beyond' });
    await row.getByRole('button', { name: 'Suspend Barre & Beyond' }).click();
    await page.getByLabel(/Reason/).fill('Copyright complaint');
    await page.getByRole('button', { name: 'Suspend seller' }).click();
    await page.getByText('Seller suspended').waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Reinstate Barre & Beyond' }).click();
    await page.getByText('Seller reinstated').waitFor();
    await row.getByRole('button', { name: 'Suspend Barre & Beyond' }).waitFor();
  });
});
