/** Text helpers of the pages' metadata: descriptions, absolute URLs, prices. */

/** The site's name, as the web app appends it to every page title ("{title} — DRX"). */
export const SITE_NAME = 'DRX';

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;

/**
 * Plain text for a meta description: whitespace collapsed, control characters dropped, cut at a
 * word boundary to at most `max` characters (an ellipsis marks a cut). Empty when there is no text.
 */
export function plainDescription(text: string | null | undefined, max = DESCRIPTION_MAX): string {
  // eslint-disable-next-line no-control-regex
  const plain = (text ?? '').replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The first of the texts that is not empty, as a description. */
export function firstDescription(...texts: (string | null | undefined)[]): string {
  for (const text of texts) {
    const description = plainDescription(text);
    if (description) return description;
  }
  return '';
}

/** The site's origin and base path without a trailing slash (config.publicUrl). */
export function siteBase(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/**
 * An image URL as a link preview needs it: absolute. http(s) URLs stay as they are, site paths
 * (/uploads/…) get the site's address; anything else (no image, another scheme) is null.
 */
export function absoluteImageUrl(publicUrl: string, url: string | null | undefined): string | null {
  const value = (url ?? '').trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return `${siteBase(publicUrl)}${value}`;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Whole cents as the decimal amount Open Graph and schema.org take ("12.50"). */
export function priceAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Whole US cents as people read them ("$12.50", "Free"). */
export function priceLabel(cents: number): string {
  return cents === 0 ? 'Free' : `$${priceAmount(cents)}`;
}

/** A page title as the web app writes it: "{title} — DRX". */
export function pageTitle(title: string): string {
  return `${title} — ${SITE_NAME}`;
}
