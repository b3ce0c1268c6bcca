import createCache from '@emotion/cache';

/**
 * The page's Content-Security-Policy nonce, which the server writes into
 * `<meta property="csp-nonce">` (browsers hide the attribute; the property keeps it).
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/** Chakra UI's style cache: its <style> elements carry the nonce, so the page's CSP allows them. */
export const styleCache = createCache({ key: 'css', nonce: cspNonce() });
