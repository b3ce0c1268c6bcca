import type { EntityManager } from '@mikro-orm/postgresql';
import { publicCoursePagesSql } from '../courses';
import { publicInstructorPagesSql } from '../instructors';
import { publicResourcePagesSql, publicStorePagesSql } from '../resources';

/**
 * The sitemap (sitemaps.org protocol 0.9): every public page a search engine should find, with
 * when it last changed. One file holds at most 50 000 URLs; beyond that `/sitemap.xml` is a
 * sitemap index of `/sitemap-<n>.xml` files (sitemap.route.ts).
 */

/** The protocol's limit of URLs in one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** The web app's public pages that are not about one record (no column says when they changed). */
export const STATIC_PUBLIC_PATHS = ['/', '/courses', '/curriculum', '/connect', '/subscription'] as const;

export interface SitemapEntry {
  /** A path on this site, starting with `/`. */
  path: string;
  lastModified: Date | null;
}

/** Kinds of record pages, in the order the sitemap lists them, and each one's web path. */
const RECORD_PAGES = [
  { kind: 1, prefix: '/courses/' },
  { kind: 2, prefix: '/curriculum/' },
  { kind: 3, prefix: '/sellers/' },
  { kind: 4, prefix: '/instructors/' },
] as const;

/**
 * The public records as (kind, id, last_modified) rows: published courses and published resources
 * (the catalogues' own filters: a suspended seller's resources are hidden), stores that are not
 * suspended (changed when the profile or one of its published resources changed) and approved
 * instructors — exactly what the `course`, `resource`, `seller` and `instructor` queries answer a
 * guest. Each kind's rows come from the module that owns its table (docs/architecture.md "Table
 * owners"); one statement still pages over all of them.
 */
function recordPagesSql(): { sql: string; params: unknown[] } {
  // Each owner says which of its records have a public page (its front door), in this order.
  const parts = [
    publicCoursePagesSql(),
    publicResourcePagesSql(),
    publicStorePagesSql(),
    publicInstructorPagesSql(),
  ];
  const sql = parts
    .map((part, i) => `select ${i + 1} as kind, id, last_modified from (${part.sql}) p${i + 1}`)
    .join('\n    union all\n    ');
  return { sql, params: parts.flatMap((part) => part.params) };
}

/** How many URLs the sitemap has (the static pages and every public record). */
export async function countSitemapEntries(em: EntityManager): Promise<number> {
  const records = recordPagesSql();
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from (${records.sql}) pages`,
    records.params,
  );
  return STATIC_PUBLIC_PATHS.length + (row?.n ?? 0);
}

/**
 * The sitemap's URLs from `offset` (0-based, over the whole list), at most `limit`: the static
 * pages first, then courses, resources, stores and instructors, each by id (a stable order, so the
 * files of a sitemap index do not overlap).
 */
export async function sitemapEntries(
  em: EntityManager,
  offset: number,
  limit: number,
): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = STATIC_PUBLIC_PATHS.slice(offset, offset + limit).map((path) => ({
    path,
    lastModified: null,
  }));
  const recordLimit = limit - entries.length;
  if (recordLimit <= 0) return entries;
  const recordOffset = Math.max(0, offset - STATIC_PUBLIC_PATHS.length);
  const records = recordPagesSql();
  const rows = await em.execute<{ kind: number; id: string; last_modified: Date | string | null }[]>(
    `select kind, id, last_modified from (${records.sql}) pages order by kind, id limit ? offset ?`,
    [...records.params, recordLimit, recordOffset],
  );
  for (const row of rows) {
    const page = RECORD_PAGES.find((p) => p.kind === Number(row.kind));
    if (!page) continue;
    entries.push({
      path: page.prefix + encodeURIComponent(row.id),
      lastModified: row.last_modified === null ? null : new Date(row.last_modified),
    });
  }
  return entries;
}

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]!);
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** The absolute URL of a path on this site (`publicUrl` with or without a trailing slash). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return publicUrl.replace(/\/+$/, '') + path;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** W3C Datetime in UTC, to the second (e.g. 2026-05-01T12:30:00Z). */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A `<urlset>` document of the entries. */
export function urlsetXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>`;
    const lastmod = entry.lastModified ? `<lastmod>${w3cDate(entry.lastModified)}</lastmod>` : '';
    return `<url>${loc}${lastmod}</url>\n`;
  });
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n${urls.join('')}</urlset>\n`;
}

/** A `<sitemapindex>` document listing `/sitemap-1.xml` … `/sitemap-<files>.xml`. */
export function sitemapIndexXml(publicUrl: string, files: number): string {
  const sitemaps: string[] = [];
  for (let n = 1; n <= files; n++) {
    sitemaps.push(`<sitemap><loc>${escapeXml(absoluteUrl(publicUrl, sitemapFilePath(n)))}</loc></sitemap>\n`);
  }
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemaps.join('')}</sitemapindex>\n`;
}

/** The path of the n-th (1-based) file of a sitemap index. */
export function sitemapFilePath(n: number): string {
  return `/sitemap-${n}.xml`;
}
