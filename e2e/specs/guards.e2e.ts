import { expect as vexpect, describe, it } from 'vitest';
import { appReady, pathOf, signIn, signInByApi, useBrowser } from '../support/browser';
import { screenshotAtRest } from '../support/screens';

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

  it('shows a visitor the membership success page with a sign-in prompt, not /auth, and brings them back', async () => {
    // Someone back from paying whose session ended meanwhile: a visitor, with Stripe's session id.
    const page = await b.page();
    const success = '/subscription/success?session_id=cs_test_e2e_guest';
    const response = await page.goto(success);
    vexpect(response?.status()).toBe(200);
    vexpect(response?.request().redirectedFrom()).toBeNull();
    const prompt = page.getByTestId('membership-sign-in');
    await prompt.getByRole('heading', { name: 'Thanks for joining', level: 1 }).waitFor();
    vexpect(`${pathOf(page)}${new URL(page.url()).search}`).toBe(success);
    await screenshotAtRest(page, '/tmp/spec35-shots/subscription-success-guest.png');

    // Signing in from there comes back to the page, session id and all.
    await appReady(page);
    await prompt.getByRole('link', { name: 'Sign in to see your membership' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    vexpect(new URL(page.url()).searchParams.get('returnTo')).toBe(success);
    await page.getByLabel('Username').first().fill('member');
    await page.getByLabel('Password').first().fill('drx-demo-2026');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/subscription/success');
    vexpect(new URL(page.url()).searchParams.get('session_id')).toBe('cs_test_e2e_guest');
    await page.getByTestId('membership-sign-in').waitFor({ state: 'detached' });
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
    await signInByApi(page, 'member');
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
