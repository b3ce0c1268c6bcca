// Public pages under a crowd (issue 30): 50 concurrent guests (autocannon) ask one server-rendered
// page after another for 10 s each — /, /courses, /curriculum, a course, a resource, /shop, /connect —
// against the production build (api/dist/main.js) on a fresh database seeded with the demo catalogue.
// Prints pages/s and the latency percentiles, and writes them to bench/results/web-load.json.
//
//   npm run build && npm run bench:load
//   npm run bench:load -- --duration 5 --connections 20 --workers 1
//
// Options (flag or env): --duration/BENCH_DURATION seconds per page (10), --connections (50),
// --warmup seconds of unmeasured load per page (2), --workers/BENCH_WORKERS processes
// (WEB_CONCURRENCY; default: the machine's cores), --pg/BENCH_PG_URL the server to create the database
// on, --pages a comma-separated list of the pages' labels to run, --out (results file), --keep-db,
// --app a folder holding another build (api/dist, web/dist, web/dist-ssr: e.g. an older commit's,
// for a before/after comparison; default: this repository's), --accept-encoding the header each guest
// sends (Chrome's `gzip, deflate, br, zstd`; '' for none): what a browser gets, compressed. autocannon
// cannot read a compressed answer, so those are checked for the server's render on a sample of
// decoded answers before and after each page's run.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import console from 'node:console';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { adminQuery, freePort, withDatabase } from './bench-db.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function option(name, envName, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i !== -1) {
    const next = process.argv[i + 1];
    return next === undefined || next.startsWith('--') ? true : next;
  }
  return process.env[envName] ?? fallback;
}

const opts = {
  durationS: Number(option('duration', 'BENCH_DURATION', 10)),
  connections: Number(option('connections', 'BENCH_CONNECTIONS', 50)),
  warmupS: Number(option('warmup', 'BENCH_WARMUP', 2)),
  workers: Number(option('workers', 'BENCH_WORKERS', os.cpus().length)),
  pgUrl: String(option('pg', 'BENCH_PG_URL', 'postgresql://postgres@127.0.0.1:5432/postgres')),
  pages: option('pages', 'BENCH_PAGES', ''),
  keepDb: Boolean(option('keep-db', 'BENCH_KEEP_DB', false)),
  app: path.resolve(String(option('app', 'BENCH_APP', root))),
  acceptEncoding: String(option('accept-encoding', 'BENCH_ACCEPT_ENCODING', 'gzip, deflate, br, zstd')),
  out: path.resolve(String(option('out', 'BENCH_OUT', path.join(here, 'results', 'web-load.json')))),
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** Starts api/dist/main.js and waits until it answers; returns { baseUrl, stop, output }. */
async function startServer(env) {
  const port = await freePort();
  // API_NODE_ARGS: extra node flags, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' (as for cart-polling.mjs).
  const nodeArgs = (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(opts.app, 'api', 'dist', 'main.js')], {
    cwd: opts.app,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await sleep(250);
  }
  return {
    baseUrl,
    pid: child.pid,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** utime + stime (ms) and the parent pid of a process, from /proc (Linux; null elsewhere). */
function processCpu(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ppid: Number(fields[1]), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 };
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) the server has used so far, its workers included: unlike latency it hardly depends
 * on what else the machine runs, so it compares builds fairly on a busy machine. Null without /proc.
 */
function serverCpuMs(pid) {
  const own = processCpu(pid);
  if (!own) return null;
  let total = own.ms;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    const child = processCpu(Number(entry));
    if (child?.ppid === pid) total += child.ms;
  }
  return total;
}

/** Waits for the demo store's first catalogue sync (a job after start), so /shop has products. */
async function waitForShop(db) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query('select handle from store_products order by handle limit 1');
    if (rows[0]) return rows[0].handle;
    if (Date.now() > deadline) return null;
    await sleep(500);
  }
}

const guestHeaders = () => (opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {});

/** Whether `pagePath` comes server-rendered, `times` times over, decoded as a browser does. */
async function sampleRendered(baseUrl, pagePath, times) {
  let rendered = 0;
  for (let i = 0; i < times; i++) {
    const res = await new Promise((resolve, reject) =>
      http.get(`${baseUrl}${pagePath}`, { headers: guestHeaders() }, resolve).on('error', reject),
    );
    const chunks = [];
    for await (const chunk of res) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const encoding = res.headers['content-encoding'];
    const body = (
      encoding === 'gzip'
        ? zlib.gunzipSync(raw)
        : encoding === 'br'
          ? zlib.brotliDecompressSync(raw)
          : encoding === 'deflate'
            ? zlib.inflateSync(raw)
            : raw
    ).toString('utf8');
    if (res.statusCode === 200 && body.includes('data-server-rendered')) rendered++;
  }
  return rendered;
}

/**
 * One autocannon run on `pagePath`; counts the answers that came server-rendered (a compressed one,
 * which autocannon cannot read, counts as its page's decoded samples say: `sampled`).
 */
function load(baseUrl, pagePath, durationS, sampledRendered = true) {
  let rendered = 0;
  let shells = 0;
  let compressed = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${baseUrl}${pagePath}`,
        connections: opts.connections,
        duration: durationS,
        headers: guestHeaders(),
        requests: [
          {
            method: 'GET',
            onResponse: (status, body, _context, headers) => {
              // autocannon keeps the headers' names as the server wrote them.
              const encoded = Object.keys(headers).some((name) => name.toLowerCase() === 'content-encoding');
              if (status === 200 && encoded) {
                compressed++;
                if (sampledRendered) rendered++;
                else shells++;
              } else if (status === 200 && body.includes('data-server-rendered')) rendered++;
              else shells++;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, rendered, shells, compressed })),
    );
  });
}

async function main() {
  const mainJs = path.join(opts.app, 'api', 'dist', 'main.js');
  if (!fs.existsSync(mainJs)) {
    console.error('api/dist/main.js is missing: run `npm run build` first.');
    process.exit(1);
  }
  const dbName = `drx_bench_load_${Date.now().toString(36)}`;
  const databaseUrl = withDatabase(opts.pgUrl, dbName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-bench-load-'));
  log(`creating database ${dbName}`);
  await adminQuery(opts.pgUrl, `create database "${dbName}"`);
  let server = null;
  try {
    server = await startServer({
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      COOKIE_SECURE: 'false',
      DATA_DIR: dataDir,
      // The demo catalogue (not NODE_ENV=production, which never seeds: see cart-polling.mjs).
      SEED: 'true',
      // Not the demo's lesson videos: their transcoding (ffmpeg) would take CPU from the pages measured.
      DEMO_VIDEOS: 'false',
      WEB_CONCURRENCY: String(opts.workers),
      RATE_LIMIT_PER_MINUTE: '0',
      QUERY_COST_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    });
    log(`server up at ${server.baseUrl} (${opts.workers} workers)`);
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const course = await db.query('select id from courses where published order by created_at, id limit 1');
    const resource = await db.query(
      `select r.id from resources r where r.status = 'published' and not exists (select 1 from seller_profiles sp
         where sp.user_id = r.seller_id and sp.suspended) order by r.created_at, r.id limit 1`,
    );
    const handle = await waitForShop(db);
    /** How often the catalogue changed (each change makes every kept page render again). */
    const contentChanges = async () => {
      const { rows } = await db
        .query('select changes::int as n from content_version where id = 1')
        .catch(() => ({ rows: [] }));
      return rows[0]?.n ?? null;
    };
    const allPages = [
      ['home', '/'],
      ['courses', '/courses'],
      ['curriculum', '/curriculum'],
      ['course', course.rows[0] && `/courses/${course.rows[0].id}`],
      ['resource', resource.rows[0] && `/curriculum/${resource.rows[0].id}`],
      ['shop', '/shop'],
      ['shop product', handle && `/shop/${handle}`],
      ['connect', '/connect'],
    ].filter(([, p]) => p);
    // The start's jobs (the demo store's sync, the seed) change the catalogue for a while: measured
    // once it has stood still for 5 s (at most a minute), as a site's catalogue does between edits.
    for (
      let last = await contentChanges(), still = Date.now(), end = Date.now() + 60_000;
      Date.now() < end;
    ) {
      await sleep(500);
      const now = await contentChanges();
      if (now !== last) [last, still] = [now, Date.now()];
      else if (Date.now() - still >= 5000) break;
    }
    const chosen = opts.pages ? String(opts.pages).split(',') : null;
    const pages = chosen ? allPages.filter(([label]) => chosen.includes(label)) : allPages;

    const results = {
      date: new Date().toISOString(),
      commit: process.env.BENCH_COMMIT ?? null,
      machine: { cpus: os.cpus().length, node: process.version, loadAverageAtStart: os.loadavg() },
      options: {
        durationS: opts.durationS,
        connections: opts.connections,
        workers: opts.workers,
        acceptEncoding: opts.acceptEncoding,
        app: path.relative(root, opts.app) || '.',
      },
      pages: {},
    };
    for (const [label, pagePath] of pages) {
      if (opts.warmupS > 0) await load(server.baseUrl, pagePath, opts.warmupS);
      const changesBefore = await contentChanges();
      const SAMPLES = 5;
      const sampledBefore = await sampleRendered(server.baseUrl, pagePath, SAMPLES);
      const cpuBefore = serverCpuMs(server.pid);
      const { result, rendered, shells, compressed } = await load(
        server.baseUrl,
        pagePath,
        opts.durationS,
        sampledBefore === SAMPLES,
      );
      const cpuAfter = serverCpuMs(server.pid);
      const sampledAfter = await sampleRendered(server.baseUrl, pagePath, SAMPLES);
      const changesAfter = await contentChanges();
      const row = {
        path: pagePath,
        pagesPerSecond: Math.round(result.requests.average * 10) / 10,
        p50Ms: result.latency.p50,
        p97_5Ms: result.latency.p97_5,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        requests: result.requests.total,
        kibPerPage: result.requests.total
          ? Math.round(result.throughput.total / result.requests.total / 1024)
          : null,
        serverCpuMsPerPage:
          cpuBefore === null || cpuAfter === null || result.requests.total === 0
            ? null
            : Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 100) / 100,
        serverRendered: rendered,
        notRendered: shells,
        compressed,
        sampledRendered: `${sampledBefore + sampledAfter}/${2 * SAMPLES}`,
        errors: result.errors + result.timeouts + result.non2xx,
        timeouts: result.timeouts,
        contentChanges: changesBefore === null ? null : changesAfter - changesBefore,
        non2xx: result.non2xx,
      };
      results.pages[label] = row;
      log(
        `${label.padEnd(12)} ${String(row.pagesPerSecond).padStart(7)} pages/s  p50 ${row.p50Ms} ms  ` +
          `p97.5 ${row.p97_5Ms} ms  p99 ${row.p99Ms} ms  CPU ${row.serverCpuMsPerPage} ms/page  ` +
          `rendered ${rendered}/${rendered + shells}` +
          (row.contentChanges ? `  content changes ${row.contentChanges}` : '') +
          (row.errors ? `  errors ${row.errors}` : ''),
      );
    }
    await db.end();
    results.machine.loadAverageAtEnd = os.loadavg();
    if (Object.values(results.pages).some((r) => r.errors > 0)) {
      results.serverLogTail = server.output().slice(-4000);
      console.log(results.serverLogTail);
    }
    fs.mkdirSync(path.dirname(opts.out), { recursive: true });
    fs.writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`);
    console.log('\n| page | pages/s | p50 ms | p97.5 ms | p99 ms | server CPU ms/page | server-rendered |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [label, r] of Object.entries(results.pages)) {
      const share = Math.round((100 * r.serverRendered) / Math.max(1, r.serverRendered + r.notRendered));
      console.log(
        `| ${label} | ${r.pagesPerSecond} | ${r.p50Ms} | ${r.p97_5Ms} | ${r.p99Ms} | ${r.serverCpuMsPerPage} | ${share}% |`,
      );
    }
    log(`written to ${path.relative(root, opts.out)}`);
  } finally {
    await server?.stop();
    if (!opts.keepDb)
      await adminQuery(opts.pgUrl, `drop database if exists "${dbName}" with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
