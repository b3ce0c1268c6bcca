// The header's cases of `npm run bench:tap` (issue 30, goal 1: "the header's cart button, the mobile
// menu"): a new visitor's first press of the header's cart button on a resource page, or of the
// phones' menu button on /courses, from the press's own time stamp to the first frame in which the
// pressed button shows it was taken (`aria-busy`, the app not there yet) and to the first frame in
// which its dialog is on screen (the cart's dropdown or the menu: the entry's own before the app,
// else the app's). Real conditions: the app's code comes when it comes.
import { pressAfterReading } from './first-tap-press.mjs';

/* global window, document, requestAnimationFrame, addEventListener, getComputedStyle */

/** Run in the page before its scripts: window.__press = { at, busyAt, shownAt }. */
export function recordHeaderPress() {
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  window.__press = { at: null, busyAt: null, shownAt: null };
  addEventListener(
    'pointerdown',
    (event) => {
      if (window.__press.at !== null) return;
      window.__press.at = event.timeStamp;
      const pressed = event.target;
      const watch = () => {
        const now = performance.now();
        if (window.__press.busyAt === null && pressed.isConnected && pressed.closest('[aria-busy="true"]'))
          window.__press.busyAt = now;
        const open = [...document.querySelectorAll('[role="dialog"]')].some(
          (dialog) => dialog.getAttribute('aria-labelledby') && visible(dialog),
        );
        if (open) window.__press.shownAt = now;
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    },
    true,
  );
}

/** The header's cases: the page, the button pressed, and whether a desktop has it. */
export const HEADER_CASES = {
  'cart-button': { path: 'resource', button: '[data-testid="cart-button"]', desktop: true },
  menu: { path: '/courses', button: 'button[data-early-menu]', desktop: false },
};

/**
 * One first press of case `name` in a new visitor's page: { pendingMs, shownMs } (pending: busy, or
 * already the dialog), or null where the case has no button (the menu on a desktop).
 */
export async function measureHeader(page, origin, scenario, name, resourcePath) {
  const kase = HEADER_CASES[name];
  if (!scenario.touch && !kase.desktop) return null;
  await page.addInitScript(recordHeaderPress);
  await page.goto(origin + (kase.path === 'resource' ? resourcePath : kase.path), {
    waitUntil: 'load',
    timeout: 60_000,
  });
  const button = page.locator(kase.button).first();
  await pressAfterReading(page, button, scenario);
  await page.waitForFunction(() => window.__press?.shownAt !== null, null, { timeout: 60_000, polling: 50 });
  const press = await page.evaluate(() => window.__press);
  const shownMs = press.shownAt - press.at;
  return { pendingMs: press.busyAt === null ? shownMs : press.busyAt - press.at, shownMs };
}
