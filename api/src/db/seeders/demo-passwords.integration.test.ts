import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../modules/auth/password';
import { createTestDatabase } from '../../test/database';
import { openDatabase } from '../database';
import { DEMO_USERNAMES, DemoPasswordError, replaceDemoPasswords } from './demo-passwords';
import { removeDemoTwoStepKey } from './demo-two-step';

const apiDir = path.resolve(__dirname, '..', '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-demo-passwords-'));
const dropped: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const drop of dropped) await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function database() {
  const db = await createTestDatabase();
  dropped.push(db.drop);
  return db.url;
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the real server (src/main.ts) as production starts it: NODE_ENV=production with only
 * DATABASE_URL and SESSION_SECRET set. Resolves when it is listening or has exited.
 */
async function bootProduction(databaseUrl: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'a-production-secret',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  const server: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (server.exitCode === null && !output.includes('DRX is running') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    output: () => output,
    running: server.exitCode === null && output.includes('DRX is running'),
    async stop(): Promise<number | null> {
      if (server.exitCode === null) server.kill('SIGTERM');
      return exit;
    },
    exit,
  };
}

describe('a production start', () => {
  it('with nothing but DATABASE_URL and SESSION_SECRET seeds no demo account', async () => {
    // given an empty database
    const url = await database();
    // when the server starts with NODE_ENV=production
    const server = await bootProduction(url);
    try {
      // then it runs, with no account at all (no demo data)
      expect(server.running, server.output()).toBe(true);
      expect(server.output()).not.toContain('Demo sign-ins');
      expect(await query(url, 'select username from users')).toEqual([]);
      expect(await query(url, 'select name from seed_runs')).toEqual([]);
      // and the published demo sign-in does not work
      const login = await fetch(`http://127.0.0.1:${server.port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'drx-demo-2026' }),
      });
      expect(login.status).toBe(401);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('refuses to start (exit 1, a message naming the accounts) while a demo account has the published password', async () => {
    // given a database seeded with the demo data, as an earlier version's compose file did
    const url = await database();
    await (await openDatabase(url, { seed: true, silent: true })).close(true);
    // when the server starts with NODE_ENV=production
    const server = await bootProduction(url);
    // then it exits with 1 before listening, and says which accounts and what to do
    const code = server.running ? (await server.stop(), 'kept running') : await server.exit;
    expect(code).toBe(1);
    expect(server.output()).not.toContain('DRX is running');
    expect(server.output()).toContain(
      'Refusing to start with NODE_ENV=production: the demo accounts admin, instructor, lena, member, multi, officer, rhythm, seller, studio still sign in with the published demo password.',
    );
    expect(server.output()).toContain('node api/dist/db/seeders/replace-demo-passwords.js');
    // and the message is printed without a stack trace
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('starts once replace-demo-passwords has given every demo account a new password (and the staff’s published two-step key is removed)', async () => {
    // given a seeded database
    const url = await database();
    await (await openDatabase(url, { seed: true, silent: true })).close(true);
    // when the demo passwords are replaced
    const orm = await openDatabase(url, { seed: false, silent: true });
    try {
      const replaced = await replaceDemoPasswords(orm.em.fork());
      expect(replaced.map((r) => r.username).sort()).toEqual([...DEMO_USERNAMES].sort());
      // (the new passwords are random and long, and really are the accounts' passwords now)
      const [admin] = await orm.em
        .fork()
        .getConnection()
        .execute<{ password_hash: string }[]>(`select password_hash from users where username = 'admin'`);
      const adminPassword = replaced.find((r) => r.username === 'admin')!.password;
      expect(adminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await verifyPassword(admin.password_hash, adminPassword)).toBe(true);
      expect(await verifyPassword(admin.password_hash, 'drx-demo-2026')).toBe(false);
      // and nothing is left to replace
      expect(await replaceDemoPasswords(orm.em.fork())).toEqual([]);
      // the seeded staff's published two-step key is refused too, until removed (remove-demo-two-step)
      await expect(
        openDatabase(url, { seed: false, silent: true, refuseDemoPasswords: true }).then((o) =>
          o.close(true),
        ),
      ).rejects.toThrow(/published demo key/);
      expect((await removeDemoTwoStepKey(orm.em.fork())).sort()).toEqual(['admin', 'officer']);
    } finally {
      await orm.close(true);
    }
    // then the production check passes
    await expect(
      openDatabase(url, { seed: false, silent: true, refuseDemoPasswords: true }).then((o) => o.close(true)),
    ).resolves.toBeUndefined();
  });

  it('names the one demo account that still has it', async () => {
    // given a seeded database where only seller keeps the demo password
    const url = await database();
    await (await openDatabase(url, { seed: true, silent: true })).close(true);
    await query(url, `update users set password_hash = 'not-an-argon2-hash' where username_key <> 'seller'`);
    // when the production check runs, it refuses naming seller alone
    const refused = await openDatabase(url, { seed: false, silent: true, refuseDemoPasswords: true }).then(
      async (o) => {
        await o.close(true);
        return null;
      },
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DemoPasswordError);
    expect((refused as Error).message).toContain(
      'the demo account seller still signs in with the published demo password',
    );
  });
});
