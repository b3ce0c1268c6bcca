import type { Locator, Page } from 'playwright-core';
import { request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';

const b = useBrowser();

const RESOURCE = 'Jazz Combination Cue Cards'; // $6.00 (demo catalogue)
const PASSWORD = 'grand-jete-2026';

/** Whether the focused element shows a focus ring: an outline or a box shadow. */
const FOCUS_RING = () => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return false;
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
};

/** The focused element, for messages. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return `<${el?.tagName.toLowerCase()}> "${(el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 60)}"`;
  });

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus; every element it stops on on
 * the way must show a visible focus ring.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // The focus moves when the page's main thread takes the key, which on a loaded machine can wait
    // behind a long task (the app starting: 2026-12-07, a run's Tab still on <body> after 1 s); an
    // element that never gets it fails below as one without a ring.
    await page
      .waitForFunction(() => document.activeElement && document.activeElement !== document.body)
      .catch(() => {});
    // (A ring may fade in with a transition: give it a moment.)
    const ring = await page
      .waitForFunction(FOCUS_RING, undefined, { timeout: 1_000 })
      .then(() => true)
      .catch(() => false);
    expect(ring, `no visible focus ring on ${await describeFocus(page)}`).toBe(true);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** A new member, registered through the API (not signed in in the browser). */
async function newMember() {
  const api = await request.newContext({ baseURL: inject('baseURL') });
  const username = `keys${Date.now().toString(36)}`;
  const res = await api.post('/api/register', {
    data: { username, password: PASSWORD, firstName: 'Kay', lastName: 'Board' },
  });
  expect(res.ok()).toBe(true);
  await api.dispose();
  return username;
}

describe('keyboard only', () => {
  it('skips to the content, signs in, adds a resource to the cart and pays with Tab, Enter and Space', async () => {
    const username = await newMember();
    const page = await b.page();

    // The first Tab on a page reaches "Skip to content", shown while it has the focus; Enter moves
    // the focus to the page's main content, past the header.
    await page.goto('/curriculum');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // Sign in from the header.
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tabTo(page, page.getByRole('link', { name: 'Sign In', exact: true }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL('**/auth**');
    await tabTo(page, page.getByLabel('Username').first());
    await page.keyboard.type(username);
    await tabTo(page, page.getByLabel('Password').first());
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    const account = page.getByRole('button', { name: /^Account menu for / });
    await account.waitFor();

    // The account menu opens with Enter, is a menu of menu items, and Escape gives the focus back.
    await page.goto('/curriculum');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tabTo(page, account);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await account.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await menu.getByRole('menuitem').first().count()).toBe(1);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(account), { timeout: 2_000 }).toBe(true);

    // Find the resource with the search field, open it and add it to the cart.
    const search = page.getByRole('searchbox', { name: 'Search resources' });
    await tabTo(page, search);
    await page.keyboard.type(RESOURCE);
    await page.keyboard.press('Enter');
    const result = page.getByRole('link', { name: RESOURCE }).first();
    await result.waitFor();
    await tabTo(page, result);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: RESOURCE, level: 1 }).waitFor();
    await tabTo(page, page.getByTestId('add-to-cart').first());
    await page.keyboard.press('Enter');
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();

    // The cart dropdown, back up in the header: a button announcing its count and that it opens a
    // dialog.
    const cartButton = page.getByRole('button', { name: 'Cart (1 items)' });
    expect(await cartButton.getAttribute('aria-haspopup')).toBe('dialog');
    await tabTo(page, cartButton, { back: true });
    await page.keyboard.press('Enter');
    const dropdown = page.getByRole('dialog');
    await dropdown.waitFor();
    expect(await cartButton.getAttribute('aria-expanded')).toBe('true');
    await dropdown.getByText(RESOURCE).waitFor();
    await tabTo(page, dropdown.getByRole('button', { name: 'Checkout', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/simple-checkout');

    // Place the order and pay with the labelled test provider, pressing Space on the button.
    await page.getByRole('heading', { name: 'Simple checkout', level: 1 }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Place order' }));
    await page.keyboard.press('Enter');
    const pay = page.getByTestId('test-payment-panel').getByRole('button', { name: 'Pay $6.00' });
    await pay.waitFor();
    await tabTo(page, pay);
    await page.keyboard.press('Space');
    await page.waitForURL('**/payment-success?order=*');
    await page.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();
  });
});
