#!/usr/bin/env node
// Lesson video playback (issue 34): how long after pressing play the first frame of a hosted lesson
// video is on screen, and how long a seek takes to land (the new position's frame presented), in
// Chromium against `npm start` (the production build on the embedded PostgreSQL, local disk
// storage, signed HLS playback). Each run is a fresh browser context (nothing cached) that opens the
// lesson page as the demo member (enrolled in the demo course, whose second lesson has a hosted
// video made at the first start), waits for the player, presses its play button and then seeks to
// 60% of the video. Goals: play → first frame < 1 s, seek → frame < 500 ms (desktop, unthrottled);
// `mobile` (150 ms round trips, 1.6 Mbit/s down, CPU slowed 4×) is reported beside it.
//
//   node bench/video-playback.mjs                 # both presets, median of 5
//   node bench/video-playback.mjs --runs 3 --preset desktop
/* global window, document, addEventListener -- the functions given to evaluate run in the page */
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
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '4691' },
    preset: { type: 'string', multiple: true },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
  },
});
const runs = Math.max(1, Number(args.runs));
const presets = args.preset ?? ['desktop', 'mobile'];
const origin = `http://localhost:${args.port}`;
const GOALS = { playMs: 1000, seekMs: 500 };
const COURSE = 'Foundations of Teaching Dance';
const PASSWORD = 'drx-demo-2026';

const PRESETS = {
  desktop: { context: { viewport: { width: 1350, height: 940 } }, cpu: 1, network: null },
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

async function signIn() {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'member', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  const value = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('drx.sid='))
    ?.split(';')[0]
    .slice('drx.sid='.length);
  if (!value) throw new Error('sign-in set no session cookie');
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

/** The lesson page of the demo course's second lesson, once its demo video is processed. */
async function lessonWithVideo(gql) {
  const { courses } = await gql('{ courses(first: 50) { edges { node { id title } } } }');
  const course = courses.edges.map((e) => e.node).find((c) => c.title === COURSE);
  if (!course) throw new Error(`no course "${COURSE}"`);
  const { course: outline } = await gql(
    'query ($id: ID!) { course(id: $id) { modules { id lessons { id } } } }',
    {
      id: course.id,
    },
  );
  const module = outline.modules[0];
  const lesson = module.lessons[1];
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { lesson: seen } = await gql(
      'query ($id: ID!) { lesson(id: $id) { hostedVideo { status durationSeconds } } }',
      {
        id: lesson.id,
      },
    );
    if (seen.hostedVideo?.status === 'READY') break;
    if (Date.now() > deadline) throw new Error('the demo lesson video was not processed within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return `/courses/${course.id}/modules/${module.id}/lessons/${lesson.id}`;
}

async function measure(browser, preset, url, cookie) {
  const settings = PRESETS[preset];
  const context = await browser.newContext({ ...settings.context });
  await context.addCookies([{ name: 'drx.sid', value: cookie, url: origin }]);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  if (settings.network)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...settings.network });
  if (settings.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpu });
  await tab.goto(`${origin}${url}`);
  const video = tab.locator('[data-testid="practice-player"] video');
  await video.waitFor({ timeout: 60_000 });
  // The player is ready when the source is attached and the metadata is known (what a person sees
  // as the poster with a play button); then the press is timed from its pointerdown.
  await tab.waitForFunction(
    () => {
      const v = document.querySelector('[data-testid="practice-player"] video');
      return v && v.readyState >= 1 && Number.isFinite(v.duration);
    },
    null,
    { timeout: 60_000, polling: 50 },
  );
  await tab.evaluate(() => {
    const v = document.querySelector('[data-testid="practice-player"] video');
    v.muted = true;
    window.__play = { downAt: null, frameAt: null };
    addEventListener('pointerdown', () => (window.__play.downAt ??= performance.now()), { capture: true });
    const firstFrame = () =>
      v.requestVideoFrameCallback((now, meta) => {
        if (window.__play.downAt !== null && meta.mediaTime > 0) window.__play.frameAt ??= now;
        else firstFrame();
      });
    firstFrame();
  });
  const play = tab.locator('media-play-button').first();
  if (preset === 'mobile') await play.tap();
  else await play.click();
  await tab.waitForFunction(() => window.__play.frameAt !== null, null, { timeout: 30_000, polling: 50 });
  const playMs = await tab.evaluate(() => Math.round(window.__play.frameAt - window.__play.downAt));
  // A seek to 60%, timed from the assignment to the first frame presented at the new position.
  const seekMs = await tab.evaluate(
    () =>
      new Promise((resolve) => {
        const v = document.querySelector('[data-testid="practice-player"] video');
        const target = v.duration * 0.6;
        const start = performance.now();
        // Landed: the seek is done and a frame of the new position is being presented.
        const frame = () =>
          v.requestVideoFrameCallback((_now, meta) => {
            if (!v.seeking && Math.abs(meta.mediaTime - target) < 0.5) {
              resolve(Math.round(performance.now() - start));
            } else frame();
          });
        v.addEventListener('seeked', frame, { once: true });
        v.currentTime = target;
      }),
  );
  await context.close();
  return { playMs, seekMs };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-bench-video-'));
const server = spawn(process.execPath, [path.join(args.root, 'scripts/start.mjs')], {
  cwd: args.root,
  env: { ...process.env, PORT: args.port, DATA_DIR: dataDir, PUBLIC_URL: origin },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
let browser;
try {
  await waitForServer(server);
  const { value, gql } = await signIn();
  const url = await lessonWithVideo(gql);
  browser = await chromium.launch({
    executablePath: args.chromium,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  await measure(browser, 'desktop', url, value); // unmeasured: the server's caches warm, as in use
  const results = [];
  for (const preset of presets) {
    const tries = [];
    for (let i = 0; i < runs; i += 1) tries.push(await measure(browser, preset, url, value));
    const r = {
      preset,
      playMs: median(tries.map((t) => t.playMs)),
      seekMs: median(tries.map((t) => t.seekMs)),
      runs: tries,
    };
    console.log(
      `${args.label.padEnd(7)} ${preset.padEnd(8)} play → frame ${r.playMs} ms  seek → frame ${r.seekMs} ms   ` +
        `(${tries.map((t) => `${t.playMs}/${t.seekMs}`).join(', ')})`,
    );
    results.push(r);
  }
  const desktop = results.find((r) => r.preset === 'desktop');
  const missed = desktop
    ? [
        ...(desktop.playMs > GOALS.playMs ? [`play ${desktop.playMs} ms > ${GOALS.playMs}`] : []),
        ...(desktop.seekMs > GOALS.seekMs ? [`seek ${desktop.seekMs} ms > ${GOALS.seekMs}`] : []),
      ]
    : [];
  const report = {
    date: new Date().toISOString(),
    label: args.label,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(1)}`,
    runsPerPreset: runs,
    goals: GOALS,
    results,
    goalsMissed: missed,
  };
  fs.mkdirSync(path.join(here, 'bench/results'), { recursive: true });
  const out = path.join(here, `bench/results/video-playback-${args.label}.json`);
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(missed.length ? `Goals missed (desktop): ${missed.join('; ')}` : 'Every goal met (desktop).');
  console.log(`Written to ${path.relative(here, out)}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
