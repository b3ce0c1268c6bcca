import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const b = useBrowser();

// A demo resource (see api/src/db/seeders): $6.00, one text file.
const RESOURCE = 'Jazz Combination Cue Cards';
const RESOURCE_FILE = 'jazz-cue-cards.txt';

/** The id of a published resource, found through the public graph as any visitor could. */
async function resourceIdByTitle(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/graphql', {
    data: {
      query:
        'query ($search: String) { resources(first: 5, filter: { search: $search }) { nodes { id title } } }',
      variables: { search: title },
    },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { resources: { nodes: { id: string; title: string }[] } } };
  const found = body.data.resources.nodes.find((node) => node.title === title);
  if (!found) throw new Error(`No published resource titled ${title}`);
  return found.id;
}

/** A new member, signed in in this page's context. */
async function register(page: Page, username: string, firstName: string) {
  const res = await page.request.post('/api/register', {
    data: { username, password: 'licences-e2e-pw', firstName },
  });
  expect(res.status()).toBe(201);
}

describe('licences', () => {
  it('a member buys 2 licences, gives one to a colleague, who sees it in My Purchases and downloads it', async () => {
    const stamp = Date.now().toString(36);
    const buyerName = `lic_buyer_${stamp}`;
    const colleagueName = `lic_colleague_${stamp}`;
    const buyer = await b.page();
    const colleague = await b.page();
    await register(buyer, buyerName, 'Lena');
    await register(colleague, colleagueName, 'Cato');

    // Two adds of the resource: quantity 2 is 2 licences.
    const resourceId = await resourceIdByTitle(buyer, RESOURCE);
    await buyer.goto(`/curriculum/${resourceId}`);
    await buyer.getByRole('heading', { name: RESOURCE, level: 1 }).waitFor();
    await buyer.getByTestId('add-to-cart').first().click();
    await buyer.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();
    await buyer.getByTestId('add-to-cart').first().click();
    await buyer.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();

    // Paid with the labelled test provider.
    await buyer.goto('/simple-checkout');
    await buyer.getByTestId('checkout-line').filter({ hasText: RESOURCE }).waitFor();
    await buyer.getByRole('button', { name: 'Place order' }).click();
    await buyer.getByTestId('test-payment-panel').getByRole('button', { name: 'Pay $12.00' }).click();
    await buyer.waitForURL('**/payment-success?order=*');
    await buyer.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();

    // My Purchases shows the 2 licences and the form for the one left to give.
    await buyer.goto('/my-purchases');
    const line = buyer.getByTestId('order-line').filter({ hasText: RESOURCE });
    await line.getByTestId('order-line-kind').filter({ hasText: 'Resource · 2 licences' }).waitFor();
    const form = line.getByTestId('licence-form');
    await form.getByText('1 licence left to give').waitFor();

    // An unknown username is refused under the field.
    await form.getByLabel('Give a licence to a colleague').fill(`nobody_${stamp}`);
    await form.getByRole('button', { name: 'Give a licence' }).click();
    await form.getByTestId('licence-error').filter({ hasText: 'No member has that username' }).waitFor();

    await form.getByLabel('Give a licence to a colleague').fill(colleagueName);
    await form.getByRole('button', { name: 'Give a licence' }).click();
    await buyer.getByText('Licence given', { exact: true }).first().waitFor();
    await line.getByTestId('licence-holder').filter({ hasText: 'Cato' }).waitFor();
    await line.getByTestId('licence-form').waitFor({ state: 'detached' });

    // The colleague sees it as a licence from the buyer and downloads it.
    await colleague.goto('/my-purchases');
    const received = colleague.getByTestId('received-licence').filter({ hasText: RESOURCE });
    await received.getByText('licence from Lena').waitFor();
    const [download] = await Promise.all([
      colleague.waitForEvent('download'),
      received.getByRole('link', { name: `Download ${RESOURCE}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(RESOURCE_FILE);
    expect(await download.failure()).toBeNull();
  });
});
