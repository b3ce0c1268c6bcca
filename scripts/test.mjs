#!/usr/bin/env node
// `npm test`: typecheck, lint, format, generated-file drift, unit, integration, build and e2e.
// Every step runs (a failure does not hide later ones); the last line is the summary.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-test-'));

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
const steps = [
  ['typecheck', 'npm', ['run', 'typecheck', '--silent'], root, null],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0'], root, null],
  ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.'], root, null],
  ['generated', 'node', ['scripts/check-generated.mjs'], root, null],
  vitest('unit-api', path.join(root, 'api'), ['--project', 'unit']),
  vitest('unit-web', path.join(root, 'web')),
  vitest('integration', path.join(root, 'api'), ['--project', 'integration']),
  ['build', 'npm', ['run', 'build', '--silent'], root, null],
  vitest('e2e', path.join(root, 'e2e')),
];

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const [name, cmd, args, cwd, report] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let detail = '';
  if (report && fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    detail = `${r.numPassedTests} passed, ${r.numFailedTests} failed`;
    if (status !== 0 && r.numFailedTests === 0) failed += 1; // suite-level failure (e.g. a crash)
  } else if (status === 0) {
    passed += 1;
  } else {
    failed += 1;
  }
  results.push({ name, ok: status === 0, seconds, detail });
}

console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.ok ? '✔' : '✘'} ${r.name.padEnd(12)} ${r.seconds.padStart(6)} s  ${r.detail}`);
}
console.log('(checks without tests — typecheck, lint, format, generated, build — count as one each)');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
