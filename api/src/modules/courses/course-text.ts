/** URL slug from a title: lower-case ASCII words joined by dashes. */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200) || 'course'
  );
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The spec's rule: a YouTube watch or short link becomes an embed link; anything else is kept. */
export function toYouTubeEmbedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url;
  }
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1).split('/')[0];
  else if (host === 'youtube.com' && parsed.pathname === '/watch') id = parsed.searchParams.get('v');
  else if (host === 'youtube.com' && parsed.pathname.startsWith('/shorts/'))
    id = parsed.pathname.split('/')[2];
  else if (host === 'youtube.com' && parsed.pathname.startsWith('/embed/'))
    id = parsed.pathname.split('/')[2];
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : url;
}
