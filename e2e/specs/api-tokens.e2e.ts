import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from '../support/accessibility';
import { screenshotAtRest } from '../support/screens';
import { DEMO_PASSWORD, useBrowser } from '../support/browser';
import { apiSignIn } from '../support/two-step';

/**
 * Personal API tokens from end to end (issue 15): a new member creates a token on /profile, sees
 * its secret once and copies it, uses it against /graphql (in scope: 200; beyond it: 403), revokes
 * it (401 from then on); a wrong form shows its errors; an admin finds the token on
 * /admin/api-tokens and revokes another one there. The steps share one account, so they run in
 * order. Screenshots (desktop and phone) land in SHOTS.
 */

const b = useBrowser();

const SHOTS = '/tmp/api-tokens-e2e';
const run = Date.now().toString(36);
const member = { username: `tokens_${run}`, password: 'api-token-journey-pw' };
const TOKEN_NAME = 'Studio script';
const SECOND_NAME = 'Old importer';
const PHONE = { width: 390, height: 844 };

const state: { secret?: string } = {};

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

const shot = (page: Page, name: string) => screenshotAtRest(page, `${SHOTS}/${name}.png`);

/** A bearer request to the app's /graphql, without any cookie. */
async function bearer(secret: string, query: string) {
  const res = await fetch(`${b.baseURL()}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: any[] } };
}

async function memberPage(): Promise<Page> {
  const page = await b.page();
  const login = await page.request.post('/api/login', { data: member });
  expect(login.ok(), 'sign in as the new member').toBe(true);
  return page;
}

async function adminPage(): Promise<Page> {
  const page = await b.page();
  const login = await apiSignIn(page, (path) => path, { username: 'admin', password: DEMO_PASSWORD });
  expect(login.ok(), 'sign in as admin').toBe(true);
  return page;
}

describe('personal API tokens', () => {
  it('a member sees the Developer section with no tokens yet', async () => {
    const page = await b.page();
    const registered = await page.request.post('/api/register', {
      data: { ...member, firstName: 'Tess', lastName: 'Token' },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Developer' });
    await section.getByText('No API tokens yet').waitFor();
    await section.getByText('Authorization: Bearer <token>').waitFor();
    expect(await section.getByRole('link', { name: 'API playground' }).getAttribute('href')).toBe('/graphql');
    await shot(page, '01-profile-empty');
    expect(await blockingViolations(page), 'axe on /profile').toEqual([]);
  });

  it('refuses a token without a name or a scope, and never offers a member the admin scope', async () => {
    const page = await memberPage();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByRole('checkbox', { name: /^catalog:read/ }).waitFor({ state: 'attached' });
    expect(await dialog.getByRole('checkbox', { name: /^admin/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await dialog.getByText('Give the token a name.').waitFor();
    await dialog.getByText('Choose at least one scope.').waitFor();
    await shot(page, '02-create-errors');
    expect(await blockingViolations(page), 'axe on the create dialog with errors').toEqual([]);
    await page.setViewportSize(PHONE);
    await shot(page, '02-create-errors-phone');
  });

  it('creates a token, shows its secret once and copies it', async () => {
    const page = await memberPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByLabel('Name').fill(TOKEN_NAME);
    // Chakra's input is visually hidden (and outside the dialog's scrolled area): its label is clicked.
    await dialog.getByText('catalog:read', { exact: true }).click();
    expect(await dialog.getByRole('checkbox', { name: /^catalog:read/ }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Expires').inputValue()).toBe('30');
    await shot(page, '03-create-filled');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const secretBox = page.getByTestId('new-token-secret');
    await secretBox.getByText('Copy this token now. You will not be able to see it again.').waitFor();
    const secret = await page.getByTestId('new-token-secret-value').inputValue();
    expect(secret).toMatch(/^drx_[A-Za-z0-9_-]{43}$/);
    state.secret = secret;
    await secretBox.getByRole('button', { name: 'Copy' }).click();
    await secretBox.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, '04-secret-once');
    expect(await blockingViolations(page), 'axe on /profile showing a new secret').toEqual([]);

    // The list shows the token by its prefix only.
    const item = page.getByTestId('api-token-item').filter({ hasText: TOKEN_NAME });
    await item.getByText(`${secret.slice(0, 10)}…`).waitFor();
    await item.getByText('catalog:read', { exact: true }).waitFor();
    await item.getByText('Active', { exact: true }).waitFor();
    expect(await item.innerText()).toContain('Never'); // not used yet

    // Dismissed, the secret is gone for good (also after a reload).
    await secretBox.getByRole('button', { name: 'I have copied it' }).click();
    await secretBox.waitFor({ state: 'detached' });
    await page.reload();
    await item.waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('the token reads within its scope (200) and is refused beyond it (403)', async () => {
    const secret = state.secret!;
    const courses = await bearer(secret, '{ courses(first: 1) { totalCount } }');
    expect(courses.status).toBe(200);
    expect(courses.body.data.courses.totalCount).toBeGreaterThan(0);
    const me = await bearer(secret, '{ me { username } }');
    expect(me.status).toBe(403);
    expect(me.body.errors?.[0].extensions.requiredScope).toBe('account:read');

    // Its last use shows on the profile.
    const page = await memberPage();
    await page.goto('/profile');
    const item = page.getByTestId('api-token-item').filter({ hasText: TOKEN_NAME });
    await item.waitFor();
    expect(await item.innerText()).not.toMatch(/Last used:\s*Never/);
  });

  it('an admin finds the token on /admin/api-tokens and revokes another one', async () => {
    // A second token of the member's, made through the graph with the member's session.
    const memberSession = await memberPage();
    const made = await memberSession.request.post('/graphql', {
      data: {
        query: `mutation($input: ApiTokenCreateInput!) { apiTokenCreate(input: $input) { token userErrors { message } } }`,
        variables: { input: { name: SECOND_NAME, scopes: ['orders:read'], expiresInDays: null } },
      },
    });
    const second = ((await made.json()) as any).data.apiTokenCreate;
    expect(second.userErrors).toEqual([]);

    const page = await adminPage();
    // Staff may give their own tokens the admin scope.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Create token' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API token' });
    await create.getByRole('checkbox', { name: /^admin/ }).waitFor({ state: 'attached' });
    await create.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin/api-tokens');
    await page.getByRole('heading', { name: 'API tokens', exact: true }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'API Tokens' }).first().waitFor();
    await page.getByLabel('Search').fill(member.username);
    const rows = page.getByTestId('admin-api-token-row');
    const first = rows.filter({ hasText: TOKEN_NAME });
    await first.getByText(`@${member.username}`).waitFor();
    await first.getByText(`${state.secret!.slice(0, 10)}…`).waitFor();
    await page.getByText('2 tokens').waitFor();
    await shot(page, '05-admin-list');
    expect(await blockingViolations(page), 'axe on /admin/api-tokens').toEqual([]);

    const other = rows.filter({ hasText: SECOND_NAME });
    await other.getByText('Never').first().waitFor(); // no expiry, never used
    await other.getByRole('button', { name: `Revoke ${SECOND_NAME} of @${member.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke “${SECOND_NAME}”?` });
    await confirm.getByText(`The token of @${member.username}`).waitFor();
    await shot(page, '06-admin-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await other.getByText('Revoked', { exact: true }).waitFor();
    expect((await bearer(second.token, '{ myOrders(first: 1) { totalCount } }')).status).toBe(401);

    // The status filter narrows the list.
    await page.getByLabel('Status').selectOption('REVOKED');
    await rows.filter({ hasText: SECOND_NAME }).waitFor();
    await rows.filter({ hasText: TOKEN_NAME }).waitFor({ state: 'detached' });

    await page.setViewportSize(PHONE);
    await page.getByLabel('Status').selectOption('');
    await first.waitFor();
    await shot(page, '07-admin-list-phone');
  });

  it('the member revokes the token after a confirmation naming it; it is refused from then on (401)', async () => {
    const page = await memberPage();
    await page.setViewportSize(PHONE);
    await page.goto('/profile');
    const item = page.getByTestId('api-token-item').filter({ hasText: TOKEN_NAME });
    await shot(page, '08-profile-phone');
    await item.getByRole('button', { name: `Revoke ${TOKEN_NAME}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke “${TOKEN_NAME}”?` });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await item.getByText('Revoked', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: `Revoke ${TOKEN_NAME}` }).count()).toBe(0);
    await shot(page, '09-profile-revoked-phone');

    const refused = await bearer(state.secret!, '{ courses(first: 1) { totalCount } }');
    expect(refused.status).toBe(401);
  });
});
