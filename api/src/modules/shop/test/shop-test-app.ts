import http from 'node:http';
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
