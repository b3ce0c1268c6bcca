import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../dev/fake-stripe/src';
import { startS3Server, type TestS3 } from '../../api/src/test/s3-server';
import { DEMO_TWO_STEP_KEY, totpCode } from '../support/two-step';

// Two app instances as on two machines: the production build, each its own process with its own
// DATA_DIR, sharing nothing but one PostgreSQL database and one S3-compatible object store (an
// in-process S3 server) — no shared memory, no shared disk. Sessions, uploads, checkout, the job
// queue, webhooks, the sign-in throttle and the rate limits must behave as one server.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const database = `drx_two_${Date.now().toString(36)}`;
const PASSWORD = 'drx-demo-2026';
const RATE_LIMIT = 120;

interface Instance {
  name: string;
  base: string;
  dataDir: string;
  process: ChildProcess;
  output: string;
}

const instances: Instance[] = [];
let fake: FakeStripe;
let s3: TestS3;
let receiver: http.Server;
let receiverUrl = '';
/** The webhook deliveries the receiver got: their id, type and data. */
const deliveries: { id: string; type: string; data: Record<string, unknown>; signatureOk: boolean }[] = [];
let addressCounter = 0;
/** The secret of the webhook endpoint the test registers (the app makes it). */
let endpointSecret = '';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** One row of a query on the shared database. */
async function query<T>(sql: string, params: unknown[]): Promise<T> {
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows[0] as T;
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, probe: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: gave up (last ${JSON.stringify(value)})\n${instances.map((i) => i.output).join('\n')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function start(name: string, seed: boolean): Promise<Instance> {
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `drx-machine-${name}-`));
  const child = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'one secret for every machine of the deployment',
      SEED: seed ? 'true' : 'false',
      // Nothing here plays the demo's lesson videos: not made (ffmpeg's CPU goes to the other spec).
      DEMO_VIDEOS: 'false',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_API_BASE: fake.url,
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { name, base: `http://127.0.0.1:${port}`, dataDir, process: child, output: '' };
  child.stdout?.on('data', (d) => (instance.output += d));
  child.stderr?.on('data', (d) => (instance.output += d));
  await until(
    `${name} to start`,
    () => instance.output,
    (text) => text.includes('DRX is running') || child.exitCode !== null,
  );
  expect(child.exitCode, instance.output).toBeNull();
  instances.push(instance);
  return instance;
}

/** A client with its own address (X-Forwarded-For; TRUST_PROXY is on) and cookie, on either machine. */
function client() {
  const address = `198.51.100.${++addressCounter}`;
  let cookie = '';
  const jar = new Map<string, string>();
  async function call(
    machine: Instance,
    method: string,
    urlPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${machine.base}${urlPath}`, {
      method,
      headers: {
        'x-forwarded-for': address,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    // A cookie jar of the client's cookies by name (the session's, and a pending second step's).
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (pair.endsWith('=')) jar.delete(name);
      else jar.set(name, pair);
    }
    cookie = [...jar.values()].join('; ');
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  }
  return {
    address,
    call,
    gql: (machine: Instance, query: string, variables: Record<string, unknown> = {}) =>
      call(machine, 'POST', '/graphql', { query, variables }),
    /** `POST /api/login`; the seeded staff then send their demo key's code (support/two-step.ts). */
    signIn: async (machine: Instance, username: string, password = PASSWORD) => {
      const login = await call(machine, 'POST', '/api/login', { username, password });
      if (login.status !== 202) return login;
      // A code works once per account: when this step's and the next one's were used (an earlier
      // sign-in of the same account within the minute), wait for the next 30-second step.
      for (let round = 0; round < 3; round++) {
        for (const steps of [0, 1]) {
          const code = await totpCode(DEMO_TWO_STEP_KEY, steps);
          const done = await call(machine, 'POST', '/api/login/second-step', { code });
          if (done.status === 200) return done;
        }
        await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
      }
      throw new Error(`${username}: no code of the demo key was accepted`);
    },
  };
}

/** Verifies a Standard Webhooks signature the way a receiver would, from the spec alone. */
function signatureValid(id: string, timestamp: string, body: string, header: string): boolean {
  const key = Buffer.from(endpointSecret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return header.split(' ').some((part) => part === `v1,${expected}`);
}

beforeAll(async () => {
  for (const file of ['api/dist/main.js', 'web/dist/index.html']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error('Build first: npm run build');
  }
  await admin(`create database "${database}"`);
  fake = await startFakeStripe();
  s3 = await startS3Server();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      deliveries.push({
        id,
        type: parsed.type,
        data: parsed.data,
        signatureOk: signatureValid(
          id,
          String(req.headers['webhook-timestamp']),
          body,
          String(req.headers['webhook-signature']),
        ),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hooks`;
  // A migrates and seeds; B starts on the same database as a second machine would.
  await start('A', true);
  await start('B', false);
}, 180_000);

afterAll(async () => {
  for (const instance of instances) {
    if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    fs.rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await new Promise((r) => setTimeout(r, 500));
  await admin(`drop database if exists "${database}" with (force)`);
  await fake?.close();
  await s3?.close();
  receiver?.close();
});

const [A, B] = [() => instances[0], () => instances[1]];

describe('two machines sharing PostgreSQL and an object store', () => {
  it('a member signs in on A and is signed in on B', async () => {
    const member = client();
    expect((await member.signIn(A(), 'member')).status).toBe(200);
    const me = await member.gql(B(), '{ me { username } }');
    expect(me.json.data.me).toEqual({ username: 'member' });
    // Signing out on B ends the session on A too.
    expect((await member.call(B(), 'POST', '/api/logout')).status).toBe(200);
    expect((await member.gql(A(), '{ me { username } }')).json.data.me).toBeNull();
  });

  it('an avatar uploaded on B shows on A, from the object store', async () => {
    const member = client();
    await member.signIn(B(), 'member');
    const png = fs.readFileSync(path.join(root, 'web/public/images/og-default.png'));
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'me.png');
    const upload = await member.call(B(), 'POST', '/api/profile/image', form);
    expect(upload.status, upload.text).toBe(200);
    const url = (await member.gql(A(), '{ me { profileImageUrl } }')).json.data.me.profileImageUrl as string;
    expect(url).toBeTruthy();
    const fromA = await fetch(new URL(url, A().base), { redirect: 'follow' });
    expect(fromA.status).toBe(200);
    expect(fromA.headers.get('content-type')).toBe('image/webp');
    // Neither machine's disk holds it.
    const onDisk = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile() && e.name.endsWith('.webp'))
            .map((e) => e.name)
        : [];
    expect([...onDisk(A().dataDir), ...onDisk(B().dataDir)]).toEqual([]);
    expect((await s3.keys('public/')).some((key) => key.endsWith('.webp'))).toBe(true);
  });

  it('a checkout started on A, its Stripe webhook delivered to B and confirmed on A, fulfils once and sends order.paid once', async () => {
    const staff = client();
    await staff.signIn(A(), 'admin');
    const endpoint = await staff.gql(
      A(),
      `mutation($input: WebhookEndpointCreateInput!) { webhookEndpointCreate(input: $input) {
        endpoint { id } secret userErrors { code field message } } }`,
      { input: { url: receiverUrl, description: 'two machines', events: ['order.paid'] } },
    );
    expect(endpoint.json.data.webhookEndpointCreate.userErrors).toEqual([]);
    endpointSecret = endpoint.json.data.webhookEndpointCreate.secret as string;
    expect(endpointSecret).toMatch(/^whsec_/);

    const member = client();
    await member.signIn(A(), 'member');
    const resources = await member.gql(
      A(),
      `{ resources(first: 20) { nodes { id priceCents viewerCanDownload } } }`,
    );
    const resource = (
      resources.json.data.resources.nodes as { id: string; priceCents: number; viewerCanDownload: boolean }[]
    ).find((r) => r.priceCents > 0 && !r.viewerCanDownload)!;
    expect(
      (await member.call(A(), 'POST', '/api/cart', { itemType: 'resource', itemId: resource.id })).status,
    ).toBe(201);
    const started = await member.gql(
      A(),
      `mutation($input: CheckoutStartInput!) { checkoutStart(input: $input) {
        order { id status } payment { clientSecret } userErrors { code message } } }`,
      { input: { idempotencyKey: randomUUID() } },
    );
    const { order, payment } = started.json.data.checkoutStart;
    expect(order.status).toBe('pending');
    const piId = String(payment.clientSecret).split('_secret_')[0];
    const pi = fake.setPaymentIntentStatus(piId, 'succeeded');
    const { body, signature } = fake.signEvent({ type: 'payment_intent.succeeded', data: { object: pi } });

    // The webhook reaches B twice while the buyer's browser confirms on A.
    const [hook1, hook2, confirm] = await Promise.all([
      fetch(`${B().base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      }),
      fetch(`${B().base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      }),
      member.gql(
        A(),
        `mutation($input: OrderIdInput!) { checkoutConfirm(input: $input) { order { status } userErrors { code } } }`,
        {
          input: { orderId: order.id },
        },
      ),
    ]);
    expect([hook1.status, hook2.status]).toEqual([200, 200]);
    expect(confirm.json.data.checkoutConfirm.order.status).toBe('paid');
    const owned = await member.gql(B(), `query($id: ID!) { resource(id: $id) { viewerCanDownload } }`, {
      id: resource.id,
    });
    expect(owned.json.data.resource.viewerCanDownload).toBe(true);

    // One entitlement and one seller ledger row, whoever fulfilled.
    const counts = await query<{ entitlements: number; earnings: number; status: string }>(
      `select (select count(*)::int from entitlements where order_id = $1) as entitlements,
              (select count(*)::int from seller_earnings where order_id = $1) as earnings,
              (select status from orders where id = $1) as status`,
      [order.id],
    );
    expect(counts).toEqual({ entitlements: 1, earnings: 1, status: 'paid' });

    // Both machines work the job queue; the event goes out once.
    const paid = await until(
      'the order.paid delivery',
      () => deliveries.filter((d) => d.type === 'order.paid' && JSON.stringify(d.data).includes(order.id)),
      (found) => found.length >= 1,
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect(
      deliveries.filter((d) => d.type === 'order.paid' && JSON.stringify(d.data).includes(order.id)),
    ).toHaveLength(1);
    expect(paid[0].signatureOk).toBe(true);
  });

  it('the sign-in throttle counts failures on both machines together', async () => {
    const guest = client();
    for (let i = 0; i < 5; i++) {
      const res = await guest.signIn(i % 2 ? B() : A(), 'seller', 'wrong password');
      expect(res.status).toBe(401);
    }
    expect((await guest.signIn(A(), 'seller')).status).toBe(429);
    expect((await guest.signIn(B(), 'seller')).status).toBe(429);
  });

  it('the rate limit of an address counts requests on both machines together', async () => {
    const guest = client();
    let last = { status: 0, headers: new Headers() };
    for (let i = 0; i < RATE_LIMIT; i++) {
      last = await guest.gql(i % 2 ? B() : A(), '{ __typename }');
      expect(last.status, `request ${i + 1}`).toBe(200);
    }
    const over = await guest.gql(A(), '{ __typename }');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await guest.gql(B(), '{ __typename }')).status).toBe(429);
    // Another address is not affected.
    expect((await client().gql(B(), '{ __typename }')).status).toBe(200);
  });
});
