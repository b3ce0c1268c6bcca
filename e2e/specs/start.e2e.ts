import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as the README says: the embedded PostgreSQL in DATA_DIR, seeded, and data that
// survives a restart, a Ctrl-C and a kill -9.
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

/** A process's parent and state (Linux /proc), or null once it is gone. */
function stat(pid: number): { ppid: number; state: string } | null {
  try {
    const [state, ppid] = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ppid: Number(ppid), state };
  } catch {
    return null;
  }
}

const alive = (pid: number) => (stat(pid)?.state ?? 'Z') !== 'Z';

/** The live child processes of `pid`. */
function children(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((child) => stat(child)?.ppid === pid && alive(child));
}

const postmasterPid = path.join(dataDir, 'postgres', 'postmaster.pid');

/** Whether the embedded PostgreSQL of dataDir runs (its postmaster.pid names a live process). */
function postgresRuns(): boolean {
  if (!fs.existsSync(postmasterPid)) return false;
  const pid = Number(fs.readFileSync(postmasterPid, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, ok: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function start(port: number): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  // As a user starts it: every commit waits for the disk (npm test turns that off for its other servers).
  delete env.PGOPTIONS;
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
    // A data folder of an earlier version (PGlite) is left untouched, with a note.
    fs.mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n');
    const firstRun = await start(port);
    expect(firstRun).toContain('Demo sign-ins (password drx-demo-2026)');
    expect(firstRun).toContain('Starting the embedded PostgreSQL');
    expect(firstRun).toContain('holds the database of an earlier DRX version (PGlite). It is left untouched');
    expect(fs.readFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n');
    const version = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(version.status).toBe(200);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const json = { 'content-type': 'application/json' };
    const demo = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'admin', password: 'drx-demo-2026' }),
    });
    // The seeded admin has two-step sign-in on (the README's demo key): the password step is taken,
    // the code is owed (202, no session).
    expect(demo.status).toBe(202);
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
    // A process manager's SIGTERM ends it cleanly and promptly, its PostgreSQL with it.
    expect(await stop('SIGTERM')).toBe(0);
    expect(postgresRuns()).toBe(false);
  }, 180_000);

  it('keeps acknowledged writes after kill -9 of the server or of npm start, and starts clean again', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const json = { 'content-type': 'application/json' };
    await start(port);
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'survives-kill', password: 'still-here-2' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get('set-cookie')!.split(';')[0];
    const { items: resources } = (await (await fetch(`${base}/api/resources`)).json()) as {
      items: { id: string }[];
    };
    const added = await fetch(`${base}/api/cart`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ itemType: 'resource', itemId: resources[0].id, quantity: 3 }),
    });
    expect(added.status).toBe(201);

    // kill -9 of the server process: its PostgreSQL is left running; npm start ends with it.
    const [serverPid] = children(server!.pid!);
    expect(serverPid).toBeGreaterThan(0);
    const exited = new Promise((r) => server!.once('exit', r));
    process.kill(serverPid, 'SIGKILL');
    await exited;
    expect(postgresRuns()).toBe(true);

    // The next start stops the leftover server and comes up on the same data.
    const again = await start(port);
    expect(again).toContain('Stopping the embedded PostgreSQL left running by an earlier run');
    const cart = (await (await fetch(`${base}/api/cart`, { headers: { cookie } })).json()) as {
      quantity: number;
    }[];
    expect(cart.map((line) => line.quantity)).toEqual([3]);

    // kill -9 of npm start itself: the server notices and shuts down with its PostgreSQL.
    const [orphan] = children(server!.pid!);
    process.kill(server!.pid!, 'SIGKILL');
    await until('the server stopped after npm start was killed', () => !alive(orphan));
    await until('its PostgreSQL stopped', () => !postgresRuns());

    const third = await start(port);
    expect(third).not.toContain('left running');
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'survives-kill', password: 'still-here-2' }),
    });
    expect(login.status).toBe(200);
    expect(await stop('SIGINT')).toBe(0);
    expect(postgresRuns()).toBe(false);
  }, 180_000);
});
