import { getInitials } from './initials';

/** Size in pixels of the generated square avatar. */
export const INITIALS_AVATAR_SIZE = 200;
/** Background colour of generated avatars (purple). */
export const INITIALS_AVATAR_BACKGROUND = '#6B46C1';

/**
 * Draws an initials avatar locally — no external image service — as an SVG data URL:
 * 200×200, purple background, white initials (at most two characters).
 * The URL ends with a `#t=<timestamp>` fragment so a regenerated avatar is a new URL
 * (the fragment is not part of the image data, so the browser renders it unchanged).
 */
export function initialsAvatarDataUrl(name: string, now: number = Date.now()): string {
  const initials = getInitials(name) || '?';
  const size = INITIALS_AVATAR_SIZE;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${INITIALS_AVATAR_BACKGROUND}"/>` +
    `<text x="50%" y="50%" dy=".1em" fill="#FFFFFF" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" ` +
    `font-size="${initials.length > 1 ? 84 : 96}" font-weight="600" text-anchor="middle" dominant-baseline="middle">` +
    `${escapeXml(initials)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}#t=${Math.trunc(now)}`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
