#!/usr/bin/env node
// The bundle budget (issue 14), checked on the production build in web/dist:
// - first-load JavaScript of / (what a visitor's browser fetches on opening the server-rendered
//   page, before they use it: the entry and its static imports; the app is fetched at their first
//   touch, key, focus or mouse movement — web/src/ssr/appStart.ts): at most 150 KiB gzip;
// - the app (what that first use fetches, and what a signed-in member or a page the server did
//   not render fetches at once: the entry, what it always imports next — boot.tsx and the steps
//   before it — and the home page's chunk, each with its static imports): it must not grow past
//   APP_CEILING, today's figure plus a little; lower it with every saving;
// - the first tap (issue 30): the JavaScript a visitor's first press on a public page fetches and
//   evaluates before it shows its effect — a guest's Add to Cart done by the entry itself
//   (web/src/ssr/earlyCart.ts), any other press shown taken (busy) by it: the entry's files, which
//   must hold that code (found by its selector), at most FIRST_TAP_BUDGET gzip;
// - no chunk over 500 kB minified;
// - and none of the development fakes (dev/) in the API's build, api/dist.
// Sizes are deterministic: gzip level 9 of the built bytes, from Vite's manifest.
// `node scripts/check-bundle.mjs --json` prints the figures as JSON (bench:web records them).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const FIRST_LOAD_GOAL = 150 * 1024;
// 336 KiB until issue 30, whose early Add to Cart and mobile menu in the entry (counted here too)
// added ≈ 2.5 KiB, its early cart dropdown (web/src/ssr/earlyCartDropdown.ts) ≈ 1.6 KiB more, and
// the catalogues' early filters, search and phones' filter dialog (web/src/ssr/earlyFilters.ts,
// earlyFilterDialog.ts, with the catalogues' URL rules) ≈ 2.2 KiB more. Issue 31's staff gate (the
// admin area sends staff without a second factor to the set-up: layouts/StaffTwoStepGate
// and its query, ≈ 1 KiB) took it to 342.2 KiB: 343 KiB since. Everything else of issue 31
// (passkeys, two-step forms, ALTCHA, identity providers, privacy) is in lazy pages' chunks. Issue 35
// (the spec's last details) took it to 348.6 KiB: Chakra UI's ScrollArea for the scroll panels
// (zag's scroll-area in the ark vendor chunk, ≈ 4.7 KiB), the guest catalogue link (≈ 0.9 KiB) and
// the toasts' swipe (≈ 0.6 KiB): 349 KiB since. Issue 30's member cart dropdown before the app
// (web/src/ssr/memberCartState.ts, in the entry: ≈ 0.7 KiB) took it to 349.3 KiB: 350 KiB since.
// The header's conditional cart poll (features/cart/useCartPoll.ts, ≈ 0.5 KiB) and the navigation
// progress bar route.lazy calls for (ui/NavigationProgress.tsx, ≈ 0.2 KiB), less what route.lazy
// saved (ui/lazyPage.ts gone), took it to 350.2 KiB: 351 KiB since. Issue 34's pages (the
// assignment, review-queue and video-stats routes in the route table; their pages are lazy) and the
// assignments' notification kind took it to 351.1 KiB: 352 KiB since. The header's notifications
// bell (features/notifications/HeaderNotificationsSlot.tsx with its count query; its panel and the
// /notifications page are lazy) took it to 351.9 KiB, under that ceiling. Issue 30's design system
// made at build time (its global style sheet, 36 kB of CSS as text in the theme's chunk, 6.4 KiB
// gzip, instead of ≈ 150 ms of a phone's time at every start: web/src/theme.ts) and the route table
// as a step of its own (web/src/main.tsx) took it to 359.6 KiB: 360 KiB since. The design system
// with only the 41 of Chakra's 76 recipes the app's components ask for (web/src/themeRecipes.ts,
// checked by web/build/chakraRecipes.ts) took it to 350.4 KiB: 351 KiB since.
export const APP_CEILING = 351 * 1024;
export const CHUNK_BUDGET = 500 * 1000;
export const FIRST_TAP_BUDGET = 12 * 1024;
/** Text only the entry's early Add to Cart holds (web/src/ssr/earlyCart.ts, EARLY_ADD_SELECTOR). */
const EARLY_ADD_MARK = 'button[data-cart-item-id]';
const HOME_PAGE = 'src/features/home/HomePage.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web', 'dist');

/** Files loaded with a manifest entry before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, into = new Set()) {
  const entry = manifest[key];
  if (!entry || into.has(entry.file)) return into;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function measure() {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`No ${path.relative(root, manifestPath)}: run \`npm run build\` first.`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry.');
  if (!manifest[HOME_PAGE]) throw new Error(`The manifest has no chunk for ${HOME_PAGE}.`);
  const firstLoad = staticClosure(manifest, entryKey);
  const app = staticClosure(manifest, HOME_PAGE, new Set(firstLoad));
  for (const key of manifest[entryKey].dynamicImports ?? []) staticClosure(manifest, key, app);
  const sizeOf = (file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, minified: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  };
  const scripts = (files) => [...files].filter((file) => file.endsWith('.js')).map(sizeOf);
  const total = (files) => files.reduce((sum, f) => sum + f.gzip, 0);
  const appFiles = scripts(app);
  const firstLoadFiles = [...firstLoad].filter((file) => file.endsWith('.js'));
  // The first tap is answered by the entry's files alone when they hold its code; else it waits
  // for the app.
  const tapInEntry = firstLoadFiles.some((file) =>
    fs.readFileSync(path.join(dist, file), 'utf8').includes(EARLY_ADD_MARK),
  );
  const chunks = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => sizeOf(`assets/${file}`))
    .sort((a, b) => b.minified - a.minified);
  return {
    firstLoadGzip: total(scripts(firstLoad)),
    firstTapGzip: tapInEntry ? total(scripts(firstLoad)) : total(scripts(app)),
    firstTapInEntry: tapInEntry,
    appGzip: total(appFiles),
    appFiles: appFiles.sort((a, b) => b.gzip - a.gzip),
    largestChunk: chunks[0],
    chunkCount: chunks.length,
  };
}

/**
 * Code of the development fakes (dev/: the demo store, the fake Stripe) found in the API's production
 * build, api/dist: the files that hold it. Never any — the app reaches the demo store only through its
 * seam (api/src/dev-fakes.ts, a path loaded at start) and the image copies only api/dist
 * (docs/architecture.md, "The development fakes"). Markers: text only the fakes' code holds.
 */
export const DEV_FAKE_MARKERS = [
  'create schema if not exists demo_store', // the demo store's tables (demo-store-db.ts)
  'seedDemoStore', // its catalogue (demo-store-seed.ts)
  'WebhookDeliverer', // its webhooks (demo-store-webhooks.ts)
  'adminSchemaFile', // its Admin API schema (demo-store-schemas.ts)
  'startFakeStripe', // the fake Stripe (dev/fake-stripe)
];
export function devFakesInApiBuild(apiDist = path.join(root, 'api', 'dist')) {
  if (!fs.existsSync(path.join(apiDist, 'main.js')))
    throw new Error(`${apiDist}/main.js is missing: npm run build`);
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // A folder of theirs (e.g. the demo store's old modules/shop/demo-store/), or its Admin schema.
      else if (
        /(^|[\\/])(demo-store|fake-stripe)[\\/]|admin-schema\.graphql$/.test(path.relative(apiDist, file))
      )
        found.push(file);
      else if (/\.(js|cjs|mjs|json|graphql)$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        if (DEV_FAKE_MARKERS.some((marker) => text.includes(marker))) found.push(file);
      }
    }
  };
  walk(apiDist);
  return found.map((file) => path.relative(root, file));
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = measure();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
    process.exit(0);
  }
  console.log(
    `First-load JavaScript of / (a visitor, before using the page): ${kib(result.firstLoadGzip)} gzip ` +
      `(budget ${kib(FIRST_LOAD_GOAL)})`,
  );
  console.log(
    `First tap on a public page (what it fetches and runs before it shows): ${kib(result.firstTapGzip)} gzip ` +
      `(budget ${kib(FIRST_TAP_BUDGET)}; ${result.firstTapInEntry ? 'done by the entry' : 'waits for the app: the entry lacks the early Add to Cart'})`,
  );
  console.log(
    `The app (at a visitor's first use; at once for a member): ${kib(result.appGzip)} gzip ` +
      `(ceiling ${kib(APP_CEILING)})`,
  );
  for (const f of result.appFiles) console.log(`  ${f.file.padEnd(48)} ${kib(f.gzip).padStart(10)}`);
  console.log(
    `Largest chunk: ${result.largestChunk.file}, ${(result.largestChunk.minified / 1000).toFixed(1)} kB minified ` +
      `(budget ${CHUNK_BUDGET / 1000} kB); ${result.chunkCount} chunks`,
  );
  const over = [];
  if (result.firstLoadGzip > FIRST_LOAD_GOAL) over.push('the first-load JavaScript of /');
  if (result.firstTapGzip > FIRST_TAP_BUDGET) over.push('the first tap');
  if (result.appGzip > APP_CEILING) over.push('the app');
  if (result.largestChunk.minified > CHUNK_BUDGET) over.push('the largest chunk');
  if (over.length) {
    console.error(`Over budget: ${over.join(' and ')}.`);
    process.exit(1);
  }
  console.log('Within the bundle budget.');
  const fakes = devFakesInApiBuild();
  if (fakes.length) {
    console.error(`The API's build holds development fakes (dev/): ${fakes.join(', ')}.`);
    process.exit(1);
  }
  console.log('No development fake in api/dist.');
}
