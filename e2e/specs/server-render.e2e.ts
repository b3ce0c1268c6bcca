import { type Page, request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appReady, launchChromium, signInByApi, useBrowser } from '../support/browser';

/**
 * Chromium itself, not its headless shell: these visitors do nothing with the page until the test
 * uses it, and the shell's mouse rests at the top left corner, so the page laid out under it gets a
 * `mouseover` — a first use that fetches the app (once in a full run, 2026-12-07; first-tap.e2e.ts).
 */
const b = useBrowser({ headless: 'new' });

/** A published course's and resource's ids and titles, as any visitor finds them. */
async function catalogue() {
  const api = await request.newContext({ baseURL: inject('baseURL') });
  const res = await api.post('/graphql', {
    data: {
      query:
        '{ courses(first: 1) { edges { node { id title } } } resources(first: 1) { edges { node { id title } } } }',
    },
  });
  const body = (await res.json()) as {
    data: {
      courses: { edges: { node: { id: string; title: string } }[] };
      resources: { edges: { node: { id: string; title: string } }[] };
    };
  };
  await api.dispose();
  return { course: body.data.courses.edges[0].node, resource: body.data.resources.edges[0].node };
}

/**
 * The shop's first product, once there is one: the demo store's first catalogue sync runs as a job
 * after the start, so a test of the shop that runs first waits for it.
 */
async function firstShopProduct(): Promise<{ handle: string; title: string }> {
  const api = await request.newContext({ baseURL: inject('baseURL') });
  try {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const res = await api.post('/graphql', {
        data: { query: '{ shopProducts(first: 1) { edges { node { handle title } } } }' },
      });
      const body = (await res.json()) as {
        data?: { shopProducts: { edges: { node: { handle: string; title: string } }[] } | null };
      };
      const product = body.data?.shopProducts?.edges[0]?.node;
      if (product) return product;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error('The demo store has no product');
  } finally {
    await api.dispose();
  }
}

/** The text of server HTML, without its styles and scripts. */
const textOf = (html: string) =>
  html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The app's code (boot.tsx's chunk) each time the page fetches it. */
function appFetches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/boot-[^/]+\.js$/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

describe('public pages rendered by the server', () => {
  it('sends each public page with its content, styles and graph answers in the HTML', async () => {
    const { course, resource } = await catalogue();
    const api = await request.newContext({ baseURL: inject('baseURL') });
    const pages: [string, string[]][] = [
      ['/', ['Where dance teachers learn, teach and grow', 'Sign In']],
      ['/courses', ['Certification courses', course.title]],
      [`/courses/${course.id}`, [course.title]],
      ['/curriculum', ['Curriculum store']],
      [`/curriculum/${resource.id}`, [resource.title, 'Add to Cart']],
      ['/connect', ['Connect with an instructor', 'Ines']],
      ['/subscription', ['Membership']],
    ];
    for (const [path, texts] of pages) {
      const res = await api.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      for (const text of texts) expect(textOf(html), `${path} shows "${text}"`).toContain(text);
      // Its style rules carry the page's nonce; the answers the browser adopts are beside the root.
      const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce, path).toBeTruthy();
      expect(html, path).toContain(`<style data-emotion="css `);
      expect(html, path).toContain(`nonce="${nonce}"`);
      expect(html, path).toMatch(/<script type="application\/json" id="drx-server-state">\{"/);
    }
    // An alias is not rendered: the server sends the browser on to its page before any HTML.
    const alias = await api.get('/pricing', { maxRedirects: 0 });
    expect(alias.status()).toBe(301);
    expect(alias.headers().location).toBe('/subscription');
    await api.dispose();
  });

  it('sends the shop and a product of it rendered like the other catalogues, and adopts them without errors', async () => {
    const api = await request.newContext({ baseURL: inject('baseURL') });
    const product = await firstShopProduct();
    for (const [path, texts] of [
      ['/shop', ['DRX Shop', product.title]],
      [`/shop/${product.handle}`, [product.title]],
    ] as const) {
      const res = await api.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      const text = textOf(html).replace(/&quot;/g, '"');
      for (const shown of texts) expect(text, `${path} shows "${shown}"`).toContain(shown);
      expect(html, path).toContain('data-server-rendered');
      expect(html, path).toMatch(/<script type="application\/json" id="drx-server-state">\{"/);
    }
    // The bag is the visitor's own (kept in their browser): never rendered by the server.
    expect(await (await api.get('/shop/bag')).text()).toContain('<div id="root"></div>');
    await api.dispose();

    const page = await b.page();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`/shop/${product.handle}`);
    await page.getByTestId('shop-product-title').waitFor();
    // The app starts at the visitor's first use and adopts the page: no hydration error.
    await page.mouse.move(200, 200);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('shop-product-title').waitFor();
    expect(errors).toEqual([]);
  });

  it('is readable without JavaScript, its visually hidden controls hidden (CSP hashes for style attributes)', async () => {
    const browser = await launchChromium();
    const context = await browser.newContext({ baseURL: inject('baseURL'), javaScriptEnabled: false });
    const noJs = await context.newPage();
    const violations: string[] = [];
    noJs.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) violations.push(m.text());
    });
    await noJs.goto('/subscription');
    await noJs.getByRole('heading', { level: 1, name: 'Membership' }).waitFor();
    // The billing switch's radio inputs are visually hidden by style attributes.
    const widths = await noJs
      .locator('input[type="radio"]')
      .evaluateAll((inputs) => inputs.map((input) => input.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) expect(width).toBeLessThanOrEqual(1);
    // Styled: the hero's heading is not the browser's default black on white.
    await noJs.goto('/');
    const heroColour = await noJs
      .getByRole('heading', { level: 1 })
      .evaluate((h1) => getComputedStyle(h1).color);
    expect(heroColour).toBe('rgb(255, 255, 255)');
    expect(violations).toEqual([]);
    await browser.close();
  });

  it('filters the catalogues without JavaScript: "Apply filters" sends them, a search keeps them', async () => {
    const browser = await launchChromium();
    const context = await browser.newContext({
      baseURL: inject('baseURL'),
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const noJs = await context.newPage();
    /** Chooses the first option of each filter named, sends the form; the choices, by URL parameter. */
    const applyFilters = async (path: string, filters: [label: string, parameter: string][]) => {
      await noJs.goto(path);
      const chosen: Record<string, string> = {};
      for (const [label, parameter] of filters) {
        const select = noJs.getByLabel(label, { exact: true });
        chosen[parameter] = (await select.selectOption({ index: 1 }))[0];
      }
      await noJs.getByRole('button', { name: 'Apply filters' }).click();
      await noJs.waitForURL((url) => Object.keys(chosen).every((p) => url.searchParams.has(p)));
      const params = new URL(noJs.url()).searchParams;
      for (const [label, parameter] of filters) {
        expect(params.get(parameter), parameter).toBe(chosen[parameter]);
        // The server rendered the filtered page: the choice is the select's own.
        expect(await noJs.getByLabel(label, { exact: true }).inputValue()).toBe(chosen[parameter]);
      }
      return chosen;
    };

    const curriculum = await applyFilters('/curriculum', [
      ['Dance style', 'style'],
      ['Sort by', 'sort'],
    ]);
    // A search sent then keeps the filters and the sort.
    await noJs.getByLabel('Search resources').fill('plan');
    await noJs.getByLabel('Search resources').press('Enter');
    await noJs.waitForURL((url) => url.searchParams.get('q') === 'plan');
    const params = new URL(noJs.url()).searchParams;
    expect(params.get('style')).toBe(curriculum.style);
    expect(params.get('sort')).toBe(curriculum.sort);
    // And the filters sent after it keep the search.
    await noJs.getByLabel('Skill level', { exact: true }).selectOption({ index: 1 });
    await noJs.getByRole('button', { name: 'Apply filters' }).click();
    await noJs.waitForURL((url) => url.searchParams.has('level'));
    expect(new URL(noJs.url()).searchParams.get('q')).toBe('plan');

    await applyFilters('/courses', [['Skill level', 'level']]);
    await firstShopProduct();
    await applyFilters('/shop', [['Product type', 'type']]);
    await browser.close();

    // With JavaScript the controls belong to no form and there is no such button: the entry and the
    // app apply a choice at once.
    const page = await b.page();
    await page.goto('/curriculum');
    await appReady(page);
    expect(await page.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
    expect(await page.locator('#catalog-filters').count()).toBe(0);
  });

  it('adopts the server HTML without replacing it, for a visitor and for a member', async () => {
    const { resource } = await catalogue();
    const page = await b.page();
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('main h1');
      });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const sameHeading = () =>
      page.evaluate(() => {
        const w = window as unknown as { serverH1: Element | null };
        return (
          w.serverH1 !== null && w.serverH1 === document.querySelector('main h1') && w.serverH1.isConnected
        );
      });

    await page.goto(`/curriculum/${resource.id}`);
    // The app is running once the header's cart answers.
    await appReady(page);
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-dropdown').waitFor();
    expect(await sameHeading()).toBe(true);

    await signInByApi(page, 'member');
    await page.goto('/courses');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menu').waitFor();
    expect(await sameHeading()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows a member their own header in the HTML the server sends', async () => {
    const page = await b.page();
    await signInByApi(page, 'member');
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/aria-label="Account menu for [^"]+"/);
    expect(html).not.toMatch(/<a [^>]*href="\/auth"/);
  });

  it('fetches the app when a pointer resting on the page before its entry ran moves', async () => {
    const page = await b.page();
    const seen = appFetches(page);
    // The page's entry arrives only once the pointer rests on the page: the browser's mouseover
    // (sent as the pointer enters the page's frame) comes before the entry listens, as on a slow
    // start, or on Chromium's first page of a session where it is sent as the page is laid out.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/courses', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.move(3, 3);
    expect(await page.evaluate(() => document.querySelector(':hover') !== null)).toBe(true);
    arrive();
    await page.waitForLoadState('load');
    expect(seen).toEqual([]);
    // A move within the element the pointer is over sends no mouseover: it is the first use.
    await page.mouse.move(6, 6);
    await expect.poll(() => seen.length).toBe(1);
    await appReady(page);
  });

  it("fetches the app at a visitor's first use of the page, and at once for a member or a guest cart", async () => {
    const page = await b.page();
    const seen = appFetches(page);
    await page.goto('/courses');
    // Reading costs no app: nothing is fetched while the visitor does nothing.
    await page.waitForTimeout(1500);
    expect(seen).toEqual([]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // The mouse over the page is a first use: the app comes and adopts the page.
    await page.mouse.move(200, 200);
    await expect.poll(() => seen.length).toBe(1);
    await appReady(page);
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-dropdown').waitFor();

    // A click with no pointer or key before it (a screen reader's) starts the app and is done (a
    // guest's cart dropdown by the page's entry, at once).
    const reader = await b.page();
    const readerSeen = appFetches(reader);
    await reader.goto('/courses');
    await reader.evaluate(() => document.querySelector<HTMLElement>('[data-testid="cart-button"]')?.click());
    await reader.getByTestId('early-cart-dropdown').waitFor();
    await expect.poll(() => readerSeen.length).toBe(1);

    // A guest with a cart sees their count from the start: the app comes at once.
    const { resource } = await catalogue();
    await page.evaluate(
      (id) =>
        localStorage.setItem(
          'drx_guest_cart',
          JSON.stringify([
            {
              id: `resource-${id}`,
              itemType: 'resource',
              itemId: id,
              title: 'x',
              price: 5,
              quantity: 1,
              imageUrl: null,
            },
          ]),
        ),
      resource.id,
    );
    seen.length = 0;
    await page.goto('/courses');
    // Nothing is done on the page: any fetch of the app is one started at once. The entry first
    // reads the page (its filters, the stored cart) after the first paint, which on a loaded
    // machine takes longer than expect.poll's default second.
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(1);
    await page.evaluate(() => localStorage.removeItem('drx_guest_cart'));

    // Connect's times were rendered in the server's zone: a browser in another zone starts the app
    // at once to show them in its own; one in the same zone waits.
    const connectHtml = await (await page.request.get('/connect')).text();
    const serverZone = /data-rendered-time-zone="([^"]+)"/.exec(connectHtml)?.[1];
    expect(serverZone).toBeTruthy();
    const otherZone = serverZone === 'America/Chicago' ? 'Asia/Tokyo' : 'America/Chicago';
    for (const [timezoneId, atOnce] of [
      [otherZone, true],
      [serverZone!, false],
    ] as const) {
      const booker = await b.page({ timezoneId });
      const bookerSeen = appFetches(booker);
      await booker.goto('/connect');
      await booker.getByRole('heading', { level: 1, name: 'Connect with an instructor' }).waitFor();
      if (atOnce) await expect.poll(() => bookerSeen.length, { timeout: 15_000 }).toBe(1);
      else {
        await booker.waitForTimeout(1500);
        expect(bookerSeen).toEqual([]);
      }
    }

    // A member's page starts at once too (notifications, their cart).
    const member = await b.page();
    const memberSeen = appFetches(member);
    await signInByApi(member, 'member');
    await member.goto('/courses');
    // (15 s, as above: expect.poll's default second was passed once on a machine loaded by other work.)
    await expect.poll(() => memberSeen.length, { timeout: 15_000 }).toBe(1);
  });

  it('answers a guest’s Add to Cart and cart before the app, and hands the cart over to it', async () => {
    const { resource } = await catalogue();
    const page = await b.page();
    const fetched = appFetches(page);
    // A slow phone: the app's code arrives a second and a half after the page.
    await page.route('**/assets/boot-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Pressed once the page is there (its entry script has run) and long before the app is.
    await page.goto(`/curriculum/${resource.id}`, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="/assets/boot-"]').length)).toBe(
      0,
    );
    // A guest's Add to Cart needs no app (issue 30): the page's entry adds to the guest cart and
    // shows the count at once (ssr/earlyCart.ts), before the app's code has come.
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    const cartButton = page.getByRole('button', { name: 'Cart (1 items)' });
    await cartButton.waitFor();
    expect(await cartButton.getAttribute('data-early-count')).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('drx_guest_cart') ?? '')).toContain(resource.id);
    // So does the cart's dropdown (ssr/earlyCartDropdown.ts): the line is there before the app.
    await cartButton.click();
    const early = page.getByTestId('early-cart-dropdown');
    await early.getByText(resource.title, { exact: true }).waitFor();
    expect(await cartButton.getAttribute('aria-busy')).toBeNull();
    await page.getByRole('button', { name: /Add to Cart \(1 in cart\)/ }).waitFor();
    expect(fetched.length).toBe(1);
    // Once the app is there, the cart button's press closes it and opens the app's own.
    await appReady(page);
    await cartButton.click();
    expect(await early.count()).toBe(0);
    await page.getByTestId('cart-dropdown').getByText(resource.title, { exact: true }).waitFor();
  });
});
