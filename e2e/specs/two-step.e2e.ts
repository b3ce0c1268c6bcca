import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, pathOf, signIn, signInByApi, useBrowser } from '../support/browser';
import { enterSecondStep, totpCode } from '../support/two-step';

// Issue 31: two-step sign-in in Chromium — the seeded admin signs in with the README's demo key;
// a new admin is sent to set it up, sets it up on /profile and signs in with a code computed from
// the key the page showed.

const b = useBrowser();
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post('/graphql', { data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

describe('two-step sign-in', () => {
  it('signs the seeded admin in with a code of the demo key, back to the page asked for', async () => {
    const page = await b.page();
    await page.goto('/auth?returnTo=%2Fadmin%2Fusers');
    await page.getByLabel('Username').first().fill('admin');
    await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Authentication code').isVisible(), { timeout: 15_000 })
      .toBe(true);
    // No session before the code.
    expect((await graphql<{ me: null }>(page, '{ me { id } }')).me).toBeNull();
    await enterSecondStep(page);
    await page.waitForURL((url) => url.pathname === '/admin/users');
    expect((await graphql<{ me: { username: string } }>(page, '{ me { username } }')).me.username).toBe(
      'admin',
    );
  });

  it('sends a new admin to set it up, then signs them in with a code computed from the key', async () => {
    const username = `twostep${unique()}`;
    const password = 'a-long-enough-password';
    const page = await b.page();
    const registered = await page.request.post('/api/register', { data: { username, password } });
    expect(registered.status()).toBe(201);
    const { id } = await registered.json();
    // The seeded admin makes the account an admin.
    const admin = await b.page();
    await signInByApi(admin, 'admin');
    await graphql(
      admin,
      `
        mutation ($input: UserRolesUpdateInput!) {
          userRolesUpdate(input: $input) {
            userErrors {
              message
            }
          }
        }
      `,
      {
        input: { userId: id, roles: ['admin'] },
      },
    );

    // Without two-step sign-in, the staff area sends them to the set-up.
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect
      .poll(() => page.getByText('Admins and curriculum officers must use two-step sign-in').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const section = page.locator('#two-step');
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect
      .poll(() => section.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible())
      .toBe(true);
    const key = (await page.getByTestId('two-step-key').textContent())!.trim();
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    await section.getByLabel('2. Code from the app').fill(await totpCode(key));
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect
      .poll(() => section.getByText('Two-step sign-in is on. 10 recovery codes left.').isVisible())
      .toBe(true);
    await page.goto('/admin');
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/admin');

    // A new browser: the password, then a code of the app.
    const again = await b.page();
    await signIn(again, username, password);
    await enterSecondStep(again, key);
    await expect.poll(() => pathOf(again), { timeout: 15_000 }).toBe('/dashboard');
    await again.goto('/admin');
    await expect.poll(() => pathOf(again), { timeout: 15_000 }).toBe('/admin');

    // The suite shares one app: the account is a member again, so the seeded roles are the only staff
    // (admin.e2e.ts counts them, whichever spec runs first).
    const demoted = await graphql<{ userRolesUpdate: { userErrors: { message: string }[] } }>(
      admin,
      `
        mutation ($input: UserRolesUpdateInput!) {
          userRolesUpdate(input: $input) {
            userErrors {
              message
            }
          }
        }
      `,
      { input: { userId: id, roles: ['user'] } },
    );
    expect(demoted.userRolesUpdate.userErrors).toEqual([]);
  });
});
