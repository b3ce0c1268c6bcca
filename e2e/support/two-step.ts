import { generate } from 'otplib';
import type { APIRequestContext, APIResponse, Page } from 'playwright-core';

/**
 * Two-step sign-in in e2e (issue 31): the seeded staff (admin, officer) have it on with the demo
 * key published in the README; these helpers compute its codes like an authenticator app. A code
 * works once per account (a replay is refused), so they move on to the next 30-second step when a
 * code was already used (specs sign in as the demo admin many times a minute).
 */
export const DEMO_TWO_STEP_KEY = 'DRXDEMO2STEPKEYFORTHESEEDEDSTAFF';
export const DEMO_STAFF = ['admin', 'officer'];
const REPLAYED = /already used/i;

export const isDemoStaff = (username: string) => DEMO_STAFF.includes(username.toLowerCase());

/** The app's code `steps` 30-second steps from now (the server accepts -1, 0 and +1). */
export function totpCode(secret = DEMO_TWO_STEP_KEY, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Codes to try in turn: now, the next step, then after waiting for the next step boundary. */
async function* codes(secret: string): AsyncGenerator<string> {
  for (let round = 0; round < 4; round++) {
    yield await totpCode(secret, 0);
    yield await totpCode(secret, 1);
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  }
}

/** On /auth's code step: enters codes until one is taken (the page leaves /auth). */
export async function enterSecondStep(page: Page, secret = DEMO_TWO_STEP_KEY): Promise<void> {
  const input = page.getByLabel('Authentication code');
  await input.waitFor();
  for await (const code of codes(secret)) {
    await input.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 }).then(() => 'left' as const),
      page
        .getByText(REPLAYED)
        .waitFor({ timeout: 15_000 })
        .then(() => 'replayed' as const),
    ]);
    if (outcome === 'left') return;
  }
  throw new Error('No code of the authenticator app was accepted');
}

/**
 * `POST /api/login` as a demo account through the request context (its cookies kept), finishing
 * the second step for the seeded staff; returns the last response (200 with the user).
 */
export async function apiSignIn(
  request: APIRequestContext,
  url: (path: string) => string,
  data: { username: string; password: string },
  secret = DEMO_TWO_STEP_KEY,
): Promise<APIResponse> {
  const login = await request.post(url('/api/login'), { data });
  if (login.status() !== 202) return login;
  for await (const code of codes(secret)) {
    const res = await request.post(url('/api/login/second-step'), { data: { code } });
    if (res.status() === 200 || !REPLAYED.test(await res.text())) return res;
  }
  throw new Error('No code of the authenticator app was accepted');
}
