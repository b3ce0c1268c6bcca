import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Axe's serious and critical WCAG violations of the page, one entry per failing element. In axe's
 * legacy mode: the analysis runs in the page itself, where the default opens a blank page per
 * analysis to gather the frames' results and injects axe (550 kB) there again — about a fifth of
 * axe's CPU per page (2026-12-06). What it gives up, testing cross-origin frames, is nothing here:
 * the only ones are an instructor's video embed (a third party's page, and no network in the run).
 * Axe makes a unique selector for every node of every result type it keeps; only the violations are
 * read here (`resultTypes`, axe's documented option for this: the others keep one node each): the
 * accessibility spec 234–235 → 220–226 CPU-seconds alone, in the order A B A B (2026-12-07).
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  // One entry per failing element: the rule and what to do, where (selector and markup), and
  // axe's own summary of the failure (for colour contrast: both colours and the ratio).
  return blocking.flatMap((v) =>
    v.nodes.map((node) =>
      [
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
        `  at ${node.target.join(' ')}: ${node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html}`,
        `  ${(node.failureSummary ?? '').replace(/\n/g, '\n  ')}`,
      ].join('\n'),
    ),
  );
}
