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
  /** Stripe: with a secret key the StripeProvider is used; without, the labelled test provider. */
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Where the Stripe SDK sends requests (tests point it at a local fake Stripe server). */
  stripeApiBase: string | undefined;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = intFrom('PORT', env.PORT, 4000);
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  if (production && !env.SESSION_SECRET)
    throw new Error('SESSION_SECRET must be set when NODE_ENV=production');
  const sessionSecret = env.SESSION_SECRET || localSessionSecret(dataDir);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    production,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    privateDir: privateDirFrom(env),
    sessionSecret,
    webDist: path.resolve(env.WEB_DIST || path.join(__dirname, '..', '..', 'web', 'dist')),
    seed: boolFrom(env.SEED, true),
    workers: Math.max(1, intFrom('WEB_CONCURRENCY', env.WEB_CONCURRENCY, 1)),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    trustProxy: boolFrom(env.TRUST_PROXY, false),
    cookieSecure: boolFrom(env.COOKIE_SECURE, production),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
  };
}
