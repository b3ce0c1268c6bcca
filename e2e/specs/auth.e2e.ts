import { afterAll, expect as vexpect, describe, it } from 'vitest';
import { forgetFailedSignIns } from '../support/app-database';
import { pathOf, signIn, useBrowser } from '../support/browser';

// This spec's refused sign-ins must not lock the later specs out (one address for all).
afterAll(forgetFailedSignIns);

const b = useBrowser();

describe('sign in, registration and sign out', () => {
  it('registers a new member who lands on /dashboard/user with a success toast', async () => {
    const page = await b.page();
    await page.goto('/register');
    const username = `dancer${Date.now().toString(36)}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('plie-and-releve');
    await page.getByLabel('First name').fill('Rosa');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard/user');
    await page.getByText('Registration successful').waitFor();
    // The header shows the display name (firstName).
    await page.getByRole('banner').getByText('Rosa').first().waitFor();
  });

  it('shows the spec text when the password is wrong', async () => {
    const page = await b.page();
    await signIn(page, 'member', 'definitely-wrong');
    await page.getByText('Login failed').first().waitFor();
    await page
      .getByText('Invalid username or password. Please check your credentials and try again.')
      .waitFor();
    vexpect(pathOf(page)).toBe('/auth');
  });

  it('tells a visitor that the username is taken', async () => {
    const page = await b.page();
    await page.goto('/register');
    await page.getByLabel('Username').fill('MEMBER');
    await page.getByLabel('Password').fill('whatever-long');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('This username is already taken. Please try another one.').waitFor();
  });

  it('signs in, goes through /dashboard, then signs out with the Logged out toast', async () => {
    const page = await b.page();
    await signIn(page, 'member');
    await page.waitForURL('**/dashboard/user');
    await page.getByText('Login successful').waitFor();
    await page.getByRole('banner').getByRole('button', { name: /Mia/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Logged out', { exact: true }).waitFor();
    await page.getByText('You have been successfully logged out.').waitFor();
    vexpect(pathOf(page)).toBe('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    // The session is gone server-side too.
    const res = await page.request.get('/api/user');
    vexpect(res.status()).toBe(401);
  });
});
