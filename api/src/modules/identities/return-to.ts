/**
 * The server's copy of web/src/features/auth/returnTo.ts's rules (issue 31, "take me back where I
 * was"): after a sign-in with the identity provider the browser goes back only to a path of this
 * site — one leading `/`, not `//` or `/\` (a browser reads both as another host), no control
 * characters or backslashes, and not the sign-in pages themselves. Anything else: null.
 */
const AUTH_PAGES = ['/auth', '/register', '/forgot-password', '/reset-password'];

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value || value.length > 2000) return null;
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
