import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { answerClusterMetrics } from './cluster-metrics';
import { configureLogging } from './logger';
import { flushRequestSummary } from './request-logging';
import { AppMetrics } from './metrics';
import { metricsRoute } from './metrics-route';

const TOKEN = 'metrics-test-token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Every log line of the app, as JSON objects (the app logs at info for this file).
const lines: Record<string, any>[] = [];
let t: TestApp;

beforeAll(async () => {
  configureLogging(
    { logLevel: 'info', logFormat: 'json' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  t = await startTestApp({ metricsToken: TOKEN, logLevel: 'info', logFormat: 'json' });
});
afterAll(async () => {
  await t?.close();
  configureLogging({ logLevel: 'silent', logFormat: 'json' });
});

const scrape = () => t.agent().get('/metrics').set('authorization', `Bearer ${TOKEN}`);

describe('request ids', () => {
  it('a request without one gets a new UUID in x-request-id', async () => {
    const res = await t.agent().get('/healthz');
    expect(res.headers['x-request-id']).toMatch(UUID);
    const again = await t.agent().get('/healthz');
    expect(again.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });

  it("keeps a load balancer's sane id and replaces one that is not", async () => {
    const kept = await t.agent().get('/healthz').set('x-request-id', 'lb-7f3a:0001.trace_id');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:0001.trace_id');
    for (const bad of [
      '<script>alert(1)</script>',
      'two words',
      '"quoted"',
      'x'.repeat(129),
      '{"level":"fatal"}',
    ]) {
      const res = await t.agent().get('/healthz').set('x-request-id', bad);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('every log line of a request carries its id; the finished line has route, status and operation', async () => {
    const res = await t
      .agent()
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('x-request-id', 'trace-graphql-1')
      .send({ query: 'query ObservabilityLog { __typename }' });
    expect(res.status).toBe(200);
    const line = lines.find((l) => l.requestId === 'trace-graphql-1' && l.msg === 'request finished');
    expect(line).toMatchObject({
      level: 'info',
      method: 'POST',
      route: '/graphql',
      path: '/graphql',
      status: 200,
      operation: 'ObservabilityLog',
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
    // Nothing of the request's headers (cookies, tokens) is logged.
    expect(JSON.stringify(lines)).not.toContain('content-type');
  });

  it("the cart poll's 304s are counted in a summary line, not one line each; its 200 keeps its own", async () => {
    const member = t.agent();
    const registered = await member
      .post('/api/register')
      .set('content-type', 'application/json')
      .send({ username: `poller${Date.now().toString(36)}`, password: 'grand-jete-2026' });
    expect(registered.status).toBe(201);
    const first = await member.get('/api/cart').set('x-request-id', 'trace-poll-200');
    expect(first.status).toBe(200);
    // every duty of a request, although the poll is answered before the app's other layers
    // (http/fast-routes.ts): its id, the security headers
    expect(first.headers['x-request-id']).toBe('trace-poll-200');
    expect(first.headers['content-security-policy']).toContain('sandbox');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    flushRequestSummary();
    for (let i = 0; i < 3; i++) {
      const poll = await member
        .get('/api/cart')
        .set('if-none-match', first.headers.etag as string)
        .set('x-request-id', `trace-poll-304-${i}`);
      expect(poll.status).toBe(304);
      // a 304 carries the caching fields, not the security headers the client's 200 already has
      // (RFC 9110, 15.4.5)
      expect(poll.headers.etag).toBe(first.headers.etag);
      expect(poll.headers['cache-control']).toBe('private, no-cache');
      expect(poll.headers['x-request-id']).toBe(`trace-poll-304-${i}`);
      expect(poll.headers['content-security-policy']).toBeUndefined();
      expect(poll.headers['x-frame-options']).toBeUndefined();
    }
    // an answer that is not a 304 still has them: the 401 of a poll without a session
    const guest = await t.agent().get('/api/cart');
    expect(guest.status).toBe(401);
    expect(guest.headers['content-security-policy']).toContain('sandbox');
    expect(guest.headers['x-content-type-options']).toBe('nosniff');
    expect(lines.find((l) => l.requestId === 'trace-poll-200')).toMatchObject({
      msg: 'request finished',
      method: 'GET',
      route: '/api/cart',
      path: '/api/cart',
      status: 200,
    });
    expect(lines.filter((l) => String(l.requestId).startsWith('trace-poll-304-'))).toEqual([]);
    flushRequestSummary();
    expect(lines.findLast((l) => l.msg === 'requests summarised')).toMatchObject({
      level: 'info',
      counts: { 'GET /api/cart 304': 3 },
    });
    // and its metrics, by route and status
    const metrics = (await scrape()).text;
    expect(metrics).toMatch(
      /^drx_http_request_duration_seconds_count\{method="GET",route="\/api\/cart",status="304"\} 3$/m,
    );
    expect(metrics).toMatch(
      /^drx_http_request_duration_seconds_count\{method="GET",route="\/api\/cart",status="200"\} 1$/m,
    );
  });

  it('a path is logged without its query string', async () => {
    await t.agent().get('/api/courses?secret=s3cr3t-value').set('x-request-id', 'trace-query-1');
    const line = lines.find((l) => l.requestId === 'trace-query-1' && l.msg === 'request finished');
    expect(line).toMatchObject({ route: '/api/courses', path: '/api/courses' });
    expect(JSON.stringify(lines)).not.toContain('s3cr3t-value');
  });
});

describe('/healthz and /readyz', () => {
  it('/healthz answers alive', async () => {
    const res = await t.agent().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready when the database, the storage and the queue answer', async () => {
    const res = await t.agent().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('/metrics', () => {
  it('answers 404 without METRICS_TOKEN', async () => {
    const app = express().get('/metrics', metricsRoute(new AppMetrics(), undefined));
    const res = await request(app).get('/metrics').set('authorization', 'Bearer anything');
    expect(res.status).toBe(404);
  });

  it('refuses a missing or wrong token', async () => {
    expect((await t.agent().get('/metrics')).status).toBe(401);
    expect((await t.agent().get('/metrics').set('authorization', `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await t.agent().get('/metrics').set('authorization', TOKEN)).status).toBe(401);
  });

  it('reports requests by route pattern, GraphQL operations, jobs and pools in the Prometheus format', async () => {
    const courseId = '00000000-0000-4000-8000-000000000001';
    await t.agent().get(`/api/courses/${courseId}`);
    await t.gql(t.agent(), 'query ObservabilityMetrics { __typename }');
    await t.gql(t.agent(), '{ __typename }');
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    // Node's default metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    // HTTP by route pattern, never the id.
    expect(text).toMatch(
      /^drx_http_request_duration_seconds_count\{method="GET",route="\/api\/courses\/:id",status="\d{3}"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^drx_http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/graphql",status="200"\}/m,
    );
    expect(text).not.toContain(courseId);
    // GraphQL by operation name and type; no name is `anonymous`.
    expect(text).toMatch(
      /^drx_graphql_operation_duration_seconds_count\{operation="ObservabilityMetrics",type="query"\} 1$/m,
    );
    expect(text).toMatch(
      /^drx_graphql_operation_duration_seconds_count\{operation="anonymous",type="query"\} [1-9]/m,
    );
    // Job queues (read from pg-boss when scraped) and failures.
    expect(text).toMatch(/^drx_jobs\{queue="[\w.-]+",state="\w+"\} \d+$/m);
    expect(text).toContain('# TYPE drx_job_failures_total counter');
    // Database pools: the ORM's, the read pool and pg-boss's.
    for (const pool of ['orm', 'read', 'jobs']) {
      expect(text).toMatch(
        new RegExp(`^drx_db_pool_connections\\{pool="${pool}",state="idle"\\} \\d+$`, 'm'),
      );
      expect(text).toMatch(new RegExp(`^drx_db_pool_waiting_requests\\{pool="${pool}"\\} \\d+$`, 'm'));
    }
  });

  it('a job handler that fails is counted for its queue', async () => {
    // A job whose data makes its handler throw: the booking hold job reads a uuid column.
    await t.handle.jobs.boss.offWork('booking.hold-expiry');
    await t.handle.jobs.send('booking.hold-expiry', { bookingId: 'not-a-uuid' });
    await t.handle.jobs.runDue('booking.hold-expiry');
    expect((await scrape()).text).toMatch(/^drx_job_failures_total\{queue="booking\.hold-expiry"\} 1$/m);
    const failed = lines.find((l) => l.job === 'booking.hold-expiry' && l.msg === 'job failed');
    expect(failed?.jobId).toEqual(expect.any(String));
    expect(failed?.err?.message).toBeTruthy();
  });

  it('a multi-process server answers one scrape for every worker (the primary aggregates)', async () => {
    answerClusterMetrics();
    cluster.setupPrimary({
      exec: path.join(__dirname, 'test', 'cluster-metrics-worker.ts'),
      execArgv: ['-r', '@swc-node/register'],
      silent: true,
    });
    const workers: Worker[] = [];
    try {
      const ports = await Promise.all(
        [0, 1].map(
          () =>
            new Promise<number>((resolve, reject) => {
              const worker = cluster.fork();
              workers.push(worker);
              worker.once('error', reject);
              worker.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
              worker.on('message', (m: { type?: string; port?: number }) => {
                if (m?.type === 'fixture:listening' && m.port) resolve(m.port);
              });
            }),
        ),
      );
      expect(ports[0]).toBe(ports[1]);
      const res = await fetch(`http://127.0.0.1:${ports[0]}/metrics`, {
        headers: { authorization: 'Bearer cluster-token' },
      });
      expect(res.status).toBe(200);
      // Each worker observed one request: the answer holds both.
      expect(await res.text()).toMatch(
        /^drx_http_request_duration_seconds_count\{method="GET",route="\/fixture",status="200"\} 2$/m,
      );
    } finally {
      for (const worker of workers) {
        worker.removeAllListeners('exit');
        worker.kill();
      }
    }
  }, 60_000);
});

describe('/readyz when a dependency is down', () => {
  it('answers 503 naming the failed check (the job queue stopped) while /healthz stays alive', async () => {
    await t.handle.jobs.stop();
    const res = await t.agent().get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', storage: 'ok', queue: 'failed' },
    });
    expect((await t.agent().get('/healthz')).status).toBe(200);
    expect(lines.some((l) => l.msg === 'readiness check failed' && l.check === 'queue')).toBe(true);
  });
});
