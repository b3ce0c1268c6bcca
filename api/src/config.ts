import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
  sessionSecret: string;
  webDist: string;
  /**
   * Seed the demo data (SEED). Default: only on the embedded database outside production; with
   * DATABASE_URL only when SEED=true is set. Refused in production: the demo accounts share the
   * published password.
   */
  seed: boolean;
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
  /** REGISTRATION_LIMIT: accounts one client address may register per hour (0: no limit). */
  registrationLimit: number;
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
  /** How often idle job workers poll (seconds; tests lower it). Default 2. */
  jobPollingIntervalSeconds?: number;
  /** Per-kind overrides of the upload size limits in bytes (tests lower them; unset in production). */
  uploadLimits?: Partial<
    Record<'document' | 'spreadsheet' | 'text' | 'audio' | 'video' | 'image' | 'other', number>
  >;
}

function intFrom(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`${name} must be an integer between 0 and 65535, got "${raw}"`);
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

/** The private storage folder: PRIVATE_DIR, else DATA_DIR/private. */
export function privateDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PRIVATE_DIR || path.join(path.resolve(env.DATA_DIR || '.data'), 'private'));
}

/** Accounts one client address may register per hour unless REGISTRATION_LIMIT says otherwise. */
export const DEFAULT_REGISTRATION_LIMIT = 10;

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
  return {
    port,
    host: env.HOST || '0.0.0.0',
    production,
    databaseUrl,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    privateDir: privateDirFrom(env),
    sessionSecret,
    webDist: path.resolve(env.WEB_DIST || path.join(__dirname, '..', '..', 'web', 'dist')),
    seed,
    workers: Math.max(1, intFrom('WEB_CONCURRENCY', env.WEB_CONCURRENCY, 1)),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    trustProxy: boolFrom(env.TRUST_PROXY, false),
    cookieSecure: boolFrom(env.COOKIE_SECURE, production),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    paymentsTestMode: boolFrom(env.PAYMENTS_TEST_MODE, !production),
    registrationLimit: intFrom('REGISTRATION_LIMIT', env.REGISTRATION_LIMIT, DEFAULT_REGISTRATION_LIMIT),
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    maxOrderTotalCents: maxOrderTotalFrom(env.MAX_ORDER_TOTAL_CENTS),
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
  };
}
