import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as the README says: the embedded PostgreSQL (PGlite) in DATA_DIR, seeded, and data
// that survives a restart.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-start-'));
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'pipe' });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (!output.includes('DRX is running')) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`npm start failed:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return output;
}

/** Stops the server with a signal; resolves to its exit code, or 'hung' after 20 s. */
async function stop(signal: NodeJS.Signals = 'SIGINT'): Promise<number | string | null> {
  if (!server || server.exitCode !== null) return server?.exitCode ?? null;
  const running = server;
  const exited = new Promise<number | null>((r) => running.once('exit', (code) => r(code)));
  running.kill(signal);
  const result = await Promise.race([
    exited,
    new Promise<string>((r) => setTimeout(() => r('hung'), 20_000)),
  ]);
  if (result === 'hung') running.kill('SIGKILL');
  return result;
}

afterAll(async () => {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on the embedded database', () => {
  it('starts seeded, prints the demo sign-ins, and keeps data across a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const firstRun = await start(port);
    expect(firstRun).toContain('Demo sign-ins (password drx-demo-2026)');
    expect(firstRun).toContain('Starting the embedded PostgreSQL');
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const json = { 'content-type': 'application/json' };
    const demo = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'admin', password: 'drx-demo-2026' }),
    });
    expect(demo.status).toBe(200);
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'keeps-data', password: 'still-here-1' }),
    });
    expect(registered.status).toBe(201);

    await stop();
    await start(port);
    const again = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'keeps-data', password: 'still-here-1' }),
    });
    expect(again.status).toBe(200);
    // The built web app is served too.
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    // A process manager's SIGTERM ends it cleanly and promptly.
    expect(await stop('SIGTERM')).toBe(0);
  });
});
