import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE, cookieValue } from '../modules/auth';
import type { ContentVersion } from './content-version';
import { type StitchedGzip, stitchable, stitchedBody, stitchedText } from './stitched-gzip';

/** A guest's public page as sent, kept ready: only the response's nonce is written per response. */
interface KeptPage {
  /** The whole page (index.html with the page's metadata, rendered app and state), cut at the nonce. */
  page: StitchedGzip;
  /** The page's Content-Security-Policy, cut at the nonce. */
  policy: string[];
  /** The content version its render read first (http/content-version.ts). */
  version: string;
}

export interface SharedPageResponsesOptions {
  /** The oldest a page is sent, whatever the version says (as the guest page cache). */
  maxAgeMs?: number;
  /** The pages kept, in bytes (uncompressed and compressed). */
  maxBytes?: number;
}

const DEFAULTS = { maxAgeMs: 60_000, maxBytes: 96 * 1024 * 1024 };

/**
 * A request that is certainly a guest's: no session cookie and no API token. (A stale cookie is a
 * guest too, but only reading the session tells; such requests take the ordinary path.)
 */
export function certainlyGuest(req: Request): boolean {
  return !req.headers.authorization && cookieValue(req.headers.cookie, SESSION_COOKIE) === null;
}

/**
 * Guests' public pages kept as whole responses, per path and query string, while the content
 * version is the one their render read (and at most `maxAgeMs`): a page every guest gets is built,
 * cut at its nonce and gzip-compressed once (http/stitched-gzip.ts), and each view only writes its
 * own nonce — no index.html read, no metadata query, no render, no string copies of the page, no
 * per-response compression. Measured under 50 concurrent guests: bench/README.md ("Public pages
 * under a crowd"). The guest page cache (guest-page-cache.ts) still shares the render itself with
 * the guests who take the ordinary path (a stale session cookie).
 */
export class SharedPageResponses {
  private readonly pages: LRUCache<string, KeptPage>;

  constructor(
    private readonly versions: ContentVersion,
    private readonly em: EntityManager,
    options: SharedPageResponsesOptions = {},
  ) {
    const { maxAgeMs, maxBytes } = { ...DEFAULTS, ...options };
    this.pages = new LRUCache<string, KeptPage>({
      maxSize: maxBytes,
      ttl: maxAgeMs,
      sizeCalculation: ({ page }) =>
        Math.max(1, page.fixedBytes + page.deflated.reduce((n, part) => n + part.length, 0)),
    });
  }

  /**
   * The page kept for `url`, when it was rendered for the current content version. Null when the
   * version cannot be read (the database does not answer): the ordinary path then decides.
   */
  async lookup(url: string): Promise<KeptPage | null> {
    const kept = this.pages.get(url);
    if (!kept) return null;
    try {
      return kept.version === (await this.versions.read(this.em.fork())) ? kept : null;
    } catch {
      return null;
    }
  }

  /**
   * Keeps the response just built for a guest: its HTML and Content-Security-Policy with `nonce`
   * in them, for the content `version` its render read. Null when it cannot be cut (then it is
   * sent as it is).
   */
  keep(url: string, version: string, html: string, policy: string, nonce: string): KeptPage | null {
    const page = stitchable(html, nonce);
    if (!page) return null;
    const kept = { page, policy: policy.split(nonce), version };
    this.pages.set(url, kept);
    return kept;
  }

  /** Sends `kept` with `nonce`: gzip-encoded when the client takes gzip, else as it is. */
  send(req: Request, res: Response, kept: KeptPage, nonce: string): void {
    res.status(200);
    res.setHeader('Content-Security-Policy', kept.policy.join(nonce));
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    const body = gzip ? stitchedBody(kept.page, nonce) : stitchedText(kept.page, nonce);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  }

  /** How many pages are kept (tests). */
  get size(): number {
    return this.pages.size;
  }
}
