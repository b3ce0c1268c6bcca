import { expect as vexpect, describe, it } from 'vitest';
import { signInByApi, useBrowser } from '../support/browser';

const b = useBrowser();

describe('admin coupons', () => {
  it('creates, edits, deactivates and deletes a coupon', async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const page = await b.page();
    await signInByApi(page, 'officer');
    await page.goto('/admin/coupons');
    await page.getByRole('heading', { name: 'Coupons', exact: true }).waitFor();

    // create: a lower-case code is shown upper-cased
    await page.getByRole('button', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Percent off').fill('15');
    await dialog.getByLabel('Minimum cart subtotal').fill('20');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByText('Coupon created').waitFor();
    await page.getByLabel('Search').fill(code.toLowerCase());
    const row = page.getByTestId('coupon-row').filter({ hasText: code });
    await row.getByText('15% off').waitFor();
    await row.getByText('Whole cart · min $20').waitFor();
    await row.getByText('0/∞').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // a validation error is shown next to its field
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await dialog.getByLabel('Percent off').fill('150');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await dialog.getByText('Percent off must be a whole number from 1 to 100').waitFor();
    // the refusal's toast sits over the dialog's buttons until it goes
    await page.getByText('Coupon not saved').waitFor({ state: 'hidden', timeout: 15_000 });

    // edit: fixed $5, at most 10 uses, resources only
    await dialog.getByLabel('Discount type').selectOption('fixed');
    await dialog.getByLabel('Amount off').fill('5');
    await dialog.getByLabel('Total uses').fill('10');
    await dialog.getByLabel('Applies to').selectOption('resources');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    await page.getByText('Coupon saved').waitFor();
    await row.getByText('$5 off').waitFor();
    await row.getByText('Resources only · min $20').waitFor();
    await row.getByText('0/10').waitFor();

    // deactivate, then delete (never used: really deleted)
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Coupon deleted').waitFor();
    await page.getByText('No coupons match').waitFor();
    vexpect(await page.getByTestId('coupon-row').count()).toBe(0);
  });
});
