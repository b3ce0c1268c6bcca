#!/usr/bin/env node
// A signed-in member's pages (issue 30, goal 2): when each shows its content — its heading and its
// main data — counted from the start of the navigation, in Chromium on a phone's terms (CPU slowed
// 4×, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, by CDP) and on an unthrottled desktop,
// and how long the page takes to answer a tap on the header's cart button made the moment the
// content shows (pointerdown → the cart dropdown on screen). Each run is a fresh browser context
// (nothing cached: the member's first visit of the day); the median of --runs is reported.
//
// Starts `npm start` of --root (default: this checkout; give another worktree to measure an older
// commit) in a fresh DATA_DIR, signs the demo member in, enrolls them in the free course and puts a
// resource in their cart, then measures /my-courses, /cart, /my-purchases, /messages and a lesson.
//
//   node bench/member-pages.mjs                        # both presets, median of 3
//   node bench/member-pages.mjs --root /tmp/before --label before --runs 3
/* global window -- the functions given to waitForFunction and evaluate run in the page */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: here },
    label: { type: 'string', default: 'after' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4690' },
    preset: { type: 'string', multiple: true },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
  },
});
const runs = Math.max(1, Number(args.runs));
const presets = args.preset ?? ['mobile', 'desktop'];
const origin = `http://localhost:${args.port}`;
/** Goal 2 of issue 30: content within these, a tap answered within 200 ms on a phone. */
const GOALS = { mobile: { contentMs: 2500, tapMs: 200 }, desktop: { contentMs: 1000 } };
const FREE_COURSE = 'Foundations of Teaching Dance';
const PASSWORD = 'drx-demo-2026';

/** Lighthouse's mobile throttling in Chromium's own terms (CDP), as issue 30 gives it. */
const PRESETS = {
  mobile: {
    context: {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    },
    cpu: 4,
    network: { latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 },
  },
  desktop: { context: { viewport: { width: 1350, height: 940 } }, cpu: 1, network: null },
};

async function waitForServer(server) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('npm start did not answer /healthz within 5 minutes');
}

/** The member's session cookie, and a graph call with it. */
async function signIn() {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'member', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('drx.sid='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  const value = cookie.split(';')[0].slice('drx.sid='.length);
  const gql = async (query, variables = {}) => {
    const answer = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `drx.sid=${value}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = await answer.json();
    if (body.errors?.length) throw new Error(body.errors[0].message);
    return body.data;
  };
  return { value, gql };
}

/** The pages and what each shows once it has its data: enrolls the member and fills their cart. */
async function memberPages(gql) {
  const { courses } = await gql('{ courses(first: 50) { edges { node { id title } } } }');
  const course = courses.edges.map((e) => e.node).find((c) => c.title === FREE_COURSE);
  if (!course) throw new Error(`no course "${FREE_COURSE}"`);
  await gql('mutation ($id: ID!) { courseEnroll(input: { courseId: $id }) { userErrors { message } } }', {
    id: course.id,
  });
  const { course: outline } = await gql(
    'query ($id: ID!) { course(id: $id) { modules { id lessons { id title } } } }',
    {
      id: course.id,
    },
  );
  const module = outline.modules[0];
  const lesson = module.lessons[0];
  const { resources } = await gql('{ resources(first: 20) { edges { node { id title } } } }');
  let inCart = null;
  for (const { node } of resources.edges) {
    const { cartItemAdd } = await gql(
      'mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { message } } }',
      { input: { itemType: 'resource', itemId: node.id, quantity: 1 } },
    );
    if (cartItemAdd.userErrors.length === 0) {
      inCart = node.title;
      break;
    }
  }
  if (!inCart) throw new Error('no resource the member could put in their cart');
  return [
    { name: '/my-courses', url: '/my-courses', heading: 'My Courses', data: FREE_COURSE },
    { name: '/cart', url: '/cart', heading: 'Your Cart', data: inCart },
    { name: '/my-purchases', url: '/my-purchases', heading: 'My Purchases', data: null },
    { name: '/messages', url: '/messages', heading: 'Messages', data: 'Ines' },
    {
      name: 'lesson',
      url: `/courses/${course.id}/modules/${module.id}/lessons/${lesson.id}`,
      heading: lesson.title,
      data: lesson.title,
    },
  ];
}

/**
 * Runs in the page from its first byte: the time (ms from the navigation's start) of the first frame
 * in which the app's root has the page's <h1> and data and no loading spinner; and, for the tap, the
 * first pointerdown's time and the time the cart dropdown is on screen (the app's, or the one the
 * page's entry draws before the app from the cart the server rendered: ssr/memberCartState.ts).
 */
const WATCH = (heading, data) => `(() => {
  const heading = ${JSON.stringify(heading)}, data = ${JSON.stringify(data)};
  window.__drx = { contentAt: null, downAt: null, answerAt: null };
  const shown = () => {
    const root = document.getElementById('root');
    if (!root) return false;
    const h1 = root.querySelector('h1');
    if (!h1 || h1.textContent.trim() !== heading) return false;
    if (root.querySelector('[role="status"][aria-live="polite"]')) return false;
    return data === null || root.textContent.includes(data);
  };
  let pending = false;
  const check = () => {
    if (window.__drx.contentAt === null && !pending && shown()) {
      pending = true;
      requestAnimationFrame(() => { window.__drx.contentAt = performance.now(); });
    }
    if (window.__drx.downAt !== null && window.__drx.answerAt === null &&
        document.querySelector('[data-testid="cart-dropdown"], [data-testid="early-cart-dropdown"]')) {
      requestAnimationFrame(() => { window.__drx.answerAt ??= performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  addEventListener('pointerdown', () => { window.__drx.downAt ??= performance.now(); }, { capture: true });
})();`;

async function measure(browser, preset, page, cookie) {
  const settings = PRESETS[preset];
  const context = await browser.newContext({ ...settings.context });
  await context.addCookies([{ name: 'drx.sid', value: cookie, url: origin }]);
  await context.addInitScript(WATCH(page.heading, page.data));
  const tab = await context.newPage();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(error.message.slice(0, 120)));
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  if (settings.network)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...settings.network });
  if (settings.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpu });
  await tab.goto(`${origin}${page.url}`, { waitUntil: 'commit' });
  await tab.waitForFunction(() => window.__drx?.contentAt !== null, null, { timeout: 60_000, polling: 50 });
  // The first tap, at once: the header's cart button.
  const button = tab.locator('[data-testid="cart-button"]').first();
  if (preset === 'mobile') await button.tap({ timeout: 30_000 });
  else await button.click({ timeout: 30_000 });
  await tab
    .waitForFunction(() => window.__drx.answerAt !== null, null, { timeout: 30_000, polling: 50 })
    .catch(() => undefined);
  const times = await tab.evaluate(() => window.__drx);
  await context.close();
  if (errors.length) console.warn(`${page.name} ${preset}: page errors: ${errors.join(' | ')}`);
  return {
    errors: errors.length,
    contentMs: Math.round(times.contentAt),
    tapMs: times.answerAt === null ? null : Math.round(times.answerAt - times.downAt),
  };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-bench-member-'));
const server = spawn(process.execPath, [path.join(args.root, 'scripts/start.mjs')], {
  cwd: args.root,
  env: { ...process.env, PORT: args.port, DATA_DIR: dataDir, PUBLIC_URL: origin },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
let browser;
try {
  await waitForServer(server);
  const { value, gql } = await signIn();
  const pages = await memberPages(gql);
  browser = await chromium.launch({
    executablePath: args.chromium,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  // One unmeasured visit first: the server's render bundle and caches are warm, as in use.
  await measure(browser, 'desktop', pages[0], value);
  const results = [];
  for (const page of pages) {
    for (const preset of presets) {
      const tries = [];
      for (let i = 0; i < runs; i += 1) tries.push(await measure(browser, preset, page, value));
      const r = {
        page: page.name,
        preset,
        contentMs: median(tries.map((t) => t.contentMs)),
        tapMs: median(tries.map((t) => t.tapMs)),
        runs: tries,
      };
      console.log(
        `${args.label.padEnd(7)} ${r.page.padEnd(13)} ${preset.padEnd(8)} content ${r.contentMs} ms  ` +
          `tap ${r.tapMs ?? '—'} ms   (${tries.map((t) => `${t.contentMs}/${t.tapMs ?? '—'}`).join(', ')})`,
      );
      results.push(r);
    }
  }
  const missed = results.flatMap((r) => {
    const goal = GOALS[r.preset];
    const out = [];
    if (r.contentMs > goal.contentMs)
      out.push(`${r.page} ${r.preset} content ${r.contentMs} ms > ${goal.contentMs}`);
    if (goal.tapMs && (r.tapMs === null || r.tapMs > goal.tapMs))
      out.push(`${r.page} ${r.preset} tap ${r.tapMs ?? 'unanswered'} ms > ${goal.tapMs}`);
    return out;
  });
  const report = {
    date: new Date().toISOString(),
    label: args.label,
    root: args.root,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(1)}`,
    runsPerPage: runs,
    results,
    goalsMissed: missed,
  };
  fs.mkdirSync(path.join(here, 'bench/results'), { recursive: true });
  const out = path.join(here, `bench/results/member-pages-${args.label}.json`);
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(missed.length ? `Goals missed: ${missed.join('; ')}` : 'Every goal met.');
  console.log(`Written to ${path.relative(here, out)}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
