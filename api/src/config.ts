import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type S3Config, s3ConfigFrom } from './storage/s3-config';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every environment variable the server reads, parsed and validated in one place. */
export interface Config {
  port: number;
  host: string;
  production: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /** Files served only through access checks (resource files); never under /uploads. */
  privateDir: string;
  /**
   * S3-compatible object storage for both areas of files (S3_BUCKET and the other S3_* variables,
   * storage/s3-config.ts); undefined: the local folders above (storage/create-storage.ts).
   */
  s3: S3Config | undefined;
  sessionSecret: string;
  webDist: string;
  /**
   * Seed the demo data (SEED). Default: only on the embedded database outside production; with
   * DATABASE_URL only when SEED=true is set. Refused in production: the demo accounts share the
   * published password.
   */
  seed: boolean;
  /**
   * With the seed, queue the demo course's hosted lesson videos (DEMO_VIDEOS, default on with the
   * seed): two 8-second clips the job queue makes and transcodes with ffmpeg after the start (about
   * 15 s of CPU). `false` leaves them out, for a seeded server whose videos nobody watches (the
   * cart bench, the e2e specs that start servers of their own).
   */
  demoVideos: boolean;
  /**
   * How long the demo lessons' generated clip is: DEMO_VIDEO_SECONDS (no environment variable).
   * The integration tests' apps set 2 (test/test-app.ts): the same processing of a 720p clip, with a
   * quarter of ffmpeg's work.
   */
  demoVideoSeconds: number;
  /**
   * How many steps of CPU priority below the server's own its video children run (VIDEO_NICE,
   * 0–19, default 10): ffmpeg and ffprobe, started by the job worker in the web process, get
   * `nice + this` (the kernel caps it at 19), so a transcode takes the CPU the requests leave.
   */
  videoNice: number;
  /**
   * Server processes (WEB_CONCURRENCY, default 1): more than one forks that many workers sharing the
   * port, one per core being the usual choice. Needs DATABASE_URL (the embedded database is one process's).
   */
  workers: number;
  publicUrl: string;
  /** Trust X-Forwarded-* from one proxy hop (behind a load balancer). */
  trustProxy: boolean;
  /** Mark the session cookie Secure (HTTPS only). Default: on in production. */
  cookieSecure: boolean;
  /**
   * Stripe: with a secret key the StripeProvider is used. Without one, the labelled test provider
   * when `paymentsTestMode` is on, else no provider (checkout of anything not free is refused).
   */
  stripeSecretKey: string | undefined;
  /**
   * PAYMENTS_TEST_MODE: without a Stripe key, take "payments" with the labelled test provider (no
   * money moves). Default: on outside production, off in production.
   */
  paymentsTestMode: boolean;
  /**
   * REGISTRATION_LIMIT: the hard ceiling of accounts one client address may register per hour, a
   * last resort behind the proof-of-work challenge (0: no ceiling).
   */
  registrationLimit: number;
  /**
   * REGISTRATION_CHALLENGE_AFTER: registrations one client address may make per hour before each
   * further one needs a solved proof-of-work challenge (auth/signup-challenge.ts). Default 3; 0: every
   * registration needs one.
   */
  registrationChallengeAfter: number;
  /**
   * Whether admins and curriculum officers need a second factor for staff operations, and sellers
   * and instructors for changing payout details (account/two-step/). Always true outside tests: not
   * a setting; the test app turns it off for suites that sign in as staff by password alone.
   */
  twoStepRequired: boolean;
  /**
   * RATE_LIMIT_PER_MINUTE: requests to /graphql and /api/* one client address may make per minute
   * without an API token, counted across all processes (http/rate-limit.ts). Default 600; 0: no limit.
   */
  rateLimitPerMinute: number;
  /** RATE_LIMIT_TOKEN_PER_MINUTE: requests per minute per API token. Default 1200; 0: no limit. */
  rateLimitTokenPerMinute: number;
  /**
   * QUERY_COST_PER_MINUTE: the query cost one API token, or one client address without a token, may
   * spend per minute on /graphql and /api/* (the cost of graphql/query-cost.ts, reported with what is
   * left in `extensions.cost.throttleStatus`). Default 200 000; 0: no budget.
   */
  queryCostPerMinute: number;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Where the Stripe SDK sends requests (tests point it at a local fake Stripe server). */
  stripeApiBase: string | undefined;
  /**
   * MAX_ORDER_TOTAL_CENTS: the largest order (its subtotal, US cents) checkout accepts; a bigger cart
   * is refused with a message. Default 10 000 000 ($100,000.00); at most 2 147 483 647.
   */
  maxOrderTotalCents: number;
  /**
   * SMTP_URL (e.g. `smtps://user:pass@smtp.example.com:465`): mail goes out over SMTP. Unset: every
   * mail is kept in the `mail_outbox` table only (admins read it at /admin/outbox).
   */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of the app's mail. Default `DRX <no-reply@drx.local>`. */
  mailFrom: string;
  /**
   * STORE_SECRETS_KEY (32 bytes: 64 hex characters or base64): encrypts the connected store's tokens
   * at rest (AES-256-GCM). Outside production without it: generated once into
   * DATA_DIR/.store-secrets-key (on first use). Production without it: undefined, and connecting a
   * store is refused with a message saying so.
   */
  storeSecretsKey: Buffer | undefined;
  /**
   * DEMO_STORE: the built-in demo store (a local Shopify stand-in at /demo-store) is served and used
   * while no store is connected. Default on outside production (DEMO_STORE=false turns it off);
   * always off in production (DEMO_STORE=true there is refused at boot).
   */
  demoStore: boolean;
  /**
   * Where the server itself reaches the demo store (DEMO_STORE_URL; default
   * `http://127.0.0.1:<PORT>/demo-store`). Undefined when `demoStore` is off. Browser-facing demo
   * URLs use `publicUrl + '/demo-store/...'` instead.
   */
  demoStoreUrl: string | undefined;
  /**
   * The built demo store the server loads at start when `demoStore` is on (DEMO_STORE_MODULE: a
   * JavaScript file exporting `createDemoStore`; default dev/demo-store/dist/index.js of the checkout
   * it runs from, which `npm start` builds). The store is not part of the app: api/src/dev-fakes.ts.
   */
  demoStoreModule?: string;
  /** How often idle job workers poll (seconds; tests lower it). Default 2. */
  jobPollingIntervalSeconds?: number;
  /**
   * LOG_LEVEL: the least severe log lines written (fatal, error, warn, info, debug, trace or silent).
   * Default `info`; `warn` when NODE_ENV=test (servers started by the e2e suite).
   */
  logLevel: LogLevel;
  /**
   * LOG_FORMAT: `json` (one JSON object a line, for log collectors) or `plain` (one readable line,
   * for a terminal). Default `json` in production, `plain` elsewhere.
   */
  logFormat: 'json' | 'plain';
  /**
   * METRICS_TOKEN: `GET /metrics` (Prometheus) answers only with `Authorization: Bearer
   * <METRICS_TOKEN>`; unset, /metrics answers 404.
   */
  metricsToken: string | undefined;
  /**
   * WEBHOOKS_ALLOW_PRIVATE_NETWORKS: outgoing webhooks may reach private, loopback, link-local and
   * other non-public addresses, and plain http:// endpoints in production. Default off (SSRF guard,
   * modules/webhooks/webhook-address.ts); for a receiver on the same host or network only.
   */
  webhooksAllowPrivateNetworks: boolean;
  /**
   * The waits between a webhook message's delivery attempts (seconds; tests shorten them). Default:
   * modules/webhooks/webhook-schedule.ts (5 s, 5 min, 30 min, 2 h, 5 h, 10 h × 5, then the rest of 3 days).
   */
  webhookRetryDelaysSeconds?: number[];
  /**
   * Sign in with an identity provider (OpenID Connect, modules/identities): OIDC_ISSUER,
   * OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME (the button's "Continue with <name>"). Undefined
   * when OIDC_ISSUER is unset: no button, and the routes answer 404.
   */
  oidc: OidcConfig | undefined;
  /** Per-kind overrides of the upload size limits in bytes (tests lower them; unset in production). */
  uploadLimits?: Partial<
    Record<'document' | 'spreadsheet' | 'text' | 'audio' | 'video' | 'image' | 'other', number>
  >;
}

/** The identity provider the app signs people in with (config.oidc). */
export interface OidcConfig {
  /** The issuer URL (its /.well-known/openid-configuration is read at the first sign-in). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the button calls the provider: "Continue with <name>". */
  name: string;
}

/** OIDC_*: undefined when OIDC_ISSUER is unset; https only, except a provider on this machine. */
export function oidcConfigFrom(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER must be a URL such as https://accounts.google.com, got "${issuer}"`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error('OIDC_ISSUER must be an https:// URL (http:// only for a provider on this machine)');
  }
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET ?? '';
  if (!clientId || !clientSecret) {
    throw new Error('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set when OIDC_ISSUER is set');
  }
  const name = env.OIDC_NAME?.trim() || url.hostname;
  if (name.length > 40) throw new Error('OIDC_NAME must be at most 40 characters');
  return { issuer, clientId, clientSecret, name };
}

function intFrom(name: string, raw: string | undefined, fallback: number, max = 65535): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new Error(`${name} must be an integer between 0 and ${max}, got "${raw}"`);
  }
  return n;
}

function boolFrom(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** Outside production: a random secret kept in DATA_DIR, so sessions survive restarts. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, '.session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** STORE_SECRETS_KEY: 32 bytes written as 64 hex characters or as base64. */
function storeSecretsKeyFrom(raw: string): Buffer {
  const trimmed = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : Buffer.alloc(0);
  if (key.length !== 32) {
    throw new Error(
      'STORE_SECRETS_KEY must be 32 bytes written as 64 hex characters or as base64 ' +
        '(e.g. the output of `openssl rand -hex 32`)',
    );
  }
  return key;
}

/** Outside production: a random store secrets key kept in DATA_DIR, so saved tokens survive restarts. */
function localStoreSecretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, '.store-secrets-key');
  let saved: string;
  try {
    saved = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      // Exclusive: of several processes starting together, one key wins and all use it.
      fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      saved = fs.readFileSync(file, 'utf8');
    }
  }
  try {
    return storeSecretsKeyFrom(saved);
  } catch {
    throw new Error(`${file} does not hold a 32-byte key (64 hex characters); restore or remove it`);
  }
}

/** The demo lessons' generated clip: 8 seconds, long enough to watch half of it and seek in it. */
export const DEMO_VIDEO_SECONDS = 8;

/** VIDEO_NICE's default: ffmpeg and ffprobe run 10 steps below the server's CPU priority. */
export const DEFAULT_VIDEO_NICE = 10;

/** The private storage folder: PRIVATE_DIR, else DATA_DIR/private. */
export function privateDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PRIVATE_DIR || path.join(path.resolve(env.DATA_DIR || '.data'), 'private'));
}

/**
 * The hard ceiling of accounts one client address may register per hour unless REGISTRATION_LIMIT
 * says otherwise: far above a class signing up together (each past the first few solves a
 * proof-of-work challenge), it bounds what one address can create with fast hardware.
 */
export const DEFAULT_REGISTRATION_LIMIT = 200;

/** Registrations per client address and hour without a challenge unless REGISTRATION_CHALLENGE_AFTER says otherwise. */
export const DEFAULT_REGISTRATION_CHALLENGE_AFTER = 3;

/**
 * Requests a minute per client address unless RATE_LIMIT_PER_MINUTE says otherwise: a signed-in
 * tab polls the cart every 3 s (20 a minute) and a page opens with a handful of queries, so a
 * household or an office behind one NAT address browses far below it.
 */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
/** Requests a minute per API token unless RATE_LIMIT_TOKEN_PER_MINUTE says otherwise (20 a second). */
export const DEFAULT_RATE_LIMIT_TOKEN_PER_MINUTE = 1200;
/**
 * Query cost a minute per token or address unless QUERY_COST_PER_MINUTE says otherwise: ten of the
 * costliest operations allowed (20 000 each), or a few hundred ordinary pages.
 */
export const DEFAULT_QUERY_COST_PER_MINUTE = 200_000;

/** The default MAX_ORDER_TOTAL_CENTS: $100,000.00. */
export const DEFAULT_MAX_ORDER_TOTAL_CENTS = 10_000_000;

/** Every amount of an order stays within the sellers' ledger's 32-bit columns below this. */
const MAX_ORDER_TOTAL_LIMIT = 2_147_483_647;

function maxOrderTotalFrom(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_MAX_ORDER_TOTAL_CENTS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_ORDER_TOTAL_LIMIT) {
    throw new Error(
      `MAX_ORDER_TOTAL_CENTS must be a whole number of cents between 1 and ${MAX_ORDER_TOTAL_LIMIT}, got "${raw}"`,
    );
  }
  return n;
}

function logLevelFrom(raw: string | undefined, fallback: LogLevel): LogLevel {
  if (raw === undefined || raw === '') return fallback;
  const level = raw.toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
}

function logFormatFrom(raw: string | undefined, fallback: 'json' | 'plain'): 'json' | 'plain' {
  if (raw === undefined || raw === '') return fallback;
  if (raw !== 'json' && raw !== 'plain') throw new Error(`LOG_FORMAT must be json or plain, got "${raw}"`);
  return raw;
}

/** The sender of the app's mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'DRX <no-reply@drx.local>';

function smtpUrlFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  }
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = intFrom('PORT', env.PORT, 4000);
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (production && !env.SESSION_SECRET)
    throw new Error('SESSION_SECRET must be set when NODE_ENV=production');
  // Demo data on the embedded database of `npm start`, or when asked for; never in production.
  const seed = boolFrom(env.SEED, !databaseUrl && !production);
  if (production && seed) {
    throw new Error(
      'SEED=true cannot be used with NODE_ENV=production: the demo accounts share the published ' +
        'password. Unset SEED (or set SEED=false).',
    );
  }
  const sessionSecret = env.SESSION_SECRET || localSessionSecret(dataDir);
  const demoStore = boolFrom(env.DEMO_STORE, !production);
  if (production && demoStore) {
    throw new Error(
      'DEMO_STORE=true cannot be used with NODE_ENV=production: the demo store is a local stand-in ' +
        'for tests and trials. Unset DEMO_STORE (or set DEMO_STORE=false) and connect a real store.',
    );
  }
  const storeSecretsKey = env.STORE_SECRETS_KEY ? storeSecretsKeyFrom(env.STORE_SECRETS_KEY) : undefined;
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    production,
    databaseUrl,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    privateDir: privateDirFrom(env),
    s3: s3ConfigFrom(env),
    sessionSecret,
    webDist: path.resolve(env.WEB_DIST || path.join(__dirname, '..', '..', 'web', 'dist')),
    seed,
    demoVideos: seed && boolFrom(env.DEMO_VIDEOS, true),
    demoVideoSeconds: DEMO_VIDEO_SECONDS,
    videoNice: intFrom('VIDEO_NICE', env.VIDEO_NICE, DEFAULT_VIDEO_NICE, 19),
    workers: Math.max(1, intFrom('WEB_CONCURRENCY', env.WEB_CONCURRENCY, 1)),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    trustProxy: boolFrom(env.TRUST_PROXY, false),
    cookieSecure: boolFrom(env.COOKIE_SECURE, production),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    paymentsTestMode: boolFrom(env.PAYMENTS_TEST_MODE, !production),
    registrationLimit: intFrom('REGISTRATION_LIMIT', env.REGISTRATION_LIMIT, DEFAULT_REGISTRATION_LIMIT),
    registrationChallengeAfter: intFrom(
      'REGISTRATION_CHALLENGE_AFTER',
      env.REGISTRATION_CHALLENGE_AFTER,
      DEFAULT_REGISTRATION_CHALLENGE_AFTER,
    ),
    twoStepRequired: true,
    rateLimitPerMinute: intFrom(
      'RATE_LIMIT_PER_MINUTE',
      env.RATE_LIMIT_PER_MINUTE,
      DEFAULT_RATE_LIMIT_PER_MINUTE,
      // As the query cost: what the rate-limit table's 32-bit counter holds (a load test from one
      // address makes more than 65535 requests a minute).
      2_147_483_647,
    ),
    rateLimitTokenPerMinute: intFrom(
      'RATE_LIMIT_TOKEN_PER_MINUTE',
      env.RATE_LIMIT_TOKEN_PER_MINUTE,
      DEFAULT_RATE_LIMIT_TOKEN_PER_MINUTE,
    ),
    queryCostPerMinute: intFrom(
      'QUERY_COST_PER_MINUTE',
      env.QUERY_COST_PER_MINUTE,
      DEFAULT_QUERY_COST_PER_MINUTE,
      // The rate-limit table counts in a 32-bit integer.
      2_147_483_647,
    ),
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    maxOrderTotalCents: maxOrderTotalFrom(env.MAX_ORDER_TOTAL_CENTS),
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    webhooksAllowPrivateNetworks: boolFrom(env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS, false),
    storeSecretsKey,
    demoStore,
    logLevel: logLevelFrom(env.LOG_LEVEL, env.NODE_ENV === 'test' ? 'warn' : 'info'),
    logFormat: logFormatFrom(env.LOG_FORMAT, production ? 'json' : 'plain'),
    metricsToken: env.METRICS_TOKEN || undefined,
    oidc: oidcConfigFrom(env),
    demoStoreUrl: demoStore
      ? (env.DEMO_STORE_URL || `http://127.0.0.1:${port}/demo-store`).replace(/\/+$/, '')
      : undefined,
    demoStoreModule: (demoStore && env.DEMO_STORE_MODULE) || undefined,
  };
  if (!storeSecretsKey && !production) {
    // Generated on first use, so merely loading the configuration writes nothing.
    let generated: Buffer | undefined;
    Object.defineProperty(config, 'storeSecretsKey', {
      enumerable: true,
      configurable: true,
      get: () => (generated ??= localStoreSecretsKey(dataDir)),
      set: (value: Buffer | undefined) => {
        Object.defineProperty(config, 'storeSecretsKey', {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      },
    });
  }
  return config;
}
