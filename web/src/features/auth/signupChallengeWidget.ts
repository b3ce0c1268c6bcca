/**
 * Loads the ALTCHA widget (`<altcha-widget>`, the `altcha` package) for the sign-up challenge, once:
 * the build without bundled workers or injected styles (`altcha/external`), with its PBKDF2 worker
 * as a file of this site — so the page's Content-Security-Policy needs no `blob:` worker and no
 * inline style, only `worker-src 'self'` (api/src/http/security-headers.ts). In the browser only.
 */
let loading: Promise<void> | undefined;

export function loadAltchaWidget(): Promise<void> {
  loading ??= Promise.all([import('altcha/external'), import('altcha/workers/pbkdf2?worker')]).then(
    ([, { default: Pbkdf2Worker }]) => {
      // The server's challenges use PBKDF2/SHA-256 (api/src/modules/auth/signup-challenge.ts).
      globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
    },
  );
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
