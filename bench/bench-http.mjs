// A tiny keep-alive HTTP client for the bench (no dependencies, low overhead).
import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';
import { URL } from 'node:url';

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * POSTs JSON and resolves to { status, body, headers, ms } (ms: time to the last byte), over the
 * shared keep-alive agent unless `via` names another.
 * Never rejects: a network error gives status 0.
 */
export function postJson(baseUrl, path, body, cookie, via = agent) {
  const url = new URL(path, baseUrl);
  const payload = Buffer.from(JSON.stringify(body));
  const headers = { 'content-type': 'application/json', 'content-length': payload.length };
  if (cookie) headers.cookie = cookie;
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent: via },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms,
          });
        });
        res.on('error', () => resolve({ status: 0, body: '', headers: {}, ms: 0 }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error), headers: {}, ms: 0 }));
    req.end(payload);
  });
}

/**
 * GETs a path and resolves to { status, body, headers, ms }, sending `If-None-Match: etag` when
 * given (the cart poll: features/cart/useCartPoll.ts). Never rejects.
 */
export function getJson(baseUrl, path, cookie, etag, via = agent) {
  const url = new URL(path, baseUrl);
  const headers = {};
  if (cookie) headers.cookie = cookie;
  if (etag) headers['if-none-match'] = etag;
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'GET', headers, agent: via },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms,
          });
        });
        res.on('error', () => resolve({ status: 0, body: '', headers: {}, ms: 0 }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error), headers: {}, ms: 0 }));
    req.end();
  });
}

/** Percentiles (nearest rank) of a list of numbers, in ms with 2 decimals. */
export function percentiles(values) {
  if (values.length === 0) return { count: 0, p50: null, p95: null, p99: null, max: null, mean: null };
  const sorted = Float64Array.from(values).sort();
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const round = (n) => Math.round(n * 100) / 100;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return {
    count: values.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(mean),
  };
}
