import { firstUse, pointerAlreadyOver, pressEnded, startsAtOnce } from './ssr/appStart';
import { addEarly, EARLY_ADD_SELECTOR } from './ssr/earlyCart';
import { holdEarlyInput } from './ssr/earlyInput';
import { EARLY_MENU_SELECTOR, openEarlyMenu } from './ssr/earlyMenu';
import { EARLY_CART_SELECTOR, openEarlyCart } from './ssr/earlyCartDropdown';
import { openEarlyFilters } from './ssr/earlyFilterDialog';
import {
  applyEarlyFilter,
  EARLY_FILTERS_SELECTOR,
  needsNoApp,
  prepareEarlyFilters,
} from './ssr/earlyFilters';
import { addEarlyStyles } from './ssr/earlyStyles';
import { nextTask } from './lib/nextTask';

/**
 * The entry. A page rendered by the server is painted before the app's code is even fetched. For a
 * visitor the app is fetched, all at once, at their first sign of use; when it is needed at once
 * (ssr/appStart.ts says when) it is fetched after the first paint and started in steps, each a task
 * of its own, so no single long task keeps a phone from answering a tap. The server's HTML works
 * meanwhile: links are links, a guest's Add to Cart and mobile menu are done by this entry at once
 * (ssr/earlyCart.ts, ssr/earlyMenu.ts, ssr/earlyCartDropdown.ts), a catalogue's filters and search
 * go to the filtered page the server renders (ssr/earlyFilters.ts, ssr/earlyFilterDialog.ts), and
 * any other button pressed shows it was taken and is pressed again once the app is ready
 * (ssr/earlyInput.ts); boot.tsx adopts the page. Any other page starts the app at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // The frame after the next one has been painted; a hidden tab paints no frame: a timer then.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}

/**
 * The largest parts of the app, each evaluated in its own task before the rest: React, the graph
 * client, Chakra's code (themeConfig.ts imports it), the design system and the route table. App
 * modules, never a package's whole index (`import('@chakra-ui/react')` would keep every component
 * of the package in the build). On a phone (CPU slowed 4×) Chakra with the design system was one
 * task of 450–520 ms, and the route table with boot.tsx one of ≈ 240 ms: a tap landing in either
 * waited that long (bench/README.md, "The app's start in small tasks"). Not App.tsx: a step of its
 * own, it moved the guest cart's modules out of this entry into chunks the page must fetch first.
 */
const STEPS = [
  () => import('react-dom/client'),
  () => import('./apollo/client'),
  () => import('./themeConfig'),
  () => import('./theme'),
  () => import('./router'),
];

/** The whole page has been parsed. */
function parsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}

function storage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[name];
  } catch {
    return null; // blocked by the browser
  }
}

async function start(): Promise<void> {
  // A server-rendered page runs this entry as soon as it arrives (async), maybe while the page is
  // still being parsed: the server marks its script tag (api/src/http/web-app.ts).
  const entry = document.querySelector<HTMLElement>('script[data-server-rendered]');
  if (entry) {
    // The server marks a signed-in member's entry: their cart is on the server, for the app to fill.
    const signedIn = entry.dataset.start === 'now';
    addEarlyStyles(entry.nonce ?? '');
    holdEarlyInput((control, event) =>
      event.type === 'click'
        ? (control.matches(EARLY_ADD_SELECTOR) && addEarly(control, storage('localStorage'), signedIn)) ||
          (control.matches(EARLY_MENU_SELECTOR) && openEarlyMenu(control, signedIn)) ||
          (control.matches(EARLY_CART_SELECTOR) &&
            openEarlyCart(control, storage('localStorage'), signedIn)) ||
          (control.matches(EARLY_FILTERS_SELECTOR) && openEarlyFilters(control))
        : applyEarlyFilter(control, event),
    );
    // A catalogue's filters are applied by going to another page: using them fetches no app.
    const used = firstUse(document, needsNoApp, pointerAlreadyOver(document));
    await parsed();
    prepareEarlyFilters();
    const atOnce = await startsAtOnce(document, entry, {
      local: storage('localStorage'),
      session: storage('sessionStorage'),
      timeZone: async () => (await import('./lib/slotTime')).initialTimeZone(),
    });
    if (!atOnce) {
      // The visitor is waiting for what they did: everything is fetched at once, not step by step,
      // once what they pressed has shown it was taken (a frame after the press). Each fetch is
      // asked for in a task of its own (asking adds a preload link for each of its files: 250 ms
      // in one task on a slowed phone, in which a tap waited), the parts still evaluated first.
      if (await pressEnded(document, await used, 500)) await afterFirstPaint();
      const fetching: Promise<unknown>[] = [];
      for (const step of [...STEPS, () => import('./boot')]) {
        fetching.push(step());
        await nextTask();
      }
      return void Promise.all(fetching);
    }
    await afterFirstPaint();
    for (const step of STEPS) {
      await step();
      await nextTask();
    }
  }
  await import('./boot');
}

void start();
