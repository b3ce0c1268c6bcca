import { expect as vexpect, describe, it } from 'vitest';
import { signIn, signInByApi, useBrowser } from '../support/browser';

const b = useBrowser();

/** A Chakra checkbox's input is visually hidden under its drawn box, so it is clicked directly. */
const FORCE = { force: true } as const;

describe('admin area: users, roles and deployment', () => {
  it('finds a user by search and opens their page', async () => {
    const page = await b.page();
    await signIn(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await page.getByText('Total users').waitFor();

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByLabel('Search users').fill('multi');
    // The search goes into the URL once typing stops.
    await page.waitForURL((url) => url.searchParams.get('search') === 'multi');
    await page.getByText('1 user', { exact: true }).waitFor();
    vexpect(await page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr').getByText('@multi').waitFor();

    await page.locator('tbody tr').getByRole('link').click();
    await page.waitForURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Max' }).waitFor();
    await page.getByText('multi@demo.drx.dance').waitFor();
    vexpect(await page.getByRole('checkbox', { name: 'seller', exact: true }).isChecked()).toBe(true);
    vexpect(await page.getByRole('checkbox', { name: 'instructor', exact: true }).isChecked()).toBe(true);
    await page.getByRole('link', { name: 'All users' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
  });

  it('gives a freshly registered user the seller role', async () => {
    const username = `newseller${Date.now().toString(36)}`;
    const visitor = await b.page();
    const registered = await visitor.request.post('/api/register', {
      data: { username, password: 'grand-jete-2026' },
    });
    vexpect(registered.status()).toBe(201);

    const page = await b.page();
    await signInByApi(page, 'admin');
    await page.goto(`/admin/users?search=${username}`);
    await page.getByText('1 user', { exact: true }).waitFor();
    await page.locator('tbody tr').getByRole('link').click();
    await page.getByRole('heading', { name: username }).waitFor();

    const seller = page.getByRole('checkbox', { name: 'seller', exact: true });
    vexpect(await seller.isChecked()).toBe(false);
    await seller.check(FORCE);
    await page.getByRole('button', { name: 'Save roles' }).click();
    await page.getByText('Roles updated').waitFor();

    // The server has the new roles, and the role filter finds the user.
    const me = await visitor.request.get('/api/user');
    vexpect((await me.json()).roles).toEqual(['user', 'seller']);
    await page.goto(`/admin/users?role=seller&search=${username}`);
    await page.getByText('1 user', { exact: true }).waitFor();
    vexpect(await page.getByLabel('Role').inputValue()).toBe('seller');
  });

  it('refuses to let an admin remove their own admin role', async () => {
    const page = await b.page();
    await signInByApi(page, 'admin');
    const me = await (await page.request.get('/api/user')).json();
    await page.goto(`/admin/users/${me.id}`);
    await page.getByRole('checkbox', { name: 'user', exact: true }).check(FORCE);
    await page.getByRole('checkbox', { name: 'admin', exact: true }).uncheck(FORCE);
    await page.getByRole('button', { name: 'Save roles' }).click();
    await page.getByRole('alert').getByText('You cannot remove your own admin role').waitFor();
    const after = await (await page.request.get('/api/user')).json();
    vexpect(after.roles).toEqual(['admin']);
  });

  it('lists every role with how many users hold it', async () => {
    const page = await b.page();
    await signInByApi(page, 'admin');
    await page.goto('/admin/roles');
    await page.getByRole('heading', { name: 'Roles', exact: true }).waitFor();
    const admins = page.getByRole('link', { name: '1 user with the role admin' });
    await admins.waitFor();
    vexpect(await admins.textContent()).toBe('1');
    await page.getByRole('link', { name: '1 user with the role curriculum_officer' }).waitFor();
    await page.getByRole('link', { name: '0 users with the role moderator' }).waitFor();
    await page
      .getByRole('row', { name: /curriculum_officer/ })
      .getByText(/admin area/)
      .waitFor();

    await admins.click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/users' && url.searchParams.get('role') === 'admin',
    );
    await page.locator('tbody tr').getByText('@admin').waitFor();
  });

  it('shows the deployment with a healthy server', async () => {
    const page = await b.page();
    await signInByApi(page, 'admin');
    await page.goto('/admin/deployment');
    await page.getByRole('heading', { name: 'Deployment' }).waitFor();
    await page.getByText('Healthy', { exact: true }).waitFor();
    await page.getByText('Applied migrations').waitFor();
    await page.getByText(/_foundation$/).waitFor();
  });

  it('tells a curriculum officer that only administrators manage users', async () => {
    const page = await b.page();
    await signInByApi(page, 'officer');
    await page.goto('/admin/users');
    await page.getByText('Only administrators can manage users.').waitFor();
    vexpect(await page.locator('table').count()).toBe(0);
  });
});
