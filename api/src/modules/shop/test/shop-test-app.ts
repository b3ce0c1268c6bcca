import http from 'node:http';
import { expect } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../../config';
import { startTestApp, type TestApp } from '../../../test/test-app';

export interface ShopTestApp extends TestApp {
  /** Where the app listens, e.g. http://127.0.0.1:43121 (its publicUrl). */
  url: string;
}

/**
 * The test app listening on a free port, so the store provider can reach the built-in demo store
 * over HTTP (it is mounted on the app at /demo-store) and the demo store can post its webhooks
 * back: publicUrl and demoStoreUrl point at that port. Supertest agents still call the app directly.
 */
export async function startShopTestApp(overrides: Partial<Config> = {}): Promise<ShopTestApp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let t: TestApp;
  try {
    t = await startTestApp({ publicUrl: url, demoStoreUrl: `${url}/demo-store`, ...overrides });
  } catch (error) {
    server.close();
    throw error;
  }
  server.on('request', t.handle.app);
  return {
    ...t,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

const json = { 'content-type': 'application/json' };

/** A cookie-keeping client signed in as a demo user (password drx-demo-2026). */
export async function signInAs(t: TestApp, username: string): Promise<ReturnType<TestApp['agent']>> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: 'drx-demo-2026' });
  expect(res.status).toBe(200);
  return agent;
}

/** Runs SQL on the test database. */
export async function shopSql<T = Record<string, any>>(
  t: TestApp,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute(query, params);
}

/** Calls a control endpoint of the demo store (mounted on the app; dev/demo-store/src/demo-store-router.ts). */
export async function demoControl(t: ShopTestApp, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${t.url}/demo-store/_control/${path}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
}
