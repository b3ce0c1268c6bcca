#!/usr/bin/env node
// `npm test`: typecheck, lint, import rules, format, generated-file drift, schema lint and breaking
// changes, unit, integration, build, bundle budget and e2e.
// Every step runs (a failure does not hide later ones); the last line is the summary.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-test-'));
const DEFAULT_TEST_SERVER = 'postgresql://postgres@127.0.0.1:5432/test';

/**
 * Chromium for the e2e step: Debian's packages `chromium` (the first-tap guard's browser) and
 * `chromium-headless-shell` (every other spec's: e2e/support/browser.ts), installed here when we may
 * (root with apt). Without the shell the specs run in Chromium's new headless mode, slower.
 */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
  // Debian's packages install both paths: install what is missing when we may (root with apt) and no
  // other browser was asked for.
  const missing = [
    !fs.existsSync(chromium) && !process.env.CHROMIUM_PATH && 'chromium',
    !fs.existsSync(shell) && !process.env.CHROMIUM_HEADLESS_SHELL_PATH && 'chromium-headless-shell',
  ].filter(Boolean);
  if (missing.length && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.join(' and ')} for the end-to-end tests (apt-get) …`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', ...missing, 'fonts-liberation'],
    ]) {
      spawnSync('apt-get', args, { stdio: 'inherit', env });
    }
  }
  if (!fs.existsSync(shell)) {
    console.log(
      `No Chromium headless shell at ${shell}: the end-to-end tests run in Chromium's new headless ` +
        'mode, which takes longer (sudo apt-get install chromium-headless-shell).',
    );
  }
  if (fs.existsSync(chromium)) return;
  console.error(
    `Chromium is needed for the end-to-end tests and was not found at ${chromium}.\n` +
      'Install it with:  sudo apt-get install chromium chromium-headless-shell fonts-liberation\n' +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run npm test again.',
  );
  process.exit(1);
}

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The PostgreSQL server the tests use: TEST_DATABASE_URL, else one answering at 127.0.0.1:5432,
 * else the same embedded PostgreSQL `npm start` runs, started here and stopped at the end.
 */
async function testServer() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop() {} };
  if (await answers(DEFAULT_TEST_SERVER)) return { url: DEFAULT_TEST_SERVER, stop() {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-test-pg-'));
  console.log('No TEST_DATABASE_URL and no PostgreSQL at 127.0.0.1:5432: starting the embedded PostgreSQL …');
  const cli = ['-r', '@swc-node/register', 'src/db/embedded-cli.ts'];
  const started = spawnSync(
    process.execPath,
    [...cli, 'start', dataDir, 'test', String(process.pid), '--throwaway'],
    {
      cwd: path.join(root, 'api'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (started.status !== 0) process.exit(1);
  return {
    url: started.stdout.trim().split('\n').pop(),
    stop() {
      spawnSync(process.execPath, [...cli, 'stop', dataDir], {
        cwd: path.join(root, 'api'),
        stdio: 'inherit',
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

ensureChromium();
const server = await testServer();
// Ctrl-C ends the step running (it gets the signal too); then the embedded server is stopped.
for (const name of ['SIGINT', 'SIGTERM']) process.on(name, () => {});
/**
 * Every PostgreSQL session the tests open (node-postgres reads PGOPTIONS: the test apps, pg-boss, the
 * servers the e2e specs start) commits without waiting for its WAL to reach the disk. Nothing a test
 * writes has to outlive a crash of the server, and a commit still is what every other session sees
 * at once; the integration step took 498 s and 912 busy CPU-seconds with the server's default, 421 s
 * and 766 without the wait (the machine's PostgreSQL 15, back to back on the 2-core machine,
 * 2026-12-07: an fsync per commit is dear there). The embedded server `--throwaway` has it off too.
 */
const PGOPTIONS = [process.env.PGOPTIONS, '-c synchronous_commit=off'].filter(Boolean).join(' ');
const testEnv = { ...process.env, TEST_DATABASE_URL: server.url, PGOPTIONS, FORCE_COLOR: '1' };

/** [name, command, args, cwd, vitest report file or null] */
const vitest = (name, dir, extra = []) => {
  const report = path.join(reports, `${name}.json`);
  return [
    name,
    'npx',
    ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    dir,
    report,
  ];
};
const step = {
  // One thread per compiler run: the lanes beside it keep the cores busy (scripts/typecheck.mjs).
  typecheck: ['typecheck', 'node', ['scripts/typecheck.mjs', '--singleThreaded'], root, null],
  lint: ['lint', 'npx', ['eslint', '.', '--max-warnings=0'], root, null],
  // Import rules (.dependency-cruiser.mjs): no import cycle, type-only imports included; a module with an
  // index.ts is imported only through it.
  deps: ['deps', 'npm', ['run', 'check:deps', '--silent'], root, null],
  format: ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.'], root, null],
  generated: ['generated', 'node', ['scripts/check-generated.mjs'], root, null],
  // graphql-schema-linter (descriptions, deprecations, naming, Relay) and breaking changes (Inspector)
  schema: ['schema', 'npm', ['run', 'check:schema', '--silent'], root, null],
  unitApi: vitest('unit-api', path.join(root, 'api'), ['--project', 'unit']),
  unitWeb: vitest('unit-web', path.join(root, 'web')),
  integration: vitest('integration', path.join(root, 'api'), ['--project', 'integration']),
  build: ['build', 'npm', ['run', 'build', '--silent'], root, null],
  bundle: ['bundle', 'node', ['scripts/check-bundle.mjs'], root, null],
  // The cart poll as the clients send it (GET /api/cart with the last answer's ETag: the spec's
  // client and the web app's header) against the bare Express + pg handler answering it the same way,
  // in alternating turns (bench/cart-polling.mjs): fails below 60% of the bare handler's throughput
  // (issue 30), or on any failed API request — a ratio in one run, never an absolute time. Runs of
  // this configuration measured 62–70% before the poll's 304s stopped writing a log line each, with
  // a spread of about ±7 points between runs (bench/README.md, "The cart poll without GraphQL" and
  // after). The graph's `cart` query is measured by hand (`--poll graphql`). Alone on the machine.
  // The ratio is the closed-loop turns' (8 s each); the polling turns with their mutators (4 s each)
  // only have to answer every request. 10 s of warm-up each: after 5 s the API's first turn was
  // still 14% slower than its second (V8 had not optimised its larger code yet), the bare
  // handler's not (2026-12-06: 59.0% in one run, 65.8% in another).
  cartBench: [
    'cart-bench',
    'node',
    [
      'bench/cart-polling.mjs',
      ...['--duration', '8', '--saturate', '16', '--rounds', '2', '--warmup', '10', '--pollers', '200'],
      ...['--min-ratio', '0.6', '--pg', server.url, '--out', path.join(reports, 'cart-polling.json')],
    ],
    root,
    null,
  ],
  e2e: vitest('e2e', path.join(root, 'e2e')),
};

/** A lane's entry that waits for another lane's step to end: what follows reads what it wrote. */
const after = (name) => ({ after: name });

/**
 * The stages, one after another; a stage's lanes run side by side, each lane's steps one after
 * another. First the checks — single-threaded tools (tsc, ESLint, Prettier), small test runs and the
 * build, in two lanes (the bundle check reads the build) — beside the integration tests (two
 * workers): neither filled the two cores alone (the checks ≈ 75% busy for ≈ 86 s, integration ≈ 83%
 * for ≈ 238 s on the 2-core machine, 2026-12-06), and they share nothing (each integration file
 * makes its own database). `generated` rewrites schema.graphql and web/src/gql when they are stale:
 * the steps that read them come after it (typecheck, deps, schema in its lane; the web's unit tests
 * and the build wait for it), ESLint and Prettier leave both alone, and the integration tests read
 * only schema.graphql, which is replaced at once (api/src/graphql/schema.ts `emitSchemaFile`). It
 * ran alone before the others until 2026-12-07: ≈ 30 s of one core busy. The cart bench (a
 * measurement) runs alone, then e2e (Chromium's renderers: two spec files at a time fill the
 * machine, e2e/vitest.config.ts).
 */
const stages = [
  [
    [step.integration],
    [step.generated, step.typecheck, step.deps, step.schema, step.unitApi],
    [step.lint, step.format, after('generated'), step.unitWeb, step.build, step.bundle],
  ],
  [[step.cartBench]],
  [[step.e2e]],
];

const results = [];
/** The failed tests by name, repeated under the summary: a CI log's tail is often all one sees. */
const failures = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let interrupted = false;

/**
 * Runs one step. Alone in its stage its output streams through; beside other lanes it is kept and
 * printed whole when the step ends, so two steps' lines never interleave.
 */
function runStep([name, cmd, args, cwd, report], streamed) {
  const running = new Promise((resolve) => {
    if (streamed) console.log(`\n━━ ${name} ━━`);
    const started = Date.now();
    const child = spawn(cmd, args, {
      cwd,
      stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: testEnv,
    });
    // Beside the integration tests, the checks without tests (tsc, ESLint, Prettier, the build) run
    // at a lower priority (nice 10, inherited by the processes they start): integration is the stage's
    // longest lane, and the checks fill what CPU it leaves instead of slowing it (2026-12-07, the
    // 2-core machine: integration 335–339 → 319–330 s in full runs; docs/architecture.md "The test
    // suite's time"). Tests keep the usual priority: their timeouts are measured in time.
    if (!streamed && !report) setLowerPriority(child.pid);
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (status, signal) => {
      if (!streamed) process.stdout.write(`\n━━ ${name} ━━\n${Buffer.concat(output).toString()}`);
      if (signal === 'SIGINT' || signal === 'SIGTERM') interrupted = true;
      record(name, report, status, ((Date.now() - started) / 1000).toFixed(1));
      resolve();
    });
  });
  return running.then(() => endOf(name).resolve());
}

function setLowerPriority(pid) {
  try {
    os.setPriority(pid, 10);
  } catch {
    // Not permitted here (or the step has already ended): it runs at the usual priority.
  }
}

/** Each step's end, awaited by a lane's `after` entry (in whichever order the lanes get there). */
const ends = new Map();
function endOf(name) {
  if (!ends.has(name)) {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    ends.set(name, { promise, resolve });
  }
  return ends.get(name);
}

function record(name, report, status, seconds) {
  let detail = '';
  if (report && fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    detail = `${r.numPassedTests} passed, ${r.numFailedTests} failed`;
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed')
          failures.push(`${name}: ${path.relative(root, file.name)} › ${t.fullName}`);
      }
      // A file that failed before its tests ran (an import error, a hook) names no test.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${name}: ${path.relative(root, file.name)} (${(file.message ?? '').split('\n')[0]})`);
      }
    }
    if (status !== 0 && r.numFailedTests === 0) failed += 1; // suite-level failure (e.g. a crash)
  } else if (status === 0) {
    passed += 1;
  } else {
    failed += 1;
  }
  results.push({ name, ok: status === 0, seconds, detail });
}

const runStarted = Date.now();
for (const lanes of stages) {
  const streamed = lanes.length === 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const s of lane) {
        if (interrupted) break;
        if ('after' in s) await endOf(s.after).promise;
        else await runStep(s, streamed);
      }
    }),
  );
  if (interrupted) {
    server.stop();
    process.exit(130);
  }
}

server.stop();

console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.ok ? '✔' : '✘'} ${r.name.padEnd(12)} ${r.seconds.padStart(6)} s  ${r.detail}`);
}
if (failures.length) console.log(`failed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log('(checks without tests — typecheck, lint, deps, format, generated, build — count as one each)');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
console.log(`in ${((Date.now() - runStarted) / 60000).toFixed(1)} min`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
