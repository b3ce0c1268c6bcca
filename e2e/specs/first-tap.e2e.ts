import { type Page, request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appReady, useBrowser } from '../support/browser';

/**
 * Chromium itself, not its headless shell: a phone has no mouse resting over the page, and the
 * shell's rests at the top left corner, so the page laid out under it gets a `mouseover` — a first
 * use that fetches the app before the tap this guard measures (support/browser.ts).
 */
const b = useBrowser({ headless: 'new' });

/**
 * From a press to its effect on screen, on a phone: at most this (issue 30 asks 200 ms under
 * Lighthouse's mobile conditions; this bound leaves room for a shared, busy test machine).
 */
const FIRST_TAP_BOUND_MS = 500;

/**
 * In the page before its scripts: the first press's time stamp, and the first animation frame
 * after it in which the header shows a cart count (the app's badge, or the one the page's entry
 * draws from `data-early-count`), the pressed control shows it is busy (aria-busy) or a menu is
 * open (a dialog).
 */
const RECORD_PRESS = `(() => {
  const shown = (pressed) => {
    const button = document.querySelector('[data-testid="cart-button"]');
    const badge = button && button.querySelector('[data-testid="cart-count"]');
    const early = button ? getComputedStyle(button, '::after').content : 'none';
    const count = badge && badge.getClientRects().length > 0 ? badge.textContent.trim()
      : early && early !== 'none' && early !== 'normal' ? early.replace(/"/g, '') : null;
    const busy = pressed && pressed.closest('[aria-busy="true"]') ? 'busy' : null;
    const menu = [...document.querySelectorAll('[role="dialog"]')].some(
      (dialog) => dialog.getAttribute('aria-labelledby') && dialog.getClientRects().length > 0) ? 'menu' : null;
    return count || busy || menu;
  };
  window.__press = { at: null, shownAt: null, shown: null };
  addEventListener('pointerdown', (event) => {
    if (window.__press.at !== null) return;
    window.__press.at = event.timeStamp;
    const pressed = event.target;
    const watch = () => {
      const what = shown(pressed);
      if (what) Object.assign(window.__press, { shownAt: performance.now(), shown: what });
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  }, true);
})();`;

interface Press {
  at: number | null;
  shownAt: number | null;
  shown: string | null;
}

/**
 * In every document of the tab before its scripts, for a catalogue's filters (which go to another
 * page): the first `change`, or Enter in a field, and the first frame after it in which the results
 * are shown busy (`busyAt`), then the first frame — in whichever document — in which the URL has
 * `param` and the count (`data-testid=count`) reads `text` (`shownAt`); in the tab's session
 * storage, on the clock the tab's documents share.
 */
function recordCatalogChange({ param, count, text }: { param: string; count: string; text: string }) {
  const KEY = '__drxFilterTap';
  const read = () => JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as FilterTap | null;
  const write = (state: FilterTap) => sessionStorage.setItem(KEY, JSON.stringify(state));
  const now = () => performance.timeOrigin + performance.now();
  const follow = () => {
    const state = read();
    if (!state || state.shownAt !== null) return;
    if (state.busyAt === null && document.querySelector('[data-catalog-results][aria-busy="true"]'))
      state.busyAt = now();
    const shown = document.querySelector(`[data-testid="${count}"]`)?.textContent?.trim() === text;
    if (shown && new URLSearchParams(location.search).has(param)) state.shownAt = now();
    write(state);
    if (state.shownAt === null) requestAnimationFrame(follow);
  };
  if (read()) requestAnimationFrame(follow);
  const pressed = (event: Event) => {
    if (read() || (event instanceof KeyboardEvent && event.key !== 'Enter')) return;
    write({ at: performance.timeOrigin + event.timeStamp, busyAt: null, shownAt: null });
    requestAnimationFrame(follow);
  };
  addEventListener('change', pressed, true);
  addEventListener('keydown', pressed, true);
}

interface FilterTap {
  at: number;
  busyAt: number | null;
  shownAt: number | null;
}

/** How long after the first change the results showed busy, and the filtered list (waits for it). */
async function filterTap(page: Page): Promise<{ busyMs: number | null; shownMs: number }> {
  for (let tries = 0; tries < 300; tries += 1) {
    const tap = await page
      .evaluate(() => JSON.parse(sessionStorage.getItem('__drxFilterTap') ?? 'null') as FilterTap | null)
      .catch(() => null); // the document changing under the evaluation
    if (tap?.shownAt) return { busyMs: tap.busyAt && tap.busyAt - tap.at, shownMs: tap.shownAt - tap.at };
    await page.waitForTimeout(100);
  }
  throw new Error('The filtered list did not show within 30 s');
}

/** A browser with its CPU slowed 4× (CDP) recording the first press: a phone's touch screen, or a desktop. */
async function slowed(device: 'phone' | 'desktop' = 'phone'): Promise<Page> {
  const page = await b.page(
    device === 'phone'
      ? { viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  await page.addInitScript(RECORD_PRESS);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** A phone: a touch screen, its CPU slowed 4× (CDP), recording the first press. */
const phone = () => slowed('phone');

/** The app's boot module requested by the page (the page's entry fetched the app). */
function appRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/boot-[^/]+\.js$/.test(req.url())) requested.push(req.url());
  });
  return requested;
}

/** The app's code (every script but the page's entry) comes `ms` late, as on a slow network. */
async function appCodeLate(page: Page, ms: number): Promise<void> {
  await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** What the first press showed, and how long after it (waits for it to show). */
async function firstPress(page: Page): Promise<{ ms: number; shown: string }> {
  await page.waitForFunction(() => (window as unknown as { __press: Press }).__press.shownAt !== null, null, {
    timeout: 15_000,
  });
  const press = await page.evaluate(() => (window as unknown as { __press: Press }).__press);
  return { ms: press.shownAt! - press.at!, shown: press.shown! };
}

/** A paid resource and a paid course (not for members only), as any visitor finds them. */
async function paidItems() {
  const api = await request.newContext({ baseURL: inject('baseURL') });
  type Item = { id: string; title: string; priceCents: number; memberOnly?: boolean };
  const list = async (path: string) => ((await (await api.get(path)).json()) as { items: Item[] }).items;
  const resource = (await list('/api/curriculum?first=20')).find((r) => r.priceCents > 0);
  const course = (await list('/api/courses?first=20')).find((c) => c.priceCents > 0 && !c.memberOnly);
  await api.dispose();
  if (!resource || !course) throw new Error('The demo catalogue has no paid resource or course');
  return { resource, course };
}

/** Units in the browser's guest cart. */
const guestCartUnits = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('drx_guest_cart') ?? '[]') as { quantity: number }[]).reduce(
      (sum, line) => sum + line.quantity,
      0,
    ),
  );

/** Once the app has adopted the page: one item in the cart, said once, the entry's count gone. */
async function addedOnce(page: Page, title: string) {
  await page.getByRole('button', { name: /Add to Cart \(1 in cart\)/ }).waitFor({ timeout: 30_000 });
  await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();
  await page.getByText('Added to Cart', { exact: true }).waitFor();
  // Nothing done twice: a press replayed by the app would make it 2 (and say 'Item Added').
  await page.waitForTimeout(1000);
  expect(await guestCartUnits(page)).toBe(1);
  expect(await page.getByText('Added to Cart', { exact: true }).count()).toBe(1);
  expect(await page.getByText('Item Added', { exact: true }).count()).toBe(0);
  expect(await page.getByText(`${title} has been added to your cart.`).count()).toBe(1);
  const cartButton = page.getByTestId('cart-button');
  expect(await cartButton.getAttribute('data-early-count')).toBeNull();
  expect(await cartButton.getAttribute('aria-label')).toBe('Cart (1 items)');
}

describe('the first tap on a public page (a phone, CPU slowed 4×)', () => {
  it('shows a guest’s Add to Cart on the header at once, the first thing done on a resource page, and adds once', async () => {
    const { resource } = await paidItems();
    const page = await phone();
    await page.goto(`/curriculum/${resource.id}`, { waitUntil: 'load' });
    await page.getByTestId('add-to-cart').tap();
    const press = await firstPress(page);
    expect(press.shown).toBe('1');
    expect(press.ms).toBeLessThan(FIRST_TAP_BOUND_MS);
    // The press was done by the page itself: the app comes only now, at this first use.
    expect(await guestCartUnits(page)).toBe(1);
    await addedOnce(page, resource.title);
  });

  it('does the same on a course page 3 s after a scroll, the app still on its way', async () => {
    const { course } = await paidItems();
    const page = await phone();
    // A slow network: the app's code (every script but the page's entry) takes 6 s to come.
    await appCodeLate(page, 6000);
    await page.goto(`/courses/${course.id}`, { waitUntil: 'load' });
    // A scroll is a first use: the app is asked for at once.
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(3000);
    await page.getByTestId('add-to-cart').tap();
    const press = await firstPress(page);
    expect(press.shown).toBe('1');
    expect(press.ms).toBeLessThan(FIRST_TAP_BOUND_MS);
    await addedOnce(page, course.title);
  });

  it('shows any other press as taken at once (busy) and does it once when the app is there', async () => {
    const { resource } = await paidItems();
    const page = await phone();
    // Guest mode off: the cart is not the browser's to show, so its press waits for the app.
    await page.addInitScript(() => localStorage.setItem('guestModeEnabled', 'false'));
    // The app's code comes late, as on a slow network.
    await page.route('**/assets/boot-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto(`/curriculum/${resource.id}`, { waitUntil: 'load' });
    const cartButton = page.getByTestId('cart-button');
    await cartButton.tap();
    const press = await firstPress(page);
    expect(press.shown).toBe('busy');
    expect(press.ms).toBeLessThan(FIRST_TAP_BOUND_MS);
    expect(await cartButton.getAttribute('aria-busy')).toBe('true');
    // Once the app is there the press is done: the cart's dropdown opens, and stays open (a press
    // done twice would close it again).
    await page.getByTestId('cart-dropdown').waitFor({ timeout: 30_000 });
    expect(await cartButton.getAttribute('aria-busy')).toBeNull();
    expect(await cartButton.getAttribute('data-early-pending')).toBeNull();
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('cart-dropdown').isVisible()).toBe(true);
    expect(await page.getByText('Your cart is empty').isVisible()).toBe(true);
    expect(await page.locator('#drx-early-cart').count()).toBe(0);
  });

  it('opens a guest’s cart dropdown at once, before the app, and changes the cart there', async () => {
    const { resource } = await paidItems();
    const page = await phone();
    // The app's code does not come while the test runs (its own dropdown is another test's).
    await appCodeLate(page, 60_000);
    await page.goto(`/curriculum/${resource.id}`, { waitUntil: 'load' });
    const cartButton = page.getByTestId('cart-button');
    await cartButton.tap();
    const press = await firstPress(page);
    expect(press.shown).toBe('menu');
    expect(press.ms).toBeLessThan(FIRST_TAP_BOUND_MS);
    const dropdown = page.getByRole('dialog', { name: 'Guest Shopping Cart' });
    expect(await dropdown.getByText('Your cart is empty').isVisible()).toBe(true);
    expect(await dropdown.getByTestId('cart-total').textContent()).toBe('$0.00');
    expect(await dropdown.getByRole('button', { name: 'Checkout' }).isDisabled()).toBe(true);
    expect(await cartButton.getAttribute('aria-expanded')).toBe('true');
    // A press beside it closes it; the page's own Add to Cart, then the dropdown again.
    await page.getByRole('heading', { level: 1 }).tap();
    expect(await dropdown.count()).toBe(0);
    await page.getByTestId('add-to-cart').tap();
    await cartButton.tap();
    const price = `$${(resource.priceCents / 100).toFixed(2)}`;
    const line = dropdown.getByTestId('cart-line');
    expect(await line.count()).toBe(1);
    expect(await line.getByText(resource.title, { exact: true }).isVisible()).toBe(true);
    expect(await line.getByTestId('cart-line-price').textContent()).toBe(price);
    expect(await dropdown.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/cart');
    // Plus: two licences, the header's count and the total follow at once; minus, then remove.
    await dropdown.getByRole('button', { name: `Increase quantity of ${resource.title}` }).tap();
    expect(await line.getByTestId('cart-line-quantity').textContent()).toBe('2');
    expect(await dropdown.getByTestId('cart-total').textContent()).toBe(
      `$${((2 * resource.priceCents) / 100).toFixed(2)}`,
    );
    expect(await cartButton.getAttribute('data-early-count')).toBe('2');
    expect(await guestCartUnits(page)).toBe(2);
    await dropdown.getByRole('button', { name: `Decrease quantity of ${resource.title}` }).tap();
    expect(await guestCartUnits(page)).toBe(1);
    await dropdown.getByRole('button', { name: `Remove ${resource.title}` }).tap();
    expect(await dropdown.getByText('Your cart is empty').isVisible()).toBe(true);
    expect(await guestCartUnits(page)).toBe(0);
    expect(await cartButton.getAttribute('data-early-count')).toBeNull();
    expect(await cartButton.getAttribute('aria-label')).toBe('Cart (0 items)');
    // Escape closes it and gives focus back to the cart button; a second press of it closes it too.
    await page.keyboard.press('Escape');
    expect(await dropdown.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'cart-button',
    );
    await cartButton.tap();
    await cartButton.tap();
    expect(await dropdown.count()).toBe(0);
    expect(await cartButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a member’s cart dropdown at once from the page the server rendered, then hands it to the app', async () => {
    const { resource } = await paidItems();
    const page = await phone();
    const username = `tap${Date.now().toString(36)}`;
    const registered = await page.request.post('/api/register', {
      data: { username, password: 'first-tap-2026', email: `${username}@example.com` },
    });
    expect(registered.status()).toBe(201);
    const added = await page.request.post('/api/cart', {
      data: { itemType: 'resource', itemId: resource.id, quantity: 2 },
    });
    expect(added.ok()).toBe(true);
    // The app's code comes 8 s late (a phone on a slow network): the tap comes before it. Not after
    // the load event: a member's page preloads the app's code, which the load event waits for.
    await appCodeLate(page, 8_000);
    await page.goto('/my-courses', { waitUntil: 'domcontentloaded' });
    const cartButton = page.getByTestId('cart-button');
    await cartButton.waitFor();
    // The page's entry is running (its style sheet is in): it answers the tap.
    await page.locator('#drx-early-styles').waitFor({ state: 'attached' });
    // The member's count is on the button from the start: what the tap shows is the dropdown.
    await page.evaluate(() => {
      const w = window as unknown as { __menu: { at: number | null; shownAt: number | null } };
      w.__menu = { at: null, shownAt: null };
      addEventListener(
        'pointerdown',
        (event) => {
          if (w.__menu.at !== null) return;
          w.__menu.at = event.timeStamp;
          const watch = () => {
            const open = [...document.querySelectorAll('[role="dialog"][aria-labelledby]')].some(
              (dialog) => dialog.getClientRects().length > 0,
            );
            if (open) w.__menu.shownAt = performance.now();
            else requestAnimationFrame(watch);
          };
          requestAnimationFrame(watch);
        },
        true,
      );
    });
    await cartButton.tap();
    const menu = page.waitForFunction(
      () => (window as unknown as { __menu: { shownAt: number | null } }).__menu.shownAt !== null,
      null,
      { timeout: 15_000 },
    );
    await menu;
    const ms = await page.evaluate(() => {
      const m = (window as unknown as { __menu: { at: number; shownAt: number } }).__menu;
      return m.shownAt - m.at;
    });
    expect(ms).toBeLessThan(FIRST_TAP_BOUND_MS);
    const early = page.getByRole('dialog', { name: 'Your Cart' });
    const line = early.getByTestId('cart-line');
    expect(await line.count()).toBe(1);
    expect(await line.getByText(resource.title, { exact: true }).isVisible()).toBe(true);
    expect(await line.getByTestId('cart-line-quantity').textContent()).toBe('2');
    const total = `$${((2 * resource.priceCents) / 100).toFixed(2)}`;
    expect(await early.getByTestId('cart-total').textContent()).toBe(total);
    expect(await early.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/simple-checkout');
    // Its changes are the server's: they wait for the app (disabled until it is here).
    expect(await line.getByRole('button', { name: `Remove ${resource.title}` }).isDisabled()).toBe(true);
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);

    // The app adopts the page: its own dropdown is open in the early one's place, and works.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const own = page.getByTestId('cart-dropdown');
    await own.waitFor({ timeout: 15_000 });
    expect(await page.locator('#drx-early-cart').count()).toBe(0);
    expect(await own.getByTestId('cart-total').textContent()).toBe(total);
    await own.getByRole('button', { name: `Decrease quantity of ${resource.title}` }).tap();
    const units = async () =>
      ((await (await page.request.get('/api/cart')).json()) as { quantity: number }[]).reduce(
        (sum, l) => sum + l.quantity,
        0,
      );
    await expect.poll(units, { timeout: 15_000 }).toBe(1);
  });

  it('opens a guest’s mobile menu at once, before the app, with the same links', async () => {
    const page = await phone();
    // The app's code does not come while the test runs (its own menu is another test's).
    await appCodeLate(page, 60_000);
    await page.goto('/courses', { waitUntil: 'load' });
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.tap();
    const press = await firstPress(page);
    expect(press.shown).toBe('menu');
    expect(press.ms).toBeLessThan(FIRST_TAP_BOUND_MS);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Certification',
      'Curriculum',
      'Connect',
      'Membership',
      'Sign In',
      'Get Started',
    ]);
    expect(await menu.getByRole('link', { name: 'Certification' }).getAttribute('aria-current')).toBe('page');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    // Escape closes it and gives focus back to the menu button; the press was not kept for the app.
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await menuButton.tap();
    await menu.getByRole('link', { name: 'Curriculum' }).tap();
    await page.waitForURL('**/curriculum');
  });

  it('applies a filter chosen as the very first thing on /courses: the results busy at once, then the filtered page', async () => {
    const page = await slowed('desktop');
    await page.addInitScript(recordCatalogChange, {
      param: 'style',
      count: 'course-count',
      text: '1 course',
    });
    const app = appRequests(page);
    await page.goto('/courses', { waitUntil: 'load' });
    expect(await page.getByTestId('course-card').count()).toBe(6);
    const historyBefore = await page.evaluate(() => history.length);
    await page.getByLabel('Dance style').selectOption({ label: 'Ballet' });
    const tap = await filterTap(page);
    // The results said at once that they are being updated (the filtered page may even come first).
    expect(tap.busyMs ?? tap.shownMs).toBeLessThan(FIRST_TAP_BOUND_MS);
    await page.waitForURL(/\/courses\?style=[^&]+$/);
    expect(await page.getByTestId('course-card').allInnerTexts()).toEqual([
      expect.stringContaining('Teaching Classical Ballet: Grades 1–3'),
    ]);
    expect(
      await page.getByLabel('Dance style').evaluate((el: HTMLSelectElement) => el.selectedOptions[0].text),
    ).toBe('Ballet');
    // As the app does, the filtered page replaced the one before (no step back to it), and the
    // choice fetched no app: it was the entry's to apply.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    expect(app).toEqual([]);
    // Once the app adopts the filtered page it does nothing again: same URL, same list.
    const url = page.url();
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await appReady(page);
    await page.waitForTimeout(1000);
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.getByTestId('course-count').textContent()).toBe('1 course');
  });

  it('sends a search typed and submitted before the app on /curriculum, and shows the app’s empty state for none', async () => {
    const page = await phone();
    // The app's code does not come while the test runs: the search is the entry's to send.
    await appCodeLate(page, 60_000);
    const api = await request.newContext({ baseURL: inject('baseURL') });
    const { items } = (await (await api.get('/api/curriculum?first=1')).json()) as {
      items: { title: string }[];
    };
    await api.dispose();
    const word = items[0].title
      .split(/\W+/)
      .sort((a, c) => c.length - a.length)[0]
      .toLowerCase();
    await page.goto(`/curriculum?q=${word}`, { waitUntil: 'load' });
    const expected = (await page.getByTestId('resource-count').textContent())!.trim();
    await page.addInitScript(recordCatalogChange, { param: 'q', count: 'resource-count', text: expected });
    await page.goto('/curriculum', { waitUntil: 'load' });
    const search = page.getByRole('searchbox', { name: 'Search resources' });
    await search.tap();
    await search.pressSequentially(word, { delay: 30 });
    await search.press('Enter');
    const tap = await filterTap(page);
    expect(tap.busyMs ?? tap.shownMs).toBeLessThan(FIRST_TAP_BOUND_MS);
    await page.waitForURL(new RegExp(`/curriculum\\?q=${word}$`));
    expect(await search.inputValue()).toBe(word);
    const cards = await page.getByTestId('resource-card').count();
    expect(cards).toBeGreaterThan(0);
    expect(`${cards} resource${cards === 1 ? '' : 's'}`).toBe(expected);
    // A search that finds nothing: the page the server renders shows the app's empty state.
    await search.fill('zzqx-no-such-resource');
    await search.press('Enter');
    await page.waitForURL(/q=zzqx-no-such-resource$/);
    await page.getByText('No resources match your search').waitFor();
    expect(await page.getByTestId('resource-count').textContent()).toBe('0 resources');
    expect(await page.getByRole('button', { name: 'Clear search and filters' }).isVisible()).toBe(true);
  });

  it('opens the phones’ filters at once on /courses, before the app, and applies the choices together', async () => {
    const page = await phone();
    await appCodeLate(page, 60_000);
    const app = appRequests(page);
    await page.goto('/courses', { waitUntil: 'load' });
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    await filtersButton.tap();
    const press = await firstPress(page);
    expect(press.shown).toBe('menu');
    expect(press.ms).toBeLessThan(FIRST_TAP_BOUND_MS);
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    // The panel the server rendered for wider screens, with its labels and choices.
    expect(await dialog.getByLabel('Dance style').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Skill level').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Price').isVisible()).toBe(true);
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    // Escape with nothing chosen only closes it, focus back on the button, the page as it was.
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Filters');
    expect(new URL(page.url()).search).toBe('');
    // Two choices, then "Show courses": one page with both.
    await filtersButton.tap();
    await dialog.getByLabel('Dance style').selectOption({ label: 'Ballet' });
    await dialog.getByLabel('Price').selectOption('paid');
    expect(new URL(page.url()).search).toBe('');
    await dialog.getByRole('button', { name: 'Show courses' }).tap();
    await page.waitForURL(/\/courses\?style=[^&]+&price=paid$/);
    await page.getByTestId('course-count').getByText('1 course').waitFor();
    expect(await page.getByTestId('course-card').allInnerTexts()).toEqual([
      expect.stringContaining('Teaching Classical Ballet: Grades 1–3'),
    ]);
    expect(app).toEqual([]);
  });

  it('leaves the filters to the app once it has adopted the page (no page load), its results busy at once', async () => {
    const page = await slowed('desktop');
    await page.addInitScript(recordCatalogChange, {
      param: 'q',
      count: 'resource-count',
      text: '0 resources',
    });
    await page.goto('/curriculum', { waitUntil: 'load' });
    await appReady(page);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const before = (await page.getByTestId('resource-count').textContent())!.trim();
    await page.getByRole('searchbox', { name: 'Search resources' }).fill('zzqx-no-such-resource');
    await page.getByRole('searchbox', { name: 'Search resources' }).press('Enter');
    await page.getByText('No resources match your search').waitFor();
    // The app shows the results busy in the frame after the Enter, not only once its answer came.
    const tap = await filterTap(page);
    expect(tap.busyMs).not.toBeNull();
    expect(tap.busyMs!).toBeLessThan(FIRST_TAP_BOUND_MS);
    expect(tap.busyMs!).toBeLessThan(tap.shownMs);
    expect(page.url()).toContain('q=zzqx-no-such-resource');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.locator('[data-catalog-results][aria-busy="true"]').count()).toBe(0);
    expect(await page.locator('#drx-early-status').textContent()).toBe('');
    expect(before).not.toBe('0 resources');
  });
});
