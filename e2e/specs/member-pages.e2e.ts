import { type APIRequestContext, type BrowserContext, request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, launchChromium, useBrowser } from '../support/browser';

/**
 * A signed-in member's own pages come rendered by the server with their session, and a guarded
 * page the viewer may not open is answered with the guard's redirect before any HTML
 * (api/src/http/signed-in-render.ts, api/src/http/page-access.ts).
 */

const b = useBrowser();

async function signedInApi(username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: inject('baseURL') });
  const res = await api.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return api;
}

async function signInContext(context: BrowserContext, username: string) {
  const res = await context.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** Records, from the first byte of every document, whether any of `texts` was ever shown. */
const WATCH_FOR = (texts: string[]) => `(() => {
  const texts = ${JSON.stringify(texts)};
  const seen = (window.__drxSeen = window.__drxSeen || []);
  const check = () => {
    const body = document.body ? document.body.innerText : '';
    for (const t of texts) if (body.includes(t) && !seen.includes(t)) seen.push(t + ' @ ' + location.pathname);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('DOMContentLoaded', check);
})();`;

describe("a member's pages rendered by the server", () => {
  it('sends /my-courses, /cart, /my-purchases and /messages with their heading and data in the HTML', async () => {
    const api = await signedInApi('member');
    const pages: [string, RegExp][] = [
      [
        '/my-courses',
        /<h1[^>]*>My Courses<\/h1>.*(Courses you enroll in appear here|pick up where you left off)/s,
      ],
      ['/cart', /<h1[^>]*>Your Cart<\/h1>.*(Your cart is empty|Total)/s],
      ['/my-purchases', /<h1[^>]*>My Purchases<\/h1>/s],
      ['/messages', /<h1[^>]*>Messages<\/h1>/s],
    ];
    for (const [path, content] of pages) {
      const res = await api.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control'], path).toBe('private, no-store');
      const html = await res.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root, path).toMatch(content);
      expect(root, path).not.toContain('Verifying authentication');
      // Their own header: their name, not a sign-in link.
      expect(root, path).toContain('Mia');
    }
    await api.dispose();
  });

  it('shows them in a browser with JavaScript off, with the cart line the member added', async () => {
    const browser = await launchChromium();
    const context = await browser.newContext({ baseURL: inject('baseURL'), javaScriptEnabled: false });
    await signInContext(context, 'member');
    // A resource the member does not own yet, added to their cart.
    const found = await context.request.post('/graphql', {
      data: { query: '{ resources(first: 20) { edges { node { id title } } } }' },
    });
    type Resources = { data: { resources: { edges: { node: { id: string; title: string } }[] } } };
    let resource: { id: string; title: string } | undefined;
    for (const { node } of ((await found.json()) as Resources).data.resources.edges) {
      const added = await context.request.post('/graphql', {
        data: {
          query:
            'mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { message } } }',
          variables: { input: { itemType: 'resource', itemId: node.id, quantity: 1 } },
        },
      });
      const body = (await added.json()) as { data: { cartItemAdd: { userErrors: unknown[] } } };
      if (body.data.cartItemAdd.userErrors.length === 0) {
        resource = node;
        break;
      }
    }
    if (!resource) throw new Error('no resource the member could add to their cart');
    try {
      const page = await context.newPage();
      await page.goto('/my-courses');
      await page.getByRole('heading', { level: 1, name: 'My Courses' }).waitFor();
      await page.goto('/cart');
      await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
      await page.getByText(resource.title).first().waitFor();
    } finally {
      // The member's cart as it was: later specs (cart, seller upload) count its lines and pay its total.
      const cleared = await context.request.delete('/api/cart');
      await browser.close();
      expect(cleared.status()).toBe(200);
    }
  });
  it('is adopted by the app without replacing it, its code preloaded, no errors', async () => {
    const page = await b.page();
    await signInContext(page.context(), 'member');
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
    for (const path of ['/my-courses', '/cart', '/my-purchases', '/messages']) {
      await page.goto(path);
      expect(await page.locator('body > link[rel="modulepreload"]').count(), path).toBeGreaterThan(3);
      // The app is running once the header's cart answers.
      await page.getByTestId('cart-button').click();
      await page.getByTestId('cart-dropdown').waitFor();
      const same = await page.evaluate(() => {
        const w = window as unknown as { serverH1: Element | null };
        return (
          w.serverH1 !== null && w.serverH1 === document.querySelector('main h1') && w.serverH1.isConnected
        );
      });
      expect({ path, same, errors }).toEqual({ path, same: true, errors: [] });
    }
  });
});

describe('a guarded page the viewer may not open', () => {
  it('is a redirect for a member opening an admin page: the admin page is never painted', async () => {
    const page = await b.page();
    await signInContext(page.context(), 'member');
    await page
      .context()
      .addInitScript(WATCH_FOR(['Verifying authentication', 'Return to Website', 'Admin Dashboard']));
    const documents: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document')
        documents.push({ url: new URL(r.url()).pathname, status: r.status() });
    });
    await page.goto('/admin/users');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(documents).toEqual([
      { url: '/admin/users', status: 302 },
      { url: '/', status: 200 },
    ]);
    expect(await page.evaluate(() => (window as unknown as { __drxSeen: string[] }).__drxSeen)).toEqual([]);
  });

  it('is a redirect to /auth for a visitor opening a signed-in page', async () => {
    const page = await b.page();
    const response = await page.goto('/my-courses');
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/my-courses$/);
  });
});
