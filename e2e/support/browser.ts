import fs from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject, type TestContext } from 'vitest';
import { apiSignIn } from './two-step';

/** Debian's Chromium (package `chromium`): the first-tap guard's browser, and the others' without the shell. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell (package `chromium-headless-shell`: the same Chromium's old headless mode,
 * no browser window behind the pages), as Playwright runs headless by default: the specs' browser
 * where it is installed. In the spec files' run it used about a quarter less CPU than `chromium
 * --headless=new` — mostly the browser process and the compositing of its window — and the specs ran
 * a fifth faster (2026-12-07, docs/architecture.md "The test suite's time"). What differs for a page:
 * its mouse rests at the top left corner, as a desktop's over the window, so the page gets a
 * `mouseover` as it is laid out; never a phone's. `npm test` installs it (scripts/test.mjs).
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const DEMO_PASSWORD = 'drx-demo-2026';

/**
 * Chromium features Playwright switches off (playwright-core's `chromiumSwitches`, 1.65), repeated
 * here because Chromium keeps only the last `--disable-features` of its command line.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * The browser's own omnibox popup, a WebUI page Chromium 156 preloads in a renderer of its own even
 * when headless and updates at every navigation: about 0.6 s of CPU per page load, a third of what
 * Chromium spent loading one of our pages (2026-12-06, docs/architecture.md "The test suite's time").
 */
const NO_OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/** Which Chromium a spec's pages run in: the headless shell, or Debian's Chromium in its new headless mode. */
export type Headless = 'shell' | 'new';

/**
 * Debian's Chromium, headless, as every spec launches it: its headless shell when installed (else
 * Chromium's new headless mode), or with `headless: 'new'` Chromium itself. `args`: more switches
 * (e.g. a fake camera).
 */
export function launchChromium(args: string[] = [], headless: Headless = 'shell'): Promise<Browser> {
  const shell = headless === 'shell' && fs.existsSync(HEADLESS_SHELL);
  return chromium.launch({
    executablePath: shell ? HEADLESS_SHELL : CHROMIUM,
    args: [
      ...(shell ? [] : ['--headless=new']),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_OMNIBOX_WEBUI].join(',')}`,
      ...args,
    ],
  });
}

/** Reports every Content-Security-Policy violation of a page to its console, where we collect it. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) =>
  console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
    ' at ' + e.sourceFile + ':' + e.lineNumber));`;

/**
 * Counts the page's fetches in flight, leaving out the live stream (/graphql/stream stays open
 * while a signed-in page is shown, so Playwright's 'networkidle' never comes): see waitForQuietNetwork.
 */
const COUNT_FETCHES = `(() => {
  const original = window.fetch;
  window.__drxFetches = 0;
  window.__drxQuietSince = performance.now();
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (String(url).includes('/graphql/stream')) return original.call(this, input, init);
    window.__drxFetches += 1;
    const done = () => {
      window.__drxFetches -= 1;
      if (window.__drxFetches === 0) window.__drxQuietSince = performance.now();
    };
    return original.call(this, input, init).then(
      (res) => { done(); return res; },
      (err) => { done(); throw err; },
    );
  };
})();`;

/**
 * Waits until the page has had no fetch in flight (the live stream aside) for `quietMs`, and its
 * images are loaded: 'networkidle' for pages that hold a live stream open.
 */
/**
 * Waits until the app has adopted the page (web/src/ssr/earlyInput.ts marks `<html data-app-ready>`),
 * moving the mouse over it first: a visitor's page fetches the app at their first use. Before, a
 * guest's press of the header's cart or menu is answered by the page's entry instead.
 */
export async function appReady(page: Page, timeout = 30_000): Promise<void> {
  await page.mouse.move(3, 3);
  await page.mouse.move(6, 6);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout });
}

export async function waitForQuietNetwork(page: Page, quietMs = 500, timeout = 10_000): Promise<void> {
  await page
    .waitForFunction(
      (ms) => {
        const w = window as unknown as { __drxFetches?: number; __drxQuietSince?: number };
        return (
          w.__drxFetches === 0 &&
          performance.now() - (w.__drxQuietSince ?? 0) >= ms &&
          Array.from(document.images).every((img) => img.complete)
        );
      },
      quietMs,
      { timeout, polling: 100 },
    )
    .catch(() => undefined);
}

/** The contexts a test opened and the Content-Security-Policy violations their pages reported. */
interface Opened {
  contexts: BrowserContext[];
  cspViolations: string[];
}

/** Closes what a test opened; throws when its pages violated the Content-Security-Policy. */
async function closeOpened(opened: Opened): Promise<void> {
  await Promise.all(opened.contexts.splice(0).map((c) => c.close()));
  const violations = opened.cspViolations.splice(0);
  if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
}

/** This worker's browsers, by their kind and extra switches (see `workerBrowser`). */
const browsers = new Map<string, Promise<Browser>>();

/**
 * The worker's Chromium with these switches: launched by its first spec file that asks and kept for
 * its later files (a worker runs its files in one process, e2e/vitest.config.ts), relaunched when it
 * has crashed or closed. Each test still opens contexts of its own (no cookies, storage or cache
 * shared); Playwright closes the browser when the worker exits. A launch and close cost about one
 * CPU-second: 53 per run before (2026-12-07, docs/architecture.md "The test suite's time").
 */
async function workerBrowser(args: string[], headless: Headless): Promise<Browser> {
  const key = JSON.stringify([headless, ...args]);
  const known = await browsers.get(key)?.catch(() => null);
  if (known?.isConnected()) return known;
  const launching = launchChromium(args, headless);
  browsers.set(key, launching);
  return launching;
}

/**
 * The worker's Debian Chromium (`workerBrowser`); each test opens a fresh context (no shared
 * cookies). A test whose pages violated the Content-Security-Policy fails (the policy is on for the
 * whole suite). Tests that run concurrently (`it.concurrent`) pass their test context to `page`, so
 * that each closes (and answers for) only its own pages. `args`: more Chromium switches for the
 * file's browser (e.g. a fake camera); `headless`: which Chromium (`launchChromium`).
 */
export function useBrowser(options: { args?: string[]; headless?: Headless } = {}) {
  let browser: Browser;
  /** What the tests opened without naming themselves (tests of the file running one at a time). */
  const unowned: Opened = { contexts: [], cspViolations: [] };
  afterEach(async () => {
    await closeOpened(unowned);
  });
  beforeAll(async () => {
    browser = await workerBrowser(options.args ?? [], options.headless ?? 'shell');
  });
  afterAll(async () => {
    // A concurrent test's contexts (closed when it ends) and the unowned ones are closed by now;
    // what is left open by a failed close goes, not the browser the worker's next file uses.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  const owned = new WeakMap<TestContext, Opened>();
  /** What `test` opened, closed when it finishes (`unowned` without a test). */
  function openedBy(test?: TestContext): Opened {
    if (!test) return unowned;
    let opened = owned.get(test);
    if (!opened) {
      const mine: Opened = { contexts: [], cspViolations: [] };
      owned.set(test, mine);
      test.onTestFinished(() => closeOpened(mine));
      opened = mine;
    }
    return opened;
  }
  return {
    baseURL: () => inject('baseURL'),
    /**
     * A page in a new context; `options` adds to (or overrides) the usual ones, e.g. a time zone.
     * `test`: the test's context, for tests running concurrently.
     */
    async page(options: BrowserContextOptions = {}, test?: TestContext): Promise<Page> {
      const opened = openedBy(test);
      const context = await browser.newContext({
        baseURL: inject('baseURL'),
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      opened.contexts.push(context);
      context.setDefaultTimeout(15_000);
      await context.addInitScript(REPORT_CSP_VIOLATIONS);
      await context.addInitScript(COUNT_FETCHES);
      context.on('console', (message) => {
        const text = message.text();
        if (/CSP violation|Content Security Policy/.test(text))
          opened.cspViolations.push(`${message.page()?.url()}: ${text}`);
      });
      return context.newPage();
    },
  };
}

/** Where /auth sends the seeded staff once signed in. */
const STAFF_LANDING: Record<string, string> = { admin: '/admin', officer: '/admin/curriculum-officer' };

/**
 * Signs in through the /auth page as a user would. The seeded staff (two-step sign-in on with the
 * README's demo key) get the run's shared session instead (support/two-step.ts's apiSignIn) and land
 * where /auth would send them: a code works once per account and 30-second step, so every staff
 * sign-in through the page after the second in a half minute waited for the next step (about 20 s
 * each, minutes per run). two-step.e2e.ts signs the seeded admin in through the page with a code.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  const landing = STAFF_LANDING[username.toLowerCase()];
  if (landing && password === DEMO_PASSWORD) {
    await signInByApi(page, username, password);
    await page.goto(landing);
    return;
  }
  await page.goto('/auth');
  await page.getByLabel('Username').first().fill(username);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs in without the sign-in page, for tests whose subject is not signing in: `POST /api/login`
 * (the seeded staff's second step and shared session as in `signIn`), its cookie kept by the page's
 * context; the page stays where it was. The form's two page loads — /auth and where it sends —
 * cost 2–3.5 CPU-seconds of an e2e run each (docs/architecture.md "The test suite's time");
 * the form itself is tested by auth.e2e.ts, account.e2e.ts, two-step.e2e.ts and privacy.e2e.ts.
 */
export async function signInByApi(page: Page, username: string, password = DEMO_PASSWORD) {
  const base = inject('baseURL');
  const res = await apiSignIn(page, (path) => new URL(path, base).href, { username, password });
  if (res.status() !== 200)
    throw new Error(`${username} could not sign in: ${res.status()} ${await res.text()}`);
}

/** Path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
