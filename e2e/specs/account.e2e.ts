import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetFailedSignIns } from '../support/app-database';
import { blockingViolations } from '../support/accessibility';
import { screenshotAtRest } from '../support/screens';
import { pathOf, signIn, signInByApi, useBrowser } from '../support/browser';

// This spec's refused sign-ins must not lock the later specs out (one address for all).
afterAll(forgetFailedSignIns);

const b = useBrowser();

/** Screenshots of each page, for a person to look at (not compared). */
const SHOTS = '/tmp/account-e2e';

const RESET_SUBJECT = 'Reset your DRX password';
const VERIFY_SUBJECT = 'Confirm your email address for DRX';
const RESET_LINK_INVALID =
  'This password reset link is invalid, has expired or was already used. Ask for a new one.';

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

const shot = (page: Page, name: string) => screenshotAtRest(page, `${SHOTS}/${name}.png`);

/** A new member of its own, signed in on `page` (the request shares the page's cookies). */
async function registerMember(page: Page, username: string, password: string) {
  const registered = await page.request.post('/api/register', {
    data: { username, password, email: `${username}@example.com`, firstName: 'Ada' },
  });
  expect(registered.status()).toBe(201);
}

/** An admin's page, signed in. */
async function asAdmin(): Promise<Page> {
  const admin = await b.page();
  await signInByApi(admin, 'admin');
  return admin;
}

/**
 * The newest mail to `to` with `subject`, read in /admin/outbox as an admin reads it, and the path
 * of the link in it to `route` (the mail's host is PUBLIC_URL's, localhost; the browser's is 127.0.0.1).
 */
async function linkInOutbox(admin: Page, to: string, subject: string, route: string): Promise<string> {
  // A reset mail is written by a job after the request answered: look again until it is there.
  const mail = admin.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
  for (let attempt = 0; ; attempt++) {
    await admin.goto('/admin/outbox');
    await admin.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    await admin.getByLabel('Search').fill(to);
    try {
      await mail.waitFor({ timeout: 3000 });
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
    }
  }
  await mail.getByRole('button', { name: subject }).click();
  const dialog = admin.getByRole('dialog', { name: subject });
  const text = await dialog.locator('pre').innerText();
  await admin.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const link = text.match(new RegExp(`https?://\\S+${route}\\?token=[A-Za-z0-9_-]+`))?.[0];
  expect(link, `a ${route} link in the mail:\n${text}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('accounts: forgot password, reset, email confirmation', () => {
  it('resets a forgotten password from the mailed link: signed in on /dashboard, other sessions ended, the old password refused', async () => {
    const tag = Date.now().toString(36);
    const username = `reset${tag}`;
    const email = `${username}@example.com`;
    const oldPassword = 'first-position-2026';
    const newPassword = 'second-position-2026';

    // Another browser was signed in as this member before.
    const elsewhere = await b.page();
    await registerMember(elsewhere, username, oldPassword);
    expect((await elsewhere.request.get('/api/user')).status()).toBe(200);

    // "Forgot password?" on the sign-in form; an empty field is named before anything is sent.
    const page = await b.page();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Enter your username or email address', { exact: true }).waitFor();
    await shot(page, '01-forgot-empty');
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByLabel('Username or email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account matches, we have sent a link to choose a new password').waitFor();
    await shot(page, '02-forgot-sent');

    // The mail in the outbox carries the link.
    const admin = await asAdmin();
    const resetPath = await linkInOutbox(admin, email, RESET_SUBJECT, '/reset-password');

    // The new password, typed twice: a mismatch and a short one are named before sending.
    await page.goto(resetPath);
    await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('shorter');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('The passwords do not match').waitFor();
    await shot(page, '03-reset-wrong-input');
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    // Signed in on the dashboard, with the toast.
    await page.waitForURL('**/dashboard/user');
    await page.getByText('Password changed', { exact: true }).waitFor();
    await shot(page, '04-reset-done-dashboard');
    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(username);

    // The other browser is a guest now: its next request, and its next page.
    expect((await elsewhere.request.get('/api/user')).status()).toBe(401);
    await elsewhere.goto('/profile');
    await elsewhere.waitForURL((url) => url.pathname === '/auth');

    // The old password no longer signs in; the new one does.
    const again = await b.page();
    await signIn(again, username, oldPassword);
    await again
      .getByText('Invalid username or password. Please check your credentials and try again.')
      .waitFor();
    expect(pathOf(again)).toBe('/auth');
    await signIn(again, username, newPassword);
    await again.waitForURL('**/dashboard/user');

    // The link worked once: opened again it says so, and offers a new one.
    const reuse = await b.page();
    await reuse.goto(resetPath);
    await reuse.getByLabel('New password', { exact: true }).fill('third-position-2026');
    await reuse.getByLabel('Confirm new password').fill('third-position-2026');
    await reuse.getByRole('button', { name: 'Change password' }).click();
    await reuse.getByText(RESET_LINK_INVALID).waitFor();
    await reuse.getByRole('link', { name: 'Ask for a new link' }).click();
    await reuse.waitForURL('**/forgot-password');
    // …and changed nothing: the password is still the one just set.
    const check = await b.page();
    await signIn(check, username, newPassword);
    await check.waitForURL('**/dashboard/user');
  }, 150_000);

  it('confirms a new member’s email from the mailed link: Not verified, Send again, then Verified', async () => {
    const username = `verify${Date.now().toString(36)}`;
    const email = `${username}@example.com`;

    // Registered through the form, with an email.
    const page = await b.page();
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('plie-and-releve');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard/user');

    await page.goto('/profile');
    await page.getByText(email).first().waitFor();
    await page.getByTestId('email-status').filter({ hasText: 'Not verified' }).waitFor();
    // "Send again" mails a new link (the first stops working).
    await page.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('We sent a new confirmation link to your email address.').waitFor();
    await shot(page, '05-profile-not-verified');
    expect(await blockingViolations(page)).toEqual([]);

    const admin = await asAdmin();
    const verifyPath = await linkInOutbox(admin, email, VERIFY_SUBJECT, '/verify-email');

    await page.goto(verifyPath);
    await page.getByText('Your email address is confirmed').waitFor();
    await shot(page, '06-verify-done');
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.waitForURL('**/profile');
    await page
      .getByTestId('email-status')
      .filter({ hasText: /^Verified$/ })
      .waitFor();
    await expect(page.getByRole('button', { name: 'Send again' }).count()).resolves.toBe(0);

    // The link was used: opened again it says so.
    const guest = await b.page();
    await guest.goto(verifyPath);
    await guest.getByText('This confirmation link is invalid or has expired.').waitFor();
    await guest.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
  }, 120_000);

  it('says a garbled or incomplete link is not valid', async () => {
    const page = await b.page();
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('good-enough-2026');
    await page.getByLabel('Confirm new password').fill('good-enough-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(RESET_LINK_INVALID).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await shot(page, '07-reset-invalid-link');

    await page.goto('/reset-password');
    await page.getByText('This password reset link is incomplete.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    await page.goto('/verify-email?token=garbage');
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();
    await shot(page, '08-verify-invalid-link');
  });

  it('changes the password and the email on /profile, naming each wrong field', async () => {
    const username = `settings${Date.now().toString(36)}`;
    const page = await b.page();
    await registerMember(page, username, 'first-position-2026');
    await page.goto('/profile');
    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('second-position-2026');
    await password.getByLabel('Confirm new password').fill('second-position-2026');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Your current password is not correct').waitFor();
    await shot(page, '09-profile-wrong-password');
    await password.getByLabel('Current password').fill('first-position-2026');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Your password was changed. Your other sessions were signed out.').waitFor();
    // This session stays.
    expect((await page.request.get('/api/user')).status()).toBe(200);

    const emailSection = page.getByRole('region', { name: 'Email address' });
    const newEmail = `${username}.new@example.com`;
    await emailSection.getByLabel('New email').fill(newEmail);
    await emailSection.getByLabel('Current password').fill('first-position-2026');
    await emailSection.getByRole('button', { name: 'Change email' }).click();
    await emailSection.getByText('Your current password is not correct').waitFor();
    await emailSection.getByLabel('Current password').fill('second-position-2026');
    await emailSection.getByRole('button', { name: 'Change email' }).click();
    await emailSection.getByText(`We sent a confirmation link to ${newEmail}.`).waitFor();
    // The card above shows the new address, not confirmed yet.
    await page.getByText(newEmail).first().waitFor();
    await page.getByTestId('email-status').filter({ hasText: 'Not verified' }).waitFor();
    await shot(page, '10-profile-email-changed');
  });
});
