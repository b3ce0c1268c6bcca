import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_EVENTS, signIn } from '../realtime/stream-fixtures.test';
import { startTestApp, type TestApp } from '../test/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { IMMUTABLE_CACHE, SHORT_CACHE } from './static-assets';

/** A built web app as Vite writes it: a hashed bundle with its prebuilt .br and .gz. */
const BUNDLE = `export const greeting = ${JSON.stringify('Hello, dancers! '.repeat(400))};\n`;
const BUNDLE_PATH = '/assets/index-Ab12Cd34.js';
/** A hashed file too small for prebuilt variants. */
const SMALL_PATH = '/assets/tiny-Ef56Gh78.js';
/** A prebuilt file whose .br disappears after the server started (a rebuild). */
const GONE_PATH = '/assets/gone-Ij90Kl12.js';
/** Text of the page shell (the page handler may rewrite its head: titles, meta tags). */
const PAGE_TEXT = 'A dance education marketplace. ';
const PAGE =
  '<!doctype html><meta property="csp-nonce" nonce="DRX_CSP_NONCE"><title>DRX</title>' +
  `<script type="module" src="${BUNDLE_PATH}" nonce="DRX_CSP_NONCE"></script>` +
  `<p>${PAGE_TEXT.repeat(80)}</p>`;

let t: TestApp;
let server: Server;
let base: string;
let webDist: string;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent (not decoded). */
  body: Buffer;
}

/** A request with node:http, which (unlike fetch or supertest) leaves the body as the server sent it. */
function raw(
  target: string,
  headers: Record<string, string> = {},
  options: { method?: string; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The body decoded by its Content-Encoding. */
function decoded(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body.toString('utf8');
}

function varyOn(res: RawResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
}

function writeAsset(dist: string, urlPath: string, content: string, prebuilt: boolean) {
  const file = path.join(dist, urlPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  if (!prebuilt) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), PAGE);
  writeAsset(webDist, BUNDLE_PATH, BUNDLE, true);
  writeAsset(webDist, GONE_PATH, BUNDLE, true);
  writeAsset(webDist, SMALL_PATH, 'export {};\n', false);
  writeAsset(webDist, '/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  t = await startTestApp({ webDist });
  server = t.handle.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('built web files (prebuilt .br / .gz)', () => {
  const prebuiltBr = () => fs.readFileSync(path.join(webDist, `${BUNDLE_PATH}.br`));
  const prebuiltGz = () => fs.readFileSync(path.join(webDist, `${BUNDLE_PATH}.gz`));

  it('sends the prebuilt brotli file to a client that accepts br, cached for a year', async () => {
    const res = await raw(BUNDLE_PATH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type']).toLowerCase()).toBe('text/javascript; charset=utf-8');
    expect(varyOn(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.body.equals(prebuiltBr())).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(prebuiltBr().length);
    expect(decoded(res)).toBe(BUNDLE);
    // The security headers stay on every file.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the prebuilt gzip file when brotli is not accepted', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await raw(BUNDLE_PATH, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.body.equals(prebuiltGz()), accept).toBe(true);
      expect(String(res.headers['content-type']).toLowerCase()).toBe('text/javascript; charset=utf-8');
      expect(varyOn(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await raw(BUNDLE_PATH, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString('utf8')).toBe(BUNDLE);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(BUNDLE));
      expect(varyOn(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
  });

  it('answers a range of a prebuilt file in the chosen encoding', async () => {
    const res = await raw(BUNDLE_PATH, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(prebuiltBr().subarray(0, 10))).toBe(true);
  });

  it('sends a hashed file without prebuilt variants as it is, still immutable', async () => {
    const res = await raw(SMALL_PATH, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe('export {};\n');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('caches files outside /assets/ (their names do not change) for an hour only', async () => {
    const res = await raw('/images/logo.svg', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe(SHORT_CACHE);
  });

  it('does not label the page that answers for a prebuilt file gone since startup with its encoding', async () => {
    fs.rmSync(path.join(webDist, `${GONE_PATH}.br`));
    const res = await raw(GONE_PATH, { 'accept-encoding': 'br' });
    // The page handler answers (as for any path that is no file), its body readable as labelled.
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decoded(res)).toContain(PAGE_TEXT);
  });
});

describe('index.html (compressed on the fly, never cached without revalidation)', () => {
  it('sends each page brotli-compressed with its own nonce, no-cache, with the page CSP', async () => {
    for (const target of ['/', '/courses', '/index.html']) {
      const res = await raw(target, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status, target).toBe(200);
      expect(res.headers['content-encoding'], target).toBe('br');
      expect(varyOn(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = decoded(res);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain('DRX_CSP_NONCE');
    }
  });

  it('gzips a page for a client without brotli, and sends it as it is to one without either', async () => {
    const gz = await raw('/courses', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toContain(PAGE_TEXT);
    const plain = await raw('/courses', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain(PAGE_TEXT);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });
});

describe('API responses', () => {
  const gql = (query: string, acceptEncoding?: string) =>
    raw(
      '/graphql',
      {
        'content-type': 'application/json',
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
      { method: 'POST', body: JSON.stringify({ query }) },
    );
  const LARGE = '{ __schema { types { name description } } }';

  it('compresses a JSON answer above the threshold (brotli, else gzip), still no-store', async () => {
    const br = await gql(LARGE, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(varyOn(br)).toContain('accept-encoding');
    const plain = JSON.stringify(JSON.parse(decoded(br)));
    expect(plain.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(br.body.length).toBeLessThan(plain.length / 3);

    const gz = await gql(LARGE, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz))).toEqual(JSON.parse(decoded(br)));
    expect(gz.headers['cache-control']).toBe('no-store');

    const identity = await gql(LARGE);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString('utf8'))).toEqual(JSON.parse(decoded(br)));
  });

  it('sends a JSON answer below the threshold as it is, with its Content-Length', async () => {
    const res = await gql('{ __typename }', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves downloads alone: an uploaded file keeps its length and range support', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(4096, 7),
    ]);
    fs.mkdirSync(path.join(t.config.uploadsDir, 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, 'avatars', 'big.png'), bytes);
    const res = await raw('/uploads/avatars/big.png', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.body.equals(bytes)).toBe(true);
    const part = await raw('/uploads/avatars/big.png', {
      'accept-encoding': 'gzip, deflate, br',
      range: 'bytes=100-199',
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.equals(bytes.subarray(100, 200))).toBe(true);
  });
});

describe('the live stream (/graphql/stream)', () => {
  it('is never compressed: each event reaches a client that accepts br as it happens', async () => {
    const member = await signIn(base, 'member');
    const instructor = await signIn(base, 'instructor');
    const [instructorRow] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>('select id from users where username_key = ?', ['instructor']);

    const received: Buffer[] = [];
    let onData: () => void = () => {};
    const { res, req } = await new Promise<{ res: http.IncomingMessage; req: http.ClientRequest }>(
      (resolve, reject) => {
        const req = http.request(
          `${base}/graphql/stream`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              'accept-encoding': 'gzip, deflate, br',
              cookie: instructor.cookie!,
            },
          },
          (res) => resolve({ res, req }),
        );
        req.on('error', reject);
        req.end(JSON.stringify({ query: CONVERSATION_EVENTS }));
      },
    );
    try {
      res.on('data', (chunk: Buffer) => {
        received.push(chunk);
        onData();
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      // graphql-sse labels its streams `Content-Encoding: none`; nothing may encode them anyway.
      expect([undefined, 'none']).toContain(res.headers['content-encoding']);
      expect(res.headers['cache-control']).toMatch(/^no-(store|cache)$/);
      // The subscription is registered once the server has written its first bytes.
      await new Promise<void>((resolve) => {
        if (received.length) resolve();
        else onData = resolve;
      });

      const text = 'An event that must not wait in a compressor';
      const started = await member.gql(
        `mutation($input: ConversationStartInput!) { conversationStart(input: $input) {
          message { id } userErrors { code message } } }`,
        { input: { recipientId: instructorRow.id, subject: 'Compression test', body: text } },
      );
      expect(started.data.conversationStart.userErrors).toEqual([]);

      // The event arrives as plain text (a compressed stream would hold it back, and not read so).
      const deadline = Date.now() + 3000;
      while (!Buffer.concat(received).toString('utf8').includes(text)) {
        if (Date.now() > deadline) throw new Error(`no plain event within 3 s: ${Buffer.concat(received)}`);
        await new Promise<void>((resolve) => {
          onData = resolve;
          setTimeout(resolve, 100);
        });
      }
      expect(Buffer.concat(received).toString('utf8')).toMatch(
        /event: next\ndata: \{.*An event that must not/,
      );
    } finally {
      req.destroy();
    }
  });
});
