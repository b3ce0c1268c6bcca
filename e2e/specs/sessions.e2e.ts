import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from '../support/accessibility';
import { pathOf, signIn, useBrowser, waitForQuietNetwork, signInByApi } from '../support/browser';

const b = useBrowser();

/** expect.poll with the page's patience (a lazy page and its query can take more than a second). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** Screenshots of each page, for a person to look at (not compared). */
const SHOTS = '/tmp/sessions-e2e';

const PASSWORD = 'fifth-position-2026';
const PHONE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const FIREFOX = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string) {
  await waitForQuietNetwork(page, 300);
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs `page`'s browser in as `username` (the request shares the page's cookies). */
async function logIn(page: Page, username: string) {
  const login = await page.request.post('/api/login', { data: { username, password: PASSWORD } });
  expect(login.ok(), `sign in as ${username}`).toBe(true);
}

/** /profile's sessions card, loaded, with `count` sessions. */
async function sessionsCard(page: Page, count: number) {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Where you’re signed in' });
  await card.waitFor();
  await poll(() => card.getByTestId('session-item').count()).toBe(count);
  return card;
}

describe('sessions: see where you are signed in and sign others out; the admin security log', () => {
  const tag = Date.now().toString(36);
  const username = `sess${tag}`;

  it('signs out another browser, then all others; the admin sees it in the Security log', async () => {
    // This browser registers (and is signed in); a phone signs in too.
    const here = await b.page();
    const registered = await here.request.post('/api/register', {
      data: { username, password: PASSWORD, email: `${username}@example.com`, firstName: 'Ada' },
    });
    expect(registered.status()).toBe(201);
    const phone = await b.page(PHONE);
    await logIn(phone, username);

    // Both sessions on /profile: this one first and marked, the phone with "Sign out".
    let card = await sessionsCard(here, 2);
    const rows = card.getByTestId('session-item');
    await poll(() => rows.first().innerText()).toContain('This device');
    await poll(() => rows.first().innerText()).toContain('Active now');
    const phoneRow = rows.filter({ hasText: 'Android' });
    expect(await phoneRow.innerText()).toMatch(/Chrome 131 on Android.*· mobile/);
    expect(await phoneRow.innerText()).not.toContain('This device');
    expect(
      await rows
        .first()
        .getByRole('button', { name: /^Sign out/ })
        .count(),
    ).toBe(0);
    await card.getByText('You are signed in here and in 1 other place.').waitFor();
    await shot(here, '01-profile-two-sessions');
    expect(await blockingViolations(here)).toEqual([]);

    // The phone's own /profile, at a phone's width: its session is "This device".
    await sessionsCard(phone, 2);
    await poll(() => phone.getByTestId('session-item').first().innerText()).toMatch(
      /Android[\s\S]*This device/,
    );
    await shot(phone, '02-profile-phone');

    // Signed out from here, at once: the message, and the list without it.
    await phoneRow.getByRole('button', { name: /^Sign out Chrome 131 on Android/ }).click();
    await card.getByRole('status').filter({ hasText: 'The session was signed out.' }).waitFor();
    await poll(() => rows.count()).toBe(1);
    await card.getByText('You are signed in only here.').waitFor();
    expect(await card.getByRole('button', { name: 'Sign out of all other sessions' }).count()).toBe(0);
    await shot(here, '03-profile-one-session');

    // The phone is a guest now: its /profile goes to sign in.
    await phone.goto('/profile');
    await phone.waitForURL((url) => url.pathname === '/auth');
    expect((await phone.request.get('/api/user')).status()).toBe(401);

    // The phone signs in again and a third browser too; "Sign out of all other sessions" ends both.
    await logIn(phone, username);
    const laptop = await b.page(FIREFOX);
    await logIn(laptop, username);
    card = await sessionsCard(here, 3);
    await card.getByText('You are signed in here and in 2 other places.').waitFor();
    expect(await card.getByTestId('session-item').filter({ hasText: 'Firefox 133 on Windows' }).count()).toBe(
      1,
    );
    await card.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await card.getByRole('status').filter({ hasText: '2 other sessions were signed out.' }).waitFor();
    await poll(() => card.getByTestId('session-item').count()).toBe(1);
    expect((await laptop.request.get('/api/user')).status()).toBe(401);
    expect((await phone.request.get('/api/user')).status()).toBe(401);
    expect((await here.request.get('/api/user')).status()).toBe(200);

    // The admin's Security log, from the admin menu: the member's two events, newest first.
    const admin = await b.page();
    await signIn(admin, 'admin');
    await admin.waitForURL('**/admin');
    await admin.getByRole('navigation').getByRole('link', { name: 'Security Log' }).first().click();
    await admin.waitForURL((url) => url.pathname === '/admin/security');
    await admin.getByRole('heading', { name: 'Security log', level: 1 }).waitFor();
    const mine = admin.getByTestId('security-event-row').filter({ hasText: `@${username}` });
    await poll(() => mine.count()).toBe(2);
    expect(await mine.nth(0).innerText()).toMatch(/Other sessions signed out[\s\S]*2 sessions/);
    expect(await mine.nth(1).innerText()).toContain('Session signed out');
    // Done from this test's desktop Chromium, whose address is the loopback.
    expect(await mine.nth(0).innerText()).toMatch(/Chrome \d+ on Linux/);
    expect(await mine.nth(0).innerText()).toContain('127.0.0.1');
    // Again without the sign-in's toast (still fading in, which axe reads as low contrast).
    await admin.reload();
    await poll(() => mine.count()).toBe(2);
    await shot(admin, '04-security-log');
    expect(await blockingViolations(admin)).toEqual([]);

    // By kind: only the one-session sign-outs (the choice kept in the address).
    await admin.getByLabel('Kind').selectOption('SESSION_ENDED');
    await admin.waitForURL((url) => url.searchParams.get('kind') === 'SESSION_ENDED');
    await poll(async () =>
      (await admin.getByTestId('security-event-row').allInnerTexts()).every((t) =>
        t.includes('Session signed out'),
      ),
    ).toBe(true);
    await poll(() => mine.count()).toBe(1);
    await admin.getByLabel('Kind').selectOption('OTHER_SESSIONS_ENDED');
    await poll(async () => (await mine.allInnerTexts()).join('\n')).toMatch(
      /^[^\n]*Other sessions signed out[^\n]*2 sessions[^\n]*$/,
    );

    // One account's log, from its admin page.
    await admin.getByLabel('Kind').selectOption('');
    await mine
      .first()
      .getByRole('link', { name: `@${username}` })
      .click();
    await admin.waitForURL((url) => url.pathname.startsWith('/admin/users/'));
    await admin.getByRole('link', { name: `Security log of @${username}` }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/security' && url.searchParams.has('user'));
    await admin
      .getByTestId('security-user-filter')
      .filter({ hasText: `Only @${username}` })
      .waitFor();
    await admin.getByText('2 events', { exact: true }).waitFor();
    await poll(() => admin.getByTestId('security-event-row').count()).toBe(2);

    // At a phone's width the table scrolls inside its frame.
    await admin.setViewportSize({ width: 390, height: 844 });
    await shot(admin, '05-security-log-phone');
  });

  it('keeps members and guests out of the Security log, on the server and in the app', async () => {
    const guest = await b.page();
    const asGuest = await guest.request.get('/admin/security', { maxRedirects: 0 });
    expect(asGuest.status()).toBe(302);
    expect(asGuest.headers().location).toMatch(/^\/auth\?returnTo=%2Fadmin%2Fsecurity/);

    const member = await b.page();
    await signInByApi(member, 'member');
    const asMember = await member.request.get('/admin/security', { maxRedirects: 0 });
    expect(asMember.status()).toBe(302);
    expect(asMember.headers().location).toBe('/');
    await member.goto('/admin/security');
    await member.waitForURL((url) => url.pathname === '/');
    expect(pathOf(member)).toBe('/');

    // Nor can the graph be asked directly.
    const answer = await member.request.post('/graphql', {
      data: { query: '{ adminSecurityEvents(first: 1) { totalCount } }' },
      headers: { 'apollo-require-preflight': 'true' },
    });
    const body = (await answer.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
