/**
 * A safe display name for an uploaded file: no folders, no control characters, at most 255
 * characters with the extension kept; never empty.
 */
export function sanitizeFileName(name: string | undefined | null): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  let clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) clean = 'file';
  if (clean.length > 255) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = clean.slice(0, 255 - ext.length) + ext;
  }
  return clean;
}
