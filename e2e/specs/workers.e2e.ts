import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The production build as a multi-process server (WEB_CONCURRENCY=2) on its own database.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const database = `drx_workers_${Date.now().toString(36)}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-workers-'));
let server: ChildProcess;
let output = '';
let base = '';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A process's parent pid and state (Linux /proc), or null once it is gone. */
function stat(pid: number): { ppid: number; state: string } | null {
  try {
    const [state, ppid] = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ppid: Number(ppid), state };
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  const s = stat(pid);
  return s !== null && s.state !== 'Z';
};

/** The pids of the live processes whose parent is `pid`. */
function children(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((child) => stat(child)?.ppid === pid && alive(child));
}

async function until<T>(what: string, probe: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: gave up (last ${JSON.stringify(value)})\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One request on a new connection (no keep-alive), so the workers take turns answering. */
function request(
  method: string,
  urlPath: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; body: string; cookie?: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: http.OutgoingHttpHeaders = { connection: 'close' };
  if (payload) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
        }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  await admin(`create database "${database}"`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      // With DATABASE_URL the demo data is seeded only when asked for.
      SEED: 'true',
      // Nothing here plays the demo's lesson videos: not made (ffmpeg's CPU goes to the other spec).
      DEMO_VIDEOS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  await until(
    'start',
    () => output,
    (text) => text.includes('DRX is running') || server.exitCode !== null,
  );
});

afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGKILL');
    for (const pid of children(server.pid!)) process.kill(pid, 'SIGKILL');
  }
  await admin(`drop database if exists "${database}" with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2', () => {
  it('serves from two worker processes that share sessions through the database', async () => {
    expect(output).toContain('(2 worker processes)');
    expect(children(server.pid!)).toHaveLength(2);

    const login = await request('POST', '/api/login', { username: 'member', password: 'drx-demo-2026' });
    expect(login.status).toBe(200);
    // Each request on its own connection: the two workers take turns, and each knows the session.
    for (let i = 0; i < 6; i++) {
      const me = await request('POST', '/graphql', { query: '{ me { username } }' }, login.cookie);
      expect(JSON.parse(me.body).data.me).toEqual({ username: 'member' });
    }
  });

  it('replaces a worker that dies and keeps answering', async () => {
    const [first] = children(server.pid!);
    process.kill(first, 'SIGKILL');
    const replaced = await until(
      'a new worker',
      () => children(server.pid!),
      (pids) => pids.length === 2 && !pids.includes(first),
    );
    expect(replaced).toHaveLength(2);
    await until(
      'answers',
      async () => (await request('GET', '/healthz')).status,
      (status) => status === 200,
    );
    expect(output).toContain('starting another');
  });

  it('stops every worker on SIGTERM', async () => {
    const workers = children(server.pid!);
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until(
      'the workers to be gone',
      () => workers.filter(alive),
      (left) => left.length === 0,
    );
  });
});
