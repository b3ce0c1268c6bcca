#!/usr/bin/env node
// The app's start in tasks (issue 30): the long tasks (over 50 ms) of a phone's main thread while
// the app starts on a server-rendered resource page — a tap landing in one waits for its end.
// Debian's Chromium driven by playwright-core, CPU slowed 4× (CDP), a 412×823 touch screen, against
// a running server (`npm start`; the production build). Two ways the app starts:
//   at-once  a visitor whose browser holds a guest cart setting (guest mode off): the app starts
//            after the first paint, in steps (web/src/main.tsx)
//   scroll   a new visitor who scrolls: the app is fetched at that first use, all at once
// Prints each run's long tasks [start ms, duration ms] with the script each frame spent most in
// (the Long Animation Frames API), and the longest task of all runs.
//
//   node bench/start-tasks.mjs --origin http://127.0.0.1:4791 --runs 4 --mode at-once
import { parseArgs } from 'node:util';
/* global window */
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:4791' },
    runs: { type: 'string', default: '3' },
    mode: { type: 'string', default: 'at-once' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
  },
});
if (!['at-once', 'scroll'].includes(args.mode))
  throw new Error(`--mode is at-once or scroll, not ${args.mode}`);

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const { items } = await (await fetch(`${args.origin}/api/curriculum?first=20`)).json();
const resource = items.find((item) => item.priceCents > 0);
if (!resource) throw new Error('The catalogue has no paid resource');
let longest = 0;
for (let run = 0; run < Number(args.runs); run += 1) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  if (args.mode === 'at-once')
    await page.addInitScript(() => localStorage.setItem('guestModeEnabled', 'false'));
  await page.addInitScript(() => {
    window.__tasks = [];
    window.__frames = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries())
        window.__tasks.push([Math.round(task.startTime), Math.round(task.duration)]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        const [script] = [...frame.scripts].sort((a, b) => b.duration - a.duration);
        if (script)
          window.__frames.push([frame.startTime, frame.duration, script.sourceURL.split('/').pop()]);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${args.origin}/curriculum/${resource.id}`, { waitUntil: 'load' });
  if (args.mode === 'scroll') await page.mouse.wheel(0, 120);
  await page.waitForTimeout(8000);
  const { tasks, frames } = await page.evaluate(() => ({ tasks: window.__tasks, frames: window.__frames }));
  const named = tasks.map(([start, duration]) => {
    const frame = frames.find(([at, length]) => start >= at - 1 && start <= at + length);
    return `${start}:${duration}${frame?.[2] ? ` ${frame[2].replace(/-[\w-]{8}\.js$/, '')}` : ''}`;
  });
  longest = Math.max(longest, ...tasks.map(([, duration]) => duration));
  console.log(`run ${run + 1}: ${named.join(', ')}`);
  await context.close();
}
await browser.close();
console.log(`longest task: ${longest} ms (${args.mode}, CPU slowed 4×)`);
