import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTestOidcProvider } from '../../api/src/test/oidc-provider';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The app's DATA_DIR (its embedded PostgreSQL: see app-database.ts). */
    dataDir: string;
    /** The local OpenID Connect provider the app signs people in with (oidc.e2e.ts). */
    oidcIssuer: string;
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
 * Starts the app as a new user does — `npm start` (scripts/start.mjs: the production build, one
 * process, on the embedded PostgreSQL in a fresh DATA_DIR, seeded with the demo data) — so the
 * suite tests what users run. workers.e2e.ts runs the multi-process server on a PostgreSQL server.
 */
/** The run's app, started once for every project that uses it (e2e/vitest.config.ts). */
interface RunApp {
  baseURL: string;
  dataDir: string;
  oidcIssuer: string;
  stop(): Promise<void>;
}
const run = globalThis as typeof globalThis & { drxE2eApp?: Promise<RunApp>; drxE2eUsers?: number };

/**
 * Provides the run's app to a project: the first project to ask starts it, the last to finish stops
 * it (the projects run in the one vitest process, one group after the other).
 */
export default async function setup(project: TestProject) {
  run.drxE2eUsers = (run.drxE2eUsers ?? 0) + 1;
  run.drxE2eApp ??= startApp();
  const app = await run.drxE2eApp;
  project.provide('baseURL', app.baseURL);
  project.provide('dataDir', app.dataDir);
  project.provide('oidcIssuer', app.oidcIssuer);
  return async () => {
    run.drxE2eUsers = (run.drxE2eUsers ?? 1) - 1;
    if (run.drxE2eUsers > 0) return;
    run.drxE2eApp = undefined;
    await app.stop();
  };
}

async function startApp(): Promise<RunApp> {
  if (
    !fs.existsSync(path.join(root, 'api/dist/main.js')) ||
    !fs.existsSync(path.join(root, 'web/dist/index.html'))
  ) {
    throw new Error('Build first: npm run build (npm test does it before the e2e step)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // The identity provider, before the app (its settings name it); its redirect URI is PUBLIC_URL's.
  const idp = await startTestOidcProvider({
    redirectUris: [`http://localhost:${port}/api/auth/oidc/callback`],
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    // Every spec registers its members from this one address (the default ceiling is 200 an hour)…
    REGISTRATION_LIMIT: '1000',
    // …without the sign-up challenge asked after 3 an hour (signup-challenge.e2e.ts starts its own
    // server with the defaults).
    REGISTRATION_CHALLENGE_AFTER: '1000',
    // One automated browser and the specs' own API calls, all from 127.0.0.1 and many times faster
    // than a person, can pass the default 600 requests a minute; the limit stays on (headers and all).
    RATE_LIMIT_PER_MINUTE: '6000',
    // Likewise the query cost budget (default 200 000 a minute per address).
    QUERY_COST_PER_MINUTE: '20000000',
    // webhooks.e2e.ts's receiver listens on 127.0.0.1, a private address the app refuses by default.
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: 'DRX Test ID',
  };
  delete env.DATABASE_URL;
  delete env.WEB_CONCURRENCY;

  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));

  // Up to two minutes: the run starts its apps side by side (e2e/vitest.config.ts), each on a new
  // embedded database (initdb, migrations, seed) while the other streams' browsers run.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    dataDir,
    oidcIssuer: idp.issuer,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await idp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
