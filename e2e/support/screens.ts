import type { Page } from 'playwright-core';
import { waitForQuietNetwork } from './browser';

/**
 * A full-page screenshot at rest: the network quiet, scrolled to the top (a page scrolled to a
 * focused field would draw the sticky header mid-page), dialogs and toasts done animating.
 */
export async function screenshotAtRest(page: Page, path: string): Promise<void> {
  await waitForQuietNetwork(page, 300);
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  await page.screenshot({ path, fullPage: true });
}
