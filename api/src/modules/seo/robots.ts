import type { RequestHandler } from 'express';
import { absoluteUrl } from './sitemap';

/**
 * Paths crawlers are asked to leave alone: the API, the signed-in pages (dashboards, cart,
 * checkout, messages, authoring) and pages that only make sense after an action. Rules match as
 * path prefixes (RFC 9309), so a prefix shared with a public page is written with `/` or `$`
 * (end of path): `/instructor/` and `/instructor$` leave `/instructors/<id>` open, `/seller/` and
 * `/seller$` leave `/sellers/<id>` open.
 */
export const DISALLOWED_PATHS = [
  '/admin',
  '/api',
  '/graphql',
  '/dashboard',
  '/multi-dashboard',
  '/seller-dashboard',
  '/seller$',
  '/seller/',
  '/instructor$',
  '/instructor/',
  '/my-',
  '/cart',
  '/checkout',
  '/simple-checkout',
  '/payment-success',
  '/subscription/success',
  '/messages',
  '/profile',
  '/notifications',
  '/certificates',
  '/certificate-templates',
  '/connect/profile',
  '/connect/book/',
  '/instructors/*/book',
  '/courses/*/modules/',
  '/curriculum/upload',
  '/curriculum/*/edit',
  '/upload-resource',
  '/simple-upload',
  // Mailed links (issue 31): a token in the query, for one person only.
  '/reset-password',
  '/verify-email',
] as const;

/** Crawlers may read robots.txt for an hour before asking again. */
export const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';

/** The robots.txt text: every crawler, the disallowed paths and the sitemap's absolute URL. */
export function robotsTxt(publicUrl: string): string {
  const lines = [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** `GET /robots.txt`. */
export function robotsRoute(publicUrl: string): RequestHandler {
  const body = robotsTxt(publicUrl);
  return (_req, res) => {
    res.set('Cache-Control', ROBOTS_CACHE_CONTROL).type('text/plain').send(body);
  };
}
