import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, useBrowser } from '../support/browser';

// A class of 25 signing up together on one network: `npm start`'s production build with the
// default registration settings (the shared e2e server turns the challenge off for the other
// specs), so after 3 registrations from 127.0.0.1 each further one needs the proof-of-work challenge
// that the /register form's hidden ALTCHA widget solves. Its own fresh embedded database, unseeded.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-signup-'));
const PEOPLE = 25;
const b = useBrowser();
let server: ChildProcess | undefined;
let baseURL = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The embedded database of this spec's server (its port from postmaster.pid). */
async function database(): Promise<Client> {
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, '.postgres-password'), 'utf8').trim();
  const client = new Client({
    host: '127.0.0.1',
    port: Number(pid[3]),
    user: 'postgres',
    password,
    database: 'drx',
  });
  await client.connect();
  return client;
}

async function count(sql: string): Promise<number> {
  const db = await database();
  try {
    return (await db.query<{ n: number }>(sql)).rows[0].n;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'false',
  };
  for (const name of [
    'DATABASE_URL',
    'WEB_CONCURRENCY',
    'REGISTRATION_LIMIT',
    'REGISTRATION_CHALLENGE_AFTER',
  ]) {
    delete env[name];
  }
  server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'pipe' });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 240_000;
  while (!output.includes('DRX is running')) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`npm start failed:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a class signing up together from one address', () => {
  it(`lets all ${PEOPLE} people register through /register, each past the third solving the challenge unnoticed`, async () => {
    const stamp = Date.now().toString(36);
    const times: number[] = [];
    const register = async (i: number) => {
      const started = Date.now();
      const page = await b.page({ baseURL });
      await page.goto('/register');
      const username = `class${stamp}${i}`;
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill('plie-and-releve');
      await page.getByLabel('First name').fill(`Dancer ${i}`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      // then they land signed in, as themselves
      await page.waitForURL('**/dashboard/user', { timeout: 30_000, waitUntil: 'commit' });
      expect(pathOf(page)).toBe('/dashboard/user');
      const me = await page.request.get('/api/auth');
      expect(await me.json()).toMatchObject({ authenticated: true, user: { username } });
      await page.context().close();
      times.push(Date.now() - started);
    };
    // The first 3 one after another (no challenge yet), then the rest of the class together, a few
    // at a time as people in one room do.
    for (let i = 1; i <= 3; i++) await register(i);
    let next = 4;
    const person = async () => {
      while (next <= PEOPLE) await register(next++);
    };
    await Promise.all([person(), person(), person()]);
    // all from one address: the first 3 needed nothing, each of the other 22 a solution of its own
    expect(await count(`select count(*)::int as n from registration_attempts`)).toBe(PEOPLE);
    expect(await count('select count(*)::int as n from signup_challenge_solutions')).toBe(PEOPLE - 3);
    expect(await count(`select count(*)::int as n from users where username like 'class${stamp}%'`)).toBe(
      PEOPLE,
    );
    console.log(`registrations took ${times.map((t) => (t / 1000).toFixed(1)).join(', ')} s`);
  }, 900_000);

  it('answers a REST registration without the needed solution with a 428 naming the challenge endpoint', async () => {
    const res = await fetch(`${baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `script${Date.now().toString(36)}`, password: 'long-enough-1' }),
    });
    expect(res.status).toBe(428);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('CHALLENGE_REQUIRED');
    expect(body.message).toContain('GET /api/altcha/challenge');
    const challenge = await fetch(`${baseURL}/api/altcha/challenge`);
    expect(challenge.status).toBe(200);
    expect(((await challenge.json()) as { parameters: { algorithm: string } }).parameters.algorithm).toBe(
      'PBKDF2/SHA-256',
    );
  });
});
