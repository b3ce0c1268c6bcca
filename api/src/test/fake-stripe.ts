import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that speaks enough of Stripe's REST API for the real `stripe` SDK: PaymentIntents,
 * refunds and Connect accounts. Bodies are form-encoded (`metadata[orderId]=…`), answers are JSON in
 * Stripe's object shapes, and an `Idempotency-Key` replays the first answer. Tests point the app at it
 * with `startTestApp({ stripeSecretKey: 'sk_test_fake', stripeApiBase: fake.url, stripeWebhookSecret })`.
 */
export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeAccount: string | null;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  latest_charge: string | null;
  [key: string]: unknown;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  country: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  metadata: Record<string, string>;
  created: number;
  [key: string]: unknown;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string | null;
  charge: string | null;
  status: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
  [key: string]: unknown;
}

export interface FakeStripe {
  /** e.g. `http://127.0.0.1:49152` — the value for `stripeApiBase`. */
  url: string;
  close(): Promise<void>;
  accounts: Map<string, FakeAccount>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every request in arrival order (replays of an idempotency key included). */
  requests: FakeStripeRequest[];
  /** Sets a PaymentIntent's status (as a card payment or failure would) and returns it. */
  setPaymentIntentStatus(id: string, status: string): FakePaymentIntent;
  /** Marks a Connect account as fully onboarded (or not). */
  setAccountComplete(id: string, complete: boolean): FakeAccount;
  /** A webhook delivery: the JSON body and its `Stripe-Signature` header for `secret`. */
  signEvent(
    event: { id?: string; type: string; data: { object: unknown } } & Record<string, unknown>,
    secret?: string,
  ): { body: string; signature: string };
}

const DEFAULT_WEBHOOK_SECRET = 'whsec_test';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** Sets `obj[a][b][c] = value` for the form key `a[b][c]` (array keys `a[]` / `a[0]` push). */
function assignFormKey(target: Record<string, unknown>, key: string, value: string): void {
  const parts = key.split('[').map((p, i) => (i === 0 ? p : p.replace(/\]$/, '')));
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const last = i === parts.length - 1;
    if (Array.isArray(node)) {
      if (last) {
        if (part === '') node.push(value);
        else node[Number(part)] = value;
        return;
      }
      const idx = part === '' ? node.length : Number(part);
      const nextIsArray = parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]);
      node[idx] ??= nextIsArray ? [] : {};
      node = node[idx] as Record<string, unknown> | unknown[];
      continue;
    }
    if (last) {
      node[part] = value;
      return;
    }
    const nextIsArray = parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]);
    node[part] ??= nextIsArray ? [] : {};
    node = node[part] as Record<string, unknown> | unknown[];
  }
}

export function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) assignFormKey(out, key, value);
  return out;
}

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function metadataOf(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object') return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x)]));
}

function intParam(body: Record<string, unknown>, name: string, required: boolean): number | undefined {
  const raw = body[name];
  if (raw === undefined) {
    if (required)
      throw new FakeStripeError(
        400,
        `Missing required param: ${name}.`,
        undefined,
        'parameter_missing',
        name,
      );
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new FakeStripeError(
      400,
      `Invalid integer: ${String(raw)}`,
      undefined,
      'parameter_invalid_integer',
      name,
    );
  return n;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const accounts = new Map<string, FakeAccount>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeStripeRequest[] = [];
  /** `${method} ${path} ${key}` → the first answer. */
  const idempotent = new Map<string, { status: number; body: unknown }>();

  function paymentIntent(id: string): FakePaymentIntent {
    const pi = paymentIntents.get(id);
    if (!pi)
      throw new FakeStripeError(
        404,
        `No such payment_intent: '${id}'`,
        undefined,
        'resource_missing',
        'intent',
      );
    return pi;
  }

  function account(id: string): FakeAccount {
    const acct = accounts.get(id);
    if (!acct)
      throw new FakeStripeError(404, `No such account: '${id}'`, undefined, 'resource_missing', 'account');
    return acct;
  }

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = intParam(body, 'amount', true)!;
      const currency = str(body.currency);
      if (!currency)
        throw new FakeStripeError(
          400,
          'Missing required param: currency.',
          undefined,
          'parameter_missing',
          'currency',
        );
      if (amount < 50)
        throw new FakeStripeError(
          400,
          'Amount must be at least $0.50 usd',
          undefined,
          'amount_too_small',
          'amount',
        );
      const id = newId('pi');
      const pi: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: currency.toLowerCase(),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        description: str(body.description) ?? null,
        metadata: metadataOf(body.metadata),
        created: now(),
        livemode: false,
        latest_charge: null,
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        payment_method_types: ['card'],
        automatic_payment_methods: body.automatic_payment_methods ? { enabled: true } : null,
      };
      paymentIntents.set(id, pi);
      return { status: 200, body: pi };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      return { status: 200, body: paymentIntent(m[1]) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const pi = paymentIntent(m[1]);
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw new FakeStripeError(
          400,
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      pi.status = 'canceled';
      pi.cancellation_reason = str(body.cancellation_reason) ?? null;
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const piId = str(body.payment_intent);
      if (!piId)
        throw new FakeStripeError(
          400,
          'One of the following params should be provided for this request: payment_intent or charge.',
        );
      const pi = paymentIntent(piId);
      if (pi.status !== 'succeeded') {
        throw new FakeStripeError(
          400,
          `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
          undefined,
          'charge_not_refundable',
        );
      }
      const already = [...refunds.values()]
        .filter((r) => r.payment_intent === piId)
        .reduce((s, r) => s + r.amount, 0);
      const amount = intParam(body, 'amount', false) ?? pi.amount - already;
      if (amount <= 0 || amount + already > pi.amount) {
        throw new FakeStripeError(
          400,
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
          undefined,
          'amount_too_large',
          'amount',
        );
      }
      const refund: FakeRefund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: piId,
        charge: pi.latest_charge,
        status: 'succeeded',
        reason: str(body.reason) ?? null,
        metadata: metadataOf(body.metadata),
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const acct: FakeAccount = {
        id: newId('acct'),
        object: 'account',
        type: str(body.type) ?? 'express',
        email: str(body.email) ?? null,
        country: str(body.country) ?? 'US',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
          eventually_due: [],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        },
        capabilities: body.capabilities ?? {},
        metadata: metadataOf(body.metadata),
        created: now(),
      };
      accounts.set(acct.id, acct);
      return { status: 200, body: acct };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      return { status: 200, body: account(m[1]) };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const acctId = str(body.account);
      if (!acctId)
        throw new FakeStripeError(
          400,
          'Missing required param: account.',
          undefined,
          'parameter_missing',
          'account',
        );
      account(acctId);
      if (!str(body.refresh_url) || !str(body.return_url)) {
        throw new FakeStripeError(
          400,
          'Missing required param: return_url.',
          undefined,
          'parameter_missing',
          'return_url',
        );
      }
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.test/setup/e/${acctId}/${randomBytes(6).toString('hex')}`,
        },
      };
    }
    throw new FakeStripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const body = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(raw);
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const stripeAccount = (req.headers['stripe-account'] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, body, idempotencyKey, stripeAccount });

      let answer: { status: number; body: unknown };
      const auth = req.headers.authorization ?? '';
      if (!/^Bearer sk_(test|live)_/.test(auth)) {
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else {
        const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
        const replay = replayKey ? idempotent.get(replayKey) : undefined;
        if (replay) {
          answer = replay;
        } else {
          try {
            answer = route(method, url.pathname, body);
          } catch (e) {
            if (!(e instanceof FakeStripeError)) throw e;
            answer = {
              status: e.status,
              body: { error: { type: e.type, message: e.message, code: e.code, param: e.param } },
            };
          }
          // Stripe stores the first answer (errors of 4xx included) for 24 hours.
          if (replayKey && method === 'POST') idempotent.set(replayKey, answer);
        }
      }
      const json = JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      });
      res.end(json);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhooks = new Stripe('sk_test_fake').webhooks;

  return {
    url: `http://127.0.0.1:${port}`,
    accounts,
    paymentIntents,
    refunds,
    requests,
    setPaymentIntentStatus(id, status) {
      const pi = paymentIntent(id);
      pi.status = status;
      if (status === 'succeeded') {
        pi.amount_received = pi.amount;
        pi.latest_charge ??= newId('ch');
      }
      return pi;
    },
    setAccountComplete(id, complete) {
      const acct = account(id);
      acct.charges_enabled = complete;
      acct.payouts_enabled = complete;
      acct.details_submitted = complete;
      acct.requirements.currently_due = complete ? [] : ['external_account'];
      acct.requirements.disabled_reason = complete ? null : 'requirements.past_due';
      return acct;
    },
    signEvent(event, secret = DEFAULT_WEBHOOK_SECRET) {
      const full = {
        object: 'event',
        api_version: '2025-01-01',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        ...event,
        id: event.id ?? newId('evt'),
      };
      const body = JSON.stringify(full);
      const signature = webhooks.generateTestHeaderString({ payload: body, secret });
      return { body, signature };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
