/**
 * "Take me back where I was" (issue 31): a redirect to /auth from a page carries that page in
 * `?returnTo=`, and signing in or registering goes back to it. Only a path of this site is taken
 * (no open redirect): it must start with one `/`, not `//` or `/\` (a browser reads both as another
 * host), hold no control characters, and not lead back to the sign-in pages themselves.
 */
export const RETURN_TO_PARAM = 'returnTo';
/** Where a sign-in or registration lands without a page to go back to (the spec's default). */
export const DEFAULT_AFTER_AUTH_PATH = '/dashboard';

const AUTH_PAGES = ['/auth', '/register', '/forgot-password', '/reset-password'];

/** `value` when it is a safe path of this site to go back to, else null. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://drx.invalid');
  } catch {
    return null;
  }
  if (url.host !== 'drx.invalid') return null;
  if (AUTH_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, asked to come back to `from` (a path of this site) afterwards. */
export function authPathFor(from: string | null | undefined): string {
  const back = safeReturnTo(from);
  return back && back !== '/' ? `/auth?${RETURN_TO_PARAM}=${encodeURIComponent(back)}` : '/auth';
}

/** Where to go after signing in or registering, from the sign-in page's query string. */
export function afterAuthPath(search: string): string {
  return safeReturnTo(new URLSearchParams(search).get(RETURN_TO_PARAM)) ?? DEFAULT_AFTER_AUTH_PATH;
}
