import { AxeBuilder } from '@axe-core/playwright';
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

/** Axe's serious and critical WCAG 2.1 A/AA violations (as accessibility.e2e.ts counts them). */
export async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `[${v.impact}] ${v.id}: ${v.help} at ${node.target.join(' ')}`));
}
