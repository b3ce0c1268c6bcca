// The catalogue cases of `npm run bench:tap` (issue 30, goal 1: "the filters and search on /courses,
// /curriculum and /shop"): a visitor's first action on a catalogue, from its input event's time
// stamp to (1) the first frame showing that it was taken — the results busy (`aria-busy`), the
// control pressed and busy, "Searching…", or already the effect — and (2) the first frame showing
// its effect: the filtered list (the URL has the parameter and the count is drawn), or the phones'
// filter panel open. The effect may be drawn by another document (the entry navigates to the
// filtered page the server renders): the times are kept in the tab's session storage, on the
// clock every document of the tab shares (`performance.timeOrigin + performance.now()`).
/* global document, location, requestAnimationFrame, addEventListener, getComputedStyle */

/** Run in every document of the page before its scripts (page.addInitScript(recordCatalog, watch)). */
export function recordCatalog(watch) {
  const KEY = '__drxCatalogTap';
  const read = () => JSON.parse(sessionStorage.getItem(KEY) || 'null');
  const write = (state) => sessionStorage.setItem(KEY, JSON.stringify(state));
  const now = () => performance.timeOrigin + performance.now();
  const visible = (el) =>
    !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const shown = () => {
    if (watch.dialog) {
      return [...document.querySelectorAll('[role="dialog"]')].some(
        (dialog) => visible(dialog) && dialog.querySelector('select[name]'),
      );
    }
    // The URL has the filter and the count is the filtered page's (as the server renders it).
    if (!new URLSearchParams(location.search).has(watch.param)) return false;
    const count = document.querySelector(`[data-testid="${watch.count}"]`);
    return visible(count) && count.textContent.trim() === sessionStorage.getItem(`${KEY}:expect`);
  };
  const pending = (pressed) => {
    if (document.querySelector('[data-catalog-results][aria-busy="true"], [data-early-pending]')) return true;
    if (pressed && pressed.isConnected && pressed.closest('[aria-busy="true"]')) return true;
    const count = document.querySelector(`[data-testid="${watch.count}"]`);
    return !!count && count.textContent.trim() === 'Searching…';
  };
  const follow = (pressed) => {
    const step = () => {
      const state = read();
      if (!state || state.shownAt) return;
      const done = shown();
      if (state.pendingAt === null && (done || pending(pressed))) state.pendingAt = now();
      if (done) state.shownAt = now();
      write(state);
      if (!done) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };
  const state = read();
  if (state && !state.shownAt) follow(null); // a document the press navigated to
  if (!state) {
    addEventListener(
      watch.event,
      (event) => {
        if (read()) return;
        if (watch.event === 'keydown' && event.key !== 'Enter') return;
        write({ pressedAt: performance.timeOrigin + event.timeStamp, pendingAt: null, shownAt: null });
        follow(event.target);
      },
      true,
    );
  }
}

/** The catalogue cases: where, what is pressed, what shows it. */
export const CATALOG_CASES = {
  /** A filter of the panel shown on every screen (the curriculum store's), its first choice. */
  filter: { path: '/curriculum', watch: { event: 'change', param: 'style', count: 'resource-count' } },
  /** The curriculum store's search: a word typed, then Enter. */
  search: { path: '/curriculum', watch: { event: 'keydown', param: 'q', count: 'resource-count' } },
  /** The phones' Filters button on /courses (hidden on a desktop: not measured there). */
  'filters-button': { path: '/courses', watch: { event: 'pointerdown', dialog: true } },
};

async function stateOf(page) {
  for (;;) {
    try {
      return await page.evaluate(() => JSON.parse(sessionStorage.getItem('__drxCatalogTap') || 'null'));
    } catch {
      await page.waitForTimeout(50); // the document changing under the evaluation
    }
  }
}

/** The count the server renders on a page (`data-testid`), e.g. "2 resources". */
async function renderedCount(url, testId) {
  const html = await (await fetch(url)).text();
  const count = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];
  if (!count) throw new Error(`${url} renders no ${testId}`);
  return count.trim();
}

/** The effect to wait for: the count of the filtered page, which must differ from the page's. */
async function expect(page, origin, path, watch, param, value) {
  const before = await renderedCount(origin + path, watch.count);
  const after = await renderedCount(`${origin}${path}?${param}=${encodeURIComponent(value)}`, watch.count);
  if (before === after) throw new Error(`${path}?${param}=${value} shows the same count as ${path}`);
  await page.evaluate((text) => sessionStorage.setItem('__drxCatalogTap:expect', text), after);
}

/** A word of a resource's title, to search for. */
export async function searchWord(origin) {
  const res = await fetch(`${origin}/api/curriculum?first=1`);
  const { items } = await res.json();
  return items[0].title
    .split(/\W+/)
    .sort((a, b) => b.length - a.length)[0]
    .toLowerCase();
}

/**
 * One catalogue case in a new visitor's context (the page set up by `open`): milliseconds from the
 * input event to the pending state and to the effect, or null when the case has no control here.
 */
export async function measureCatalog(page, origin, scenario, name, word) {
  const { path, watch } = CATALOG_CASES[name];
  await page.addInitScript(recordCatalog, watch);
  await page.goto(origin + path, { waitUntil: 'load', timeout: 60_000 });
  if (scenario.scrollBeforeMs) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(scenario.scrollBeforeMs);
  } else {
    await page.waitForTimeout(500); // a moment of reading
  }
  if (name === 'filter') {
    const select = page.locator('select[name="style"]').first();
    const value = await select.evaluate((el) => [...el.options].find((o) => o.value)?.value);
    await expect(page, origin, path, watch, watch.param, value);
    // A person touches the select (a phone) or moves the mouse over the page to it (a desktop),
    // reads its list a second, then chooses. (A click on a desktop opens the select's own list,
    // which, closed later, sends its own choice: the one highlighted, undoing the chosen one.)
    if (scenario.touch) await select.tap();
    else {
      await page.mouse.move(20, 200, { steps: 5 });
      await select.hover();
    }
    await page.waitForTimeout(1000);
    await select.selectOption(value);
  } else if (name === 'search') {
    const field = page.getByRole('searchbox').first();
    await expect(page, origin, path, watch, watch.param, word);
    if (scenario.touch) await field.tap();
    else await field.click();
    await field.pressSequentially(word, { delay: 120 });
    await field.press('Enter');
  } else {
    const button = page.getByRole('button', { name: /^Filters/ });
    if (!(await button.isVisible())) return null;
    if (scenario.touch) await button.tap();
    else await button.click();
  }
  const deadline = Date.now() + 60_000;
  let state = await stateOf(page);
  while (!state?.shownAt && Date.now() < deadline) {
    await page.waitForTimeout(100);
    state = await stateOf(page);
  }
  if (!state?.shownAt) throw new Error(`${name}: no effect within 60 s (${JSON.stringify(state)})`);
  return { pendingMs: state.pendingAt - state.pressedAt, shownMs: state.shownAt - state.pressedAt };
}
