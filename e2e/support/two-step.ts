import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 * `POST /api/login` as a demo account (its cookies kept), finishing the second step for the seeded
 * staff; returns the last response (200 with the user). Given a page, the seeded staff's session is
 * signed in once per host and reused by later pages and spec files (its cookie kept in a file
 * beside the run): a code works once per account and 30-second step, so signing in afresh each
 * time would make the suite wait half a minute per staff page. A reused session that has ended
 * (signed out elsewhere) is replaced by a new sign-in.
 */
export async function apiSignIn(
  target: Page | APIRequestContext,
  url: (path: string) => string,
  data: { username: string; password: string },
  secret = DEMO_TWO_STEP_KEY,
): Promise<APIResponse> {
  const page = 'context' in target ? target : null;
  const request = page ? page.request : (target as APIRequestContext);
  const reusable = page !== null && isDemoStaff(data.username) && secret === DEMO_TWO_STEP_KEY;
  const cache = reusable ? sessionCacheFile(url('/api/user'), data.username) : null;
  if (!page || !cache) return signInWithCode(request, url, data, secret);
  // Tests running concurrently take turns, so the account signs in once and the others reuse it.
  const previous = signingIn.get(cache) ?? Promise.resolve();
  const mine = previous.then(() => reuseOrSignIn(page, url, data, secret, cache));
  signingIn.set(
    cache,
    mine.then(
      () => undefined,
      () => undefined,
    ),
  );
  return mine;
}

/** The sign-ins of a seeded staff account in progress in this process, by session cache file. */
const signingIn = new Map<string, Promise<void>>();

async function reuseOrSignIn(
  page: Page,
  url: (path: string) => string,
  data: { username: string; password: string },
  secret: string,
  cache: string,
): Promise<APIResponse> {
  const request = page.request;
  if (fs.existsSync(cache)) {
    await page.context().addCookies(JSON.parse(fs.readFileSync(cache, 'utf8')));
    const me = await request.get(url('/api/user'));
    if (me.status() === 200 && (await me.json()).username === data.username) return me;
    await page.context().clearCookies({ name: SESSION_COOKIE });
  }
  const res = await signInWithCode(request, url, data, secret);
  if (res.status() === 200) {
    const cookies = (await page.context().cookies()).filter((c) => c.name === SESSION_COOKIE);
    fs.writeFileSync(cache, JSON.stringify(cookies));
  }
  return res;
}

const SESSION_COOKIE = 'drx.sid';

/** Where the reusable session of a seeded staff account on this host is kept during the run. */
function sessionCacheFile(userUrl: string, username: string): string {
  const { host } = new URL(userUrl, 'http://127.0.0.1');
  return path.join(os.tmpdir(), `drx-e2e-session-${host.replace(/[^\w.-]/g, '_')}-${username}.json`);
}

async function signInWithCode(
  request: APIRequestContext,
  url: (path: string) => string,
  data: { username: string; password: string },
  secret: string,
): Promise<APIResponse> {
  const login = await request.post(url('/api/login'), { data });
  if (login.status() !== 202) return login;
  for await (const code of codes(secret)) {
    const res = await request.post(url('/api/login/second-step'), { data: { code } });
    if (res.status() === 200 || !REPLAYED.test(await res.text())) return res;
  }
  throw new Error('No code of the authenticator app was accepted');
}
