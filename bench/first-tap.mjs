#!/usr/bin/env node
// `npm run bench:tap` (issue 30): how long a visitor's first press on a server-rendered page takes
// to show its effect, from the press (the input event's own time stamp) to the first frame in which
// the effect is on screen, in Debian's Chromium driven by playwright-core.
//
// Starts `npm start` in a fresh DATA_DIR (or uses a running server with --origin), then, for each
// scenario, opens a fresh browser context (no storage: a new visitor), waits for the page's load
// event and a moment of reading, presses Add to Cart on a resource page and waits for the header's
// cart count to show 1. Scenarios:
//   mobile        Lighthouse's mobile conditions: CPU slowed 4×, 150 ms round trip, 1.6 Mbit/s
//                 down, 750 kbit/s up, a 412×823 touch screen; the tap is the first thing done
//   mobile-scroll the same, with a scroll 3 s before the tap
//   desktop       no throttling, 1350×940, a mouse click
// Cases (--case, all by default): add-to-cart (above), and the catalogue's (first-tap-catalog.mjs):
//   filter          a filter of /curriculum's panel chosen (touched, a second to read, chosen)
//   search          a word typed in /curriculum's search, then Enter
//   filters-button  the phones' Filters button on /courses (not on a desktop, where it is hidden)
// each timed to its pending state and to its effect (the filtered list, the panel open); and the
// header's (first-tap-header.mjs):
//   cart-button     the header's cart button on a resource page (its dropdown open)
//   menu            the phones' menu button on /courses (the menu open; not on a desktop)
// Prints the median of --runs (3) per case and scenario and writes bench/results/first-tap.json.
//
//   npm run bench:tap
//   npm run bench:tap -- --origin http://127.0.0.1:4791 --runs 5 --scenario mobile --case filter
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
/* global window */
import { chromium } from 'playwright-core';
import { CATALOG_CASES, measureCatalog, searchWord } from './first-tap-catalog.mjs';
import { HEADER_CASES, measureHeader } from './first-tap-header.mjs';
import { pressAfterReading } from './first-tap-press.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4681' },
    origin: { type: 'string' },
    scenario: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    label: { type: 'string', default: 'current' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
  },
});
const runs = Math.max(1, Number(args.runs));
if (!Number.isInteger(runs)) throw new Error(`--runs must be a whole number, not ${args.runs}`);

const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const SCENARIOS = {
  mobile: { cpu: 4, network: MOBILE_NETWORK, touch: true, scrollBeforeMs: 0 },
  'mobile-scroll': { cpu: 4, network: MOBILE_NETWORK, touch: true, scrollBeforeMs: 3000 },
  desktop: { cpu: 1, network: null, touch: false, scrollBeforeMs: 0 },
};
const scenarios = args.scenario ?? Object.keys(SCENARIOS);
for (const name of scenarios) if (!SCENARIOS[name]) throw new Error(`No scenario ${name}`);
const CASES = ['add-to-cart', ...Object.keys(CATALOG_CASES), ...Object.keys(HEADER_CASES)];
const cases = args.case ?? CASES;
for (const name of cases) if (!CASES.includes(name)) throw new Error(`No case ${name} (${CASES.join(', ')})`);

/**
 * In the page before its scripts: the time stamp of the first press, and the first animation
 * frame after it in which the header shows a cart count (the app's badge, or the entry's early
 * count drawn by CSS) — window.__tap = { pressedAt, shownAt, count }.
 */
export const RECORD_TAP = `(() => {
  const shownCount = () => {
    const button = document.querySelector('[data-testid="cart-button"]');
    if (!button) return null;
    const badge = button.querySelector('[data-testid="cart-count"]');
    if (badge && badge.getClientRects().length > 0) return badge.textContent.trim();
    const early = getComputedStyle(button, '::after').content;
    return early && early !== 'none' && early !== 'normal' ? early.replace(/"/g, '') : null;
  };
  window.__tap = { pressedAt: null, shownAt: null, count: null };
  const watch = () => {
    const count = shownCount();
    if (count) {
      window.__tap.shownAt = performance.now();
      window.__tap.count = count;
    } else requestAnimationFrame(watch);
  };
  addEventListener('pointerdown', (event) => {
    if (window.__tap.pressedAt !== null) return;
    window.__tap.pressedAt = event.timeStamp;
    requestAnimationFrame(watch);
  }, true);
})();`;

async function waitForServer(origin, server) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('npm start did not answer /healthz within 5 minutes');
}

async function firstResource(origin) {
  const res = await fetch(`${origin}/api/curriculum?first=1`);
  if (!res.ok) throw new Error(`/api/curriculum answered ${res.status}`);
  const { items } = await res.json();
  if (!items?.length) throw new Error('The catalogue lists no resource');
  return `/curriculum/${items[0].id}`;
}

/** A new visitor's browser context and page under the scenario's conditions. */
async function open(browser, scenario) {
  const context = await browser.newContext({
    viewport: scenario.touch ? { width: 412, height: 823 } : { width: 1350, height: 940 },
    hasTouch: scenario.touch,
    isMobile: scenario.touch,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (scenario.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', scenario.network);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: scenario.cpu });
  return { context, page };
}

/** One press in a new visitor's browser context: milliseconds from the press to the count shown. */
export async function measureTap(browser, url, scenario) {
  const { context, page } = await open(browser, scenario);
  try {
    await page.addInitScript(RECORD_TAP);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const button = page.getByTestId('add-to-cart').first();
    await pressAfterReading(page, button, scenario);
    await page.waitForFunction(() => window.__tap?.shownAt !== null, null, { timeout: 60_000, polling: 50 });
    const tap = await page.evaluate(() => window.__tap);
    if (tap.count !== '1') throw new Error(`The cart count shows ${tap.count} after one press`);
    // Nothing done twice: once the app has adopted the page, the cart holds one item.
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('drx_guest_cart') ?? '[]'));
    const quantity = stored.reduce((sum, line) => sum + line.quantity, 0);
    if (quantity !== 1) throw new Error(`The guest cart holds ${quantity} items after one press`);
    return tap.shownAt - tap.pressedAt;
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  let server = null;
  let dataDir = null;
  let origin = args.origin;
  if (!origin) {
    origin = `http://127.0.0.1:${args.port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-bench-tap-'));
    server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: args.port, HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: origin },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
  }
  const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
  try {
    await waitForServer(origin, server);
    const pagePath = await firstResource(origin);
    const word = await searchWord(origin);
    const results = {};
    const catalog = {};
    for (const name of scenarios) {
      if (cases.includes('add-to-cart')) {
        const times = [];
        for (let i = 0; i < runs; i += 1)
          times.push(await measureTap(browser, origin + pagePath, SCENARIOS[name]));
        results[name] = { medianMs: Math.round(median(times)), runsMs: times.map(Math.round) };
        console.log(
          `add-to-cart     ${name.padEnd(14)} median ${results[name].medianMs} ms  (${results[name].runsMs.join(', ')})`,
        );
      }
      for (const kase of cases.filter((c) => c !== 'add-to-cart')) {
        const measured = [];
        let lost = 0;
        for (let i = 0; i < runs; i += 1) {
          const { context, page } = await open(browser, SCENARIOS[name]);
          try {
            const one = HEADER_CASES[kase]
              ? await measureHeader(page, origin, SCENARIOS[name], kase, pagePath)
              : await measureCatalog(page, origin, SCENARIOS[name], kase, word);
            if (one) measured.push(one);
          } catch (error) {
            // The choice made but never shown (lost): counted, not timed.
            console.log(`${kase} ${name}: ${error.message}`);
            lost += 1;
          } finally {
            await context.close();
          }
        }
        if (lost) (catalog[kase] ??= {})[name] = { lost };
        if (!measured.length) continue;
        const pending = measured.map((m) => Math.round(m.pendingMs));
        const shown = measured.map((m) => Math.round(m.shownMs));
        (catalog[kase] ??= {})[name] = {
          ...(lost ? { lost } : {}),
          pendingMedianMs: median(pending),
          shownMedianMs: median(shown),
          pendingRunsMs: pending,
          shownRunsMs: shown,
        };
        console.log(
          `${kase.padEnd(15)} ${name.padEnd(14)} pending median ${median(pending)} ms (${pending.join(', ')}), ` +
            `effect median ${median(shown)} ms (${shown.join(', ')})`,
        );
      }
    }
    const file = path.join(root, 'bench/results/first-tap.json');
    const previous = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    previous[args.label] = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(2)}`,
      page: '/curriculum/{id}',
      runs,
      results,
      ...(Object.keys(catalog).length ? { catalog } : {}),
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(previous, null, 2) + '\n');
  } finally {
    await browser.close();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
