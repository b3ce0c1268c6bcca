import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import type { ContentVersion } from './content-version';
import { scriptJson } from './script-json';
import { styleAttributeValues } from './style-attributes';

/** A server-rendered page as every guest gets it: the app's HTML and the graph answers it used. */
export interface GuestRender {
  html: string;
  state: Record<string, unknown>;
}

/** A shared page, kept ready to send: what every response of it repeats is done once. */
interface CachedPage {
  /** The HTML cut where each style element's nonce goes. */
  parts: string[];
  state: Record<string, unknown>;
  /** `state` as script-safe JSON (http/script-json.ts). */
  stateJson: string;
  /** The HTML's `style` attribute values, for the page's CSP (style-attributes.ts). */
  styleAttributes: string[];
  /** The content version read before the render began (http/content-version.ts). */
  version: string;
}

/** A shared page as one response sends it. */
export interface SharedPage extends GuestRender {
  stateJson: string;
  styleAttributes: readonly string[];
  /** The content version read before the render began. */
  sharedVersion: string;
}

/** What a miss renders: the first guest's request renders for every guest waiting on the key. */
interface Miss {
  version: string;
  render: (nonce: string) => Promise<GuestRender | null>;
}

/**
 * Where a shared page's nonce goes: the page is rendered with this and each response gets its own
 * nonce written over it. React writes the style elements' `nonce="…"` verbatim, while a text that
 * happens to hold the same characters has its quotes escaped (`&quot;`), so only attributes match.
 */
export const SHARED_NONCE = 'DRX_SHARED_PAGE_NONCE';
const NONCE_ATTRIBUTE = `nonce="${SHARED_NONCE}"`;

export interface GuestPageCacheOptions {
  /** The oldest a page is served, whatever the version says (content that changes with time). */
  maxAgeMs?: number;
  /** The HTML and state kept, in UTF-16 code units (≈ bytes of these mostly ASCII pages). */
  maxSize?: number;
}

const DEFAULTS = { maxAgeMs: 60_000, maxSize: 64 * 1024 * 1024 };

/**
 * Guests' server-rendered pages, shared by every guest of this process: per path and query string,
 * kept while the content version (the token the catalogue tables' triggers change at each commit)
 * is the one read before the page was rendered, and at most `maxAgeMs`. The version is read on
 * every view, so an edit committed anywhere shows on the next view after it. One render per page
 * at a time: the guests asking for a page meanwhile wait for it (lru-cache's fetch). Only guests'
 * renders may come here — a member's page holds what only they may see.
 */
export class GuestPageCache {
  private readonly pages: LRUCache<string, CachedPage, Miss>;

  constructor(
    private readonly versions: ContentVersion,
    options: GuestPageCacheOptions = {},
  ) {
    const { maxAgeMs, maxSize } = { ...DEFAULTS, ...options };
    this.pages = new LRUCache<string, CachedPage, Miss>({
      maxSize,
      ttl: maxAgeMs,
      sizeCalculation: (page) =>
        Math.max(1, page.parts.reduce((n, part) => n + part.length, 0) + page.stateJson.length),
      fetchMethod: async (_url, _stale, { context }) => {
        const rendered = await context.render(SHARED_NONCE);
        if (!rendered) return undefined;
        return {
          parts: rendered.html.split(NONCE_ATTRIBUTE),
          state: rendered.state,
          stateJson: scriptJson(rendered.state),
          styleAttributes: styleAttributeValues(rendered.html),
          version: context.version,
        };
      },
    });
  }

  /**
   * The page at `url` with `nonce` in its style elements: the kept one while its version is the
   * current one, else rendered by `render` (given the nonce to write, SHARED_NONCE). Null when the
   * render gives none (the page is then sent for the browser to render, and nothing is kept).
   */
  async page(
    url: string,
    em: EntityManager,
    nonce: string,
    render: (nonce: string) => Promise<GuestRender | null>,
  ): Promise<SharedPage | null> {
    const version = await this.versions.read(em);
    let page = await this.pages.fetch(url, { context: { version, render } });
    // Kept from an older version, or rendered by a render that began before it: rendered again
    // (once: a render already under way for it is waited for, then a new one begins).
    for (let attempt = 0; page && page.version !== version && attempt < 2; attempt++) {
      page = await this.pages.fetch(url, { context: { version, render }, forceRefresh: true });
    }
    if (!page) return null;
    return {
      html: page.parts.join(`nonce="${nonce}"`),
      state: page.state,
      stateJson: page.stateJson,
      styleAttributes: page.styleAttributes,
      sharedVersion: page.version,
    };
  }

  /** How many pages are kept (tests, metrics). */
  get size(): number {
    return this.pages.size;
  }
}
