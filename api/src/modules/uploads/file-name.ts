/**
 * A safe display name for an uploaded file: no folders, no control characters, at most 255
 * characters with the extension kept; never empty. Composed characters (NFC), so an "Ü" sent
 * decomposed (as macOS does) is the same name as one sent composed; a character outside the
 * Basic Multilingual Plane (an emoji) is never cut in half.
 */
export function sanitizeFileName(name: string | undefined | null): string {
  const base = (name ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) clean = 'file';
  if (clean.length > 255) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = cutAt(clean, 255 - ext.length) + ext;
  }
  return clean;
}

/** The longest start of `text` of at most `max` UTF-16 units that ends on a whole character. */
function cutAt(text: string, max: number): string {
  let cut = '';
  for (const char of text) {
    if (cut.length + char.length > max) break;
    cut += char;
  }
  return cut;
}
