import { expect as vexpect, describe, it } from 'vitest';
import { appReady, DEMO_PASSWORD, pathOf, useBrowser } from '../support/browser';
import { apiSignIn } from '../support/two-step';

const b = useBrowser();

describe('public routes', () => {
  it.each([
    ['/course/42', '/courses/42'],
    ['/pricing', '/subscription'],
    ['/resources', '/curriculum'],
    ['/resources/7', '/curriculum/7'],
    ['/resources/7/edit', '/auth'], // /curriculum/7/edit is signed-in only
  ])('redirects %s to %s', async (from, to) => {
    const page = await b.page();
    await page.goto(from);
    await page.waitForURL((url) => url.pathname === to);
    vexpect(pathOf(page)).toBe(to);
  });

  it('answers a link to a page whose code is still on its way with a progress bar at once', async () => {
    const page = await b.page();
    await page.goto('/');
    await appReady(page);
    // The about page's code arrives 2 s late (a slow phone network).
    await page.route('**/assets/AboutPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fallback();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor({ timeout: 1000 });
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('navigation-progress').waitFor({ state: 'detached' });
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await b.page();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: /home/i }).first().waitFor();
  });

  it('renders home and about with header navigation and the footer year', async () => {
    const page = await b.page();
    await page.goto('/');
    const nav = page.getByRole('banner');
    for (const name of ['Home', 'Certification', 'Curriculum', 'Connect', 'Membership']) {
      await nav.getByRole('link', { name, exact: true }).first().waitFor();
    }
    await nav.getByRole('link', { name: 'Get Started' }).waitFor();
    await page.getByRole('contentinfo').getByText(String(new Date().getFullYear())).first().waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('serves the offline GraphQL playground, which runs queries with the session cookie', async () => {
    const page = await b.page();
    const external: string[] = [];
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(b.baseURL()) && !url.startsWith('data:') && !url.startsWith('blob:'))
        external.push(url);
    });
    const login = await apiSignIn(page, (path) => path, {
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    vexpect(login.status()).toBe(200);
    await page.goto('/graphql');
    // Wait until the editor holds the starter query and the schema has loaded, then run it.
    await page.locator('.graphiql-query-editor').getByText('query Me').waitFor();
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    await page.getByText('A GraphQL schema provides a root type', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
    await page.locator('.graphiql-response').getByText('"admin"').first().waitFor();
    vexpect(external).toEqual([]);
  });
});
