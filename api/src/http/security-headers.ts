import crypto from 'node:crypto';
import type { Response, RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Every response's security headers, in one place, set by helmet. Each kind of response gets a
 * Content-Security-Policy that allows what it uses and nothing more:
 * - the web app's pages: own scripts only; styles from the app or carrying the page's nonce (Chakra
 *   UI's emotion inserts its rules into nonced <style> elements); workers from the app's own files
 *   (the sign-up challenge's solver); Stripe only on the card page;
 * - the GraphiQL playground at GET /graphql: its two inline scripts by hash, its own workers;
 * - API answers (JSON, downloads, PDFs) and public uploads (an image is shown, never run):
 *   nothing at all, sandboxed;
 * - the HTML receipt: its own style block by hash (`staticPagePolicy`).
 */

/** The placeholder Vite writes where the page's nonce goes (`html.cspNonce` in web/vite.config.ts). */
export const NONCE_PLACEHOLDER = 'DRX_CSP_NONCE';

/** Powerful features the app never uses, off for every page and every frame. */
const NEVER_USED = [
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'interest-cohort=()',
];

/** Every response but the web app's pages: no powerful feature at all. */
export const PERMISSIONS_POLICY = ['camera=()', 'microphone=()', ...NEVER_USED].join(', ');

/**
 * The web app's pages: the camera and microphone for the site itself (a learner records an
 * assignment in the browser, features/assignments/useRecorder.ts; the browser still asks them),
 * never for a frame of another site. The policy of the page first loaded holds for every page the
 * app then shows, so it is the same on every page.
 */
export const WEB_APP_PERMISSIONS_POLICY = ['camera=(self)', 'microphone=(self)', ...NEVER_USED].join(', ');

/** Where Stripe.js and its frames live (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
/** Lessons embed YouTube videos (web/src/lib/youtube.ts). */
const YOUTUBE_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
/** The page that loads Stripe.js (web: /checkout/stripe, reached by a full page load). */
export const CARD_PAGE_PATH = '/checkout/stripe';

type DirectiveValue = string | ((req: IncomingMessage, res: ServerResponse) => string);
type Directives = Record<string, DirectiveValue[] | null>;

export interface HeaderSettings {
  /** HSTS: on with Secure cookies (production behind HTTPS). */
  https: boolean;
}

function helmetFor(
  settings: HeaderSettings,
  directives: Directives,
  permissionsPolicy = PERMISSIONS_POLICY,
): RequestHandler {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...directives,
        'upgrade-insecure-requests': settings.https ? [] : null,
      },
    },
    // Stripe's and YouTube's frames do not send CORP/COEP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: settings.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    xPoweredBy: true, // removes the header
  };
  const headers = helmet(options);
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', permissionsPolicy);
    headers(req, res, next);
  };
}

/** Nothing may load, nothing may run: JSON, downloads, PDFs, public uploads. */
const LOCKED_DOWN: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  sandbox: [],
};

/**
 * The headers a middleware whose headers never depend on the request sets (and removes): run once
 * against a recording response at start-up, then replayed on every response — the same headers as
 * helmet's, without its per-request work (≈ 4% of a cart poll's CPU, bench/README.md).
 */
function replayed(middleware: RequestHandler): RequestHandler {
  const apply = recorded(middleware);
  return (_req, res, next) => {
    apply(res);
    next();
  };
}

/** What `replayed` replays: the middleware's headers, recorded once, set on `res` by the function. */
function recorded(middleware: RequestHandler): (res: Response) => void {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    locals: {},
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
    getHeader: () => undefined,
  };
  let called = false;
  middleware({} as never, recorder as never, () => {
    called = true;
  });
  if (!called) throw new Error('The header middleware did not run synchronously');
  return (res) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
  };
}

/** Every response first (API answers, GraphQL JSON, uploads, errors); pages replace the CSP. */
export function apiSecurityHeaders(settings: HeaderSettings): RequestHandler {
  // No directive of the locked-down policy depends on the request.
  return replayed(helmetFor(settings, LOCKED_DOWN));
}

/** The headers `apiSecurityHeaders` sets, as a function that sets them (http/fast-routes.ts). */
export function setApiSecurityHeaders(settings: HeaderSettings): (res: Response) => void {
  return recorded(helmetFor(settings, LOCKED_DOWN));
}

/**
 * The CSP of a page the API renders itself (the HTML receipt): nothing loads or runs but its own
 * inline styles, allowed by hash; no sandbox, so its links (the PDF download) work.
 */
export function staticPagePolicy(styles: string[]): string {
  return [
    "default-src 'none'",
    `style-src ${styles.map(hashSource).join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The page's nonce, which `webAppSecurityHeaders` put in `res.locals`. */
const pageNonce: DirectiveValue = (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`;

function webAppDirectives(stripe: boolean): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE.script : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", pageNonce],
    // Thumbnails, avatars, store banners and course covers: uploads (self), generated initials
    // (data:), previews of a file being uploaded (blob:), and image URLs sellers and instructors
    // enter (https:).
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'frame-src': [...YOUTUBE_FRAMES, ...(stripe ? STRIPE.frame : [])],
    'media-src': ["'self'", 'blob:'],
    // The sign-up challenge's solver (the ALTCHA widget's PBKDF2 worker, a file of this site).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The web app's page (index.html): a fresh nonce per page in `res.locals.cspNonce`, which the
 * page's HTML carries too (web-app.ts). Stripe's sources only on the card page.
 */
export function webAppSecurityHeaders(settings: HeaderSettings): RequestHandler {
  const plain = helmetFor(settings, webAppDirectives(false), WEB_APP_PERMISSIONS_POLICY);
  const card = helmetFor(settings, webAppDirectives(true), WEB_APP_PERMISSIONS_POLICY);
  return (req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    (req.path === CARD_PAGE_PATH ? card : plain)(req, res, next);
  };
}

/**
 * The web app's script files (/assets/*.js): the locked-down policy without `sandbox`. A script
 * file's own headers are the policy of a worker started from it (the sign-up challenge's solver,
 * web/src/features/auth/signupChallengeWidget.ts): sandboxed, it would run in an opaque origin
 * without WebCrypto. Nothing may load from it all the same, and a script opened as a page is shown
 * as text (nosniff, text/javascript), never run.
 */
export const SCRIPT_FILE_POLICY = [
  "default-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function scriptFileSecurityHeaders(): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith('/assets/') && req.path.endsWith('.js')) {
      res.setHeader('Content-Security-Policy', SCRIPT_FILE_POLICY);
    }
    next();
  };
}

/** The sha256 source of an inline script or style, for a CSP. */
export function hashSource(content: string): string {
  return `'sha256-${crypto.createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/**
 * The offline GraphiQL page (Ruru): its inline scripts by hash, its bundle, styles and editor
 * workers from its static path, and the graph on this origin.
 */
export function playgroundSecurityHeaders(settings: HeaderSettings, html: string): RequestHandler {
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    hashSource(m[1]),
  );
  return helmetFor(settings, {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts],
    'script-src-attr': ["'none'"],
    // The editor (Monaco) sets inline styles throughout, and the page carries a <style> block.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}
