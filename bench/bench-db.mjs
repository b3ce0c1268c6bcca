// What the benches that start the API share: a free port, a database of their own on a server.
import { createRequire } from 'node:module';
import net from 'node:net';
import { URL } from 'node:url';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the server at `pgUrl` (create or drop a database). */
export async function adminQuery(pgUrl, text) {
  const client = new Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
