#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then serves the production
// build. With DATABASE_URL unset the server starts its embedded PostgreSQL in DATA_DIR (.data/).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of a file, or of any file below a folder. */
function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

function stale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newest(path.join(root, s)) > built);
}

function run(args) {
  // A production build, whatever NODE_ENV this process has (the e2e suite runs under `test`).
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(path.join(root, 'api/dist/main.js'), ['api/src'])) {
  console.log('Building the API …');
  run(['run', 'build', '-w', 'api']);
  fs.utimesSync(path.join(root, 'api/dist/main.js'), new Date(), new Date());
}
// The built-in demo store (dev/demo-store): not part of the API's build; the server loads its own
// build at start (api/src/dev-fakes.ts). A copy without dev/ runs with DEMO_STORE=false.
if (
  fs.existsSync(path.join(root, 'dev/demo-store')) &&
  stale(path.join(root, 'dev/demo-store/dist/index.js'), [
    'dev/demo-store/src',
    'dev/demo-store/tsconfig.json',
  ])
) {
  console.log('Building the demo store …');
  run(['run', 'build:dev']);
  fs.utimesSync(path.join(root, 'dev/demo-store/dist/index.js'), new Date(), new Date());
}
if (
  stale(path.join(root, 'web/dist-ssr/entry-server.js'), [
    'web/src',
    'web/public',
    'web/index.html',
    'web/build',
    'web/vite.config.ts',
  ])
) {
  console.log('Building the web app …');
  run(['run', 'build', '-w', 'web']);
}

// The IPC channel ties the server to this process: if this one is killed (even with kill -9), the
// channel closes and the server shuts down cleanly (its embedded PostgreSQL with it).
// The server's V8 flags (api/src/server-flags.ts: a young generation sized for its requests).
const { withServerFlags } = await import(pathToFileURL(path.join(root, 'api/dist/server-flags.js')).href);
const server = spawn(process.execPath, [...withServerFlags([]), path.join(root, 'api/dist/main.js')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
