import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathOf, signInByApi, useBrowser } from '../support/browser';

const b = useBrowser();

/** A small but valid PDF (header, one empty page, cross-reference table, trailer). */
function minimalPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let body = `%PDF-1.4\n% ${text}\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('seller upload', () => {
  it('a seller uploads a PDF and publishes it; a member finds it by search, buys and downloads it', async () => {
    const word = `zest${letters(8)}`;
    const title = `Spotlight ${word} Tango Drills`;
    const page = await b.page();
    await signInByApi(page, 'seller');
    await page.goto('/curriculum/upload');
    await page.getByRole('heading', { name: 'Upload a resource', level: 1 }).waitFor();
    await page.locator('input[type="file"][aria-label="Resource files"]').setInputFiles({
      name: `${word}-drills.pdf`,
      mimeType: 'application/pdf',
      buffer: minimalPdf(title),
    });
    const item = page.getByTestId('upload-item').filter({ hasText: `${word}-drills.pdf` });
    await item.getByText('Uploaded').waitFor();

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Eight tango drills for spotlight solos, with counts.');
    // the uploaded PDF chose the type
    expect(await page.getByLabel('Type').inputValue()).toBe('document');
    await page.getByLabel('Skill level').selectOption('Intermediate');
    await page.getByLabel('Price (USD)').fill('4.99');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Resource published').waitFor();
    await page.waitForURL(/\/curriculum\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const resourcePath = pathOf(page);

    // it is listed with its status among my resources
    await page.goto('/seller/resources');
    const row = page.getByTestId('seller-resource-row').filter({ hasText: title });
    await row.getByText('Published').waitFor();

    // the editor shows it as published; every upload alias opens the same upload page
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL((url) => url.pathname === `${resourcePath}/edit`);
    await page.getByRole('heading', { name: 'Edit resource', level: 1 }).waitFor();
    await page.getByTestId('resource-status').filter({ hasText: 'Published' }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    for (const alias of [
      '/seller/resources/add',
      '/seller/upload-resource',
      '/seller/resources/create',
      '/upload-resource',
      '/simple-upload',
    ]) {
      await page.goto(alias);
      await page.getByRole('heading', { name: 'Upload a resource', level: 1 }).waitFor();
    }

    // sign out
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: /Sam/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Logged out', { exact: true }).waitFor();

    // a member finds it through the store's search and opens it: a member of this test's own, whose
    // cart ("Pay $4.99" is the whole cart) no other spec of the pool fills at the same time
    const buyer = `buyer_${Date.now().toString(36)}`;
    expect(
      (
        await page.request.post('/api/register', { data: { username: buyer, password: 'upload-e2e-pw' } })
      ).status(),
    ).toBe(201);
    await page.request.post('/api/logout');
    await signInByApi(page, buyer, 'upload-e2e-pw');
    await page.goto('/curriculum');
    await page.getByRole('heading', { name: 'Curriculum store', level: 1 }).waitFor();
    await page.getByLabel('Search resources').fill(title);
    await page.waitForURL(/[?&]q=/);
    const card = page.getByTestId('resource-card').filter({ hasText: title });
    await card.waitFor();
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/curriculum\/[0-9a-f-]{36}$/);
    expect(pathOf(page)).toBe(resourcePath);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText(`${word}-drills.pdf`).waitFor();

    // the member may not edit it
    await page.goto(`${resourcePath}/edit`);
    await page.getByText('You are not allowed to edit this resource.').waitFor();

    // the member buys it with the test provider and downloads the seller's PDF
    await page.goto(resourcePath);
    await page.getByTestId('add-to-cart').first().click();
    await page.getByText('Added to Cart', { exact: true }).waitFor();
    await page.goto('/simple-checkout');
    await page.getByText(title).first().waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('test-payment-panel').getByRole('button', { name: 'Pay $4.99' }).click();
    await page.waitForURL('**/payment-success?order=*');
    await page.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('link', { name: `Download ${title}` })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${word}-drills.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });
});
