import { expect as vexpect, describe, it } from 'vitest';
import { pathOf, signIn, useBrowser } from '../support/browser';

const b = useBrowser();

describe('route guards and the dashboard redirect', () => {
  it('sends a visitor from a protected route to /auth: the server answers with the redirect', async () => {
    const page = await b.page();
    const response = await page.goto('/my-courses');
    vexpect(pathOf(page)).toBe('/auth');
    vexpect(new URL(page.url()).searchParams.get('returnTo')).toBe('/my-courses');
    vexpect(response?.request().redirectedFrom()?.url()).toMatch(/\/my-courses$/);
  });

  it('brings a guest sent to sign in from a booking page back to it', async () => {
    const page = await b.page();
    const res = await page.request.post('/graphql', {
      data: { query: 'query { instructors(first: 1) { nodes { id displayName } } }' },
    });
    const instructor = (await res.json()).data.instructors.nodes[0] as { id: string; displayName: string };
    const booking = `/connect/book/${instructor.id}`;
    await page.goto(booking);
    vexpect(pathOf(page)).toBe('/auth');
    vexpect(new URL(page.url()).searchParams.get('returnTo')).toBe(booking);
    await page.getByLabel('Username').first().fill('member');
    await page.getByLabel('Password').first().fill('drx-demo-2026');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === booking);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    vexpect(pathOf(page)).toBe(booking);
  });

  it('shows the verifying state while the session loads on a page the browser renders', async () => {
    const page = await b.page();
    await signIn(page, 'member');
    await page.waitForURL('**/dashboard/user');
    // Hold the session query back so the loading state can be seen (/profile is not server-rendered).
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/graphql', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await page.getByText('Verifying authentication...').waitFor();
    release();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    vexpect(pathOf(page)).toBe('/profile');
  });

  it("the browser's guard still sends a visitor to /auth when the app navigates to a protected route", async () => {
    const page = await b.page();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/my-courses');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/my-courses',
    );
  });

  it('sends a visitor from /admin to /auth', async () => {
    const page = await b.page();
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/admin');
  });

  it('sends a member from /admin to /', async () => {
    const page = await b.page();
    await signIn(page, 'member');
    await page.waitForURL('**/dashboard/user');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('lets an admin into /admin with the admin sidebar', async () => {
    const page = await b.page();
    await signIn(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('link', { name: 'Return to Website' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Dance Styles' }).waitFor();
  });

  it('lets a curriculum officer into the admin area, landing on the officer dashboard', async () => {
    const page = await b.page();
    await signIn(page, 'officer');
    await page.waitForURL('**/admin/curriculum-officer');
    await page.getByRole('navigation').getByRole('link', { name: 'Seller Management' }).waitFor();
  });

  it.each([
    ['seller', '/seller-dashboard'],
    ['instructor', '/instructor/dashboard'],
    ['multi', '/multi-dashboard'],
  ])('sends %s from /dashboard to %s', async (username, target) => {
    const page = await b.page();
    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === target);
    await page.goto('/my-dashboard');
    await page.waitForURL((url) => url.pathname === target);
    vexpect(pathOf(page)).toBe(target);
  });
});
