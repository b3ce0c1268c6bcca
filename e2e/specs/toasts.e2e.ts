import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, useBrowser } from '../support/browser';

const b = useBrowser();
const SHOTS = '/tmp/spec35-shots';

/** Shows a toast titled `title` the way sign-in does: parked for the next page load. */
async function toastAfterLoad(page: Page, title: string): Promise<Locator> {
  await page.evaluate(
    (t) => window.sessionStorage.setItem('drx_pending_toast', JSON.stringify({ title: t, type: 'info' })),
    title,
  );
  await page.reload();
  await appReady(page);
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  await toast.waitFor();
  // Let it finish sliding in.
  await page.waitForFunction(
    (el) => el !== null && el.getAnimations().length === 0,
    await toast.elementHandle(),
  );
  return toast;
}

/** Presses on the toast's left side and drags it `dx` pixels to the right in small steps. */
async function drag(
  page: Page,
  toast: Locator,
  dx: number,
  options: { release?: boolean; shot?: string } = {},
) {
  const box = await toast.boundingBox();
  if (!box) throw new Error('The toast is not on screen');
  const x = box.x + 24;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + 2, { steps: Math.max(2, Math.round(dx / 5)) });
  if (options.shot) await page.screenshot({ path: `${SHOTS}/${options.shot}` });
  if (options.release !== false) await page.mouse.up();
}

describe('toasts', () => {
  it('follow a swipe to the right and are dismissed once moved 50 px; a shorter one springs back', async () => {
    const page = await b.page();
    await page.goto('/about');
    const toast = await toastAfterLoad(page, 'Swipe me away');
    const restX = (await toast.boundingBox())!.x;

    // 30 px: it follows the pointer, and springs back when let go.
    await drag(page, toast, 30, { release: false });
    expect((await toast.boundingBox())!.x - restX).toBeGreaterThan(25);
    await page.mouse.up();
    await page.waitForFunction(([el, x]) => (el as Element).getBoundingClientRect().x === x, [
      await toast.elementHandle(),
      restX,
    ] as const);
    expect(await toast.getAttribute('data-state')).toBe('open');

    // 70 px: let go, it is dismissed (sliding out to the right) and leaves.
    await drag(page, toast, 70, { shot: 'toast-mid-swipe.png' });
    await toast.waitFor({ state: 'detached' });
  });

  it('are still dismissed from the keyboard: F8 reaches them, Escape closes the focused one', async () => {
    const page = await b.page();
    await page.goto('/about');
    const toast = await toastAfterLoad(page, 'Close me with Escape');
    await page.keyboard.press('F8');
    await page.keyboard.press('Tab');
    expect(await toast.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached' });
  });
});
