const EMBED_BASE = 'https://www.youtube.com/embed/';
const VIDEO_ID = /^[A-Za-z0-9_-]{6,}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);

/**
 * Converts a YouTube watch, short-link or Shorts URL into an embeddable URL
 * (`https://www.youtube.com/embed/ID`). Embed URLs and anything that is not a
 * recognisable YouTube video link are returned unchanged.
 */
export function toYouTubeEmbedUrl(url: string): string {
  const trimmed = url.trim();
  const parsed = parseLenient(trimmed);
  if (!parsed) return url;

  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  let id: string | null = null;

  if (SHORT_HOSTS.has(host)) {
    id = segments[0] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = parsed.searchParams.get('v');
    else if (segments[0] === 'shorts' || segments[0] === 'live') id = segments[1] ?? null;
  }

  return id && VIDEO_ID.test(id) ? EMBED_BASE + id : url;
}

function parseLenient(value: string): URL | null {
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
    ? value
    : value.startsWith('//')
      ? `https:${value}`
      : `https://${value}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}
