import { type JsonLd, serializeJsonLd } from './json-ld';
import { priceAmount, priceLabel, SITE_NAME } from './meta-text';

/** The share card of pages without a picture of their own (1200 × 630). */
export const DEFAULT_SHARE_IMAGE = '/images/og-default.png';

/** What a page says about itself in its <head>: for search engines and link previews. */
export interface PageMeta {
  /** The whole <title> ("Salsa basics — DRX"). */
  title: string;
  /** Plain text, at most about 160 characters. */
  description: string;
  /** The page's canonical absolute URL. */
  url: string;
  /** Open Graph type. */
  type: 'website' | 'product' | 'profile';
  /** An absolute image URL; null when the page has none. */
  image: string | null;
  /** The price in US cents where the page sells something. */
  priceCents?: number | null;
  /** schema.org data of the page's subject. */
  jsonLd?: JsonLd | null;
  /** Keep the page out of search results (the not-found page). */
  noindex?: boolean;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element and inside a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** The <head> elements of a page: title, description, canonical link, Open Graph, Twitter card, JSON-LD. */
export function renderHeadTags(page: PageMeta, nonce: string): string {
  const tags = [`<title>${escapeHtml(page.title)}</title>`, meta('name', 'description', page.description)];
  if (page.noindex) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('\n    ');
  }
  tags.push(
    `<link rel="canonical" href="${escapeHtml(page.url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.url),
  );
  // A page without a picture of its own is shared with DRX's card (a PNG: link previews do not
  // show SVG; web/public/images/og-default.png, drawn from docs/og-default.svg).
  const image = page.image ?? new URL(DEFAULT_SHARE_IMAGE, page.url).href;
  tags.push(meta('property', 'og:image', image));
  if (!page.image) {
    tags.push(
      meta('property', 'og:image:width', '1200'),
      meta('property', 'og:image:height', '630'),
      meta('property', 'og:image:alt', SITE_NAME),
    );
  }
  const priced = page.priceCents !== undefined && page.priceCents !== null;
  if (priced) {
    tags.push(
      meta('property', 'product:price:amount', priceAmount(page.priceCents!)),
      meta('property', 'product:price:currency', 'USD'),
    );
  }
  tags.push(
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
  );
  tags.push(meta('name', 'twitter:image', image));
  if (priced) {
    tags.push(
      meta('name', 'twitter:label1', 'Price'),
      meta('name', 'twitter:data1', priceLabel(page.priceCents!)),
    );
  }
  if (page.jsonLd) {
    tags.push(
      `<script type="application/ld+json" nonce="${escapeHtml(nonce)}">${serializeJsonLd(page.jsonLd)}</script>`,
    );
  }
  return tags.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
/** `<meta name="description" …>`, its attributes in any order, quoted values may hold `>`. */
const DESCRIPTION =
  /<meta\s(?:[^>"']|"[^"]*"|'[^']*')*?\bname\s*=\s*["']?description["']?(?:[^>"']|"[^"]*"|'[^']*')*>\s*/i;

/**
 * index.html with the page's head tags in place of its default title and description (where the
 * title was, else at the end of <head>). Replacement callbacks, so no `$&` in a title is special.
 */
export function withPageMeta(html: string, page: PageMeta, nonce: string): string {
  const tags = renderHeadTags(page, nonce);
  const withoutDescription = html.replace(DESCRIPTION, () => '');
  if (TITLE.test(withoutDescription)) return withoutDescription.replace(TITLE, () => tags);
  return withoutDescription.replace(/<\/head>/i, () => `${tags}\n  </head>`);
}
