/** Hosts that serve images from a cloud service; their URLs are never rewritten. */
const CLOUD_IMAGE_HOSTS = ['cloudinary', 'amazonaws', 'googleusercontent', 'imgix'];

/**
 * Rewrites image URLs that point at the product's own uploads to local paths, so they
 * are served by whichever host the app runs on:
 * - an absolute URL whose path contains `/uploads/` and whose host is not a cloud image
 *   host (Cloudinary, Amazon S3, Google user content, imgix) → its path (and query);
 * - an absolute URL on the app's own origin → its path (and query);
 * - a relative `uploads/…` path → `/uploads/…`.
 * Everything else (local paths, data: and blob: URLs, other hosts) is returned unchanged.
 */
export function localImageUrl(url: string, ownOrigin?: string): string;
export function localImageUrl(url: string | null | undefined, ownOrigin?: string): string | null;
export function localImageUrl(
  url: string | null | undefined,
  ownOrigin: string | undefined = currentOrigin(),
): string | null {
  if (url == null) return null;
  const trimmed = url.trim();
  if (!trimmed) return trimmed;

  if (/^uploads\//i.test(trimmed)) return `/${trimmed}`;

  const isAbsolute = /^https?:\/\//i.test(trimmed) || trimmed.startsWith('//');
  if (!isAbsolute) return trimmed;

  let parsed: URL;
  try {
    parsed = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  } catch {
    return trimmed;
  }

  const host = parsed.hostname.toLowerCase();
  const localPath = parsed.pathname + parsed.search;

  if (ownOrigin && sameOrigin(parsed, ownOrigin)) return localPath;
  if (CLOUD_IMAGE_HOSTS.some((cloud) => host.includes(cloud))) return trimmed;
  if (parsed.pathname.includes('/uploads/')) return localPath;
  return trimmed;
}

function sameOrigin(parsed: URL, origin: string): boolean {
  try {
    return new URL(origin).origin === parsed.origin;
  } catch {
    return false;
  }
}

function currentOrigin(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.location.origin;
}
