/** `m:ss` (or `h:mm:ss`) of a number of seconds, rounded down; 0:00 for anything not a finite positive number. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Seconds of `1:10`, `0:42.5`, `1:02:03` or plain `42`; null when it is not such a time (negative,
 * empty, minutes or seconds of 60 or more after the first part).
 */
export function parseTime(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(trimmed)) return null;
  const parts = trimmed.split(':');
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const value = Number(parts[i]);
    if (i > 0 && value >= 60) return null;
    total = total * 60 + value;
  }
  return total;
}

/** A spoken form for screen readers: "3 minutes 12 seconds". */
export function spokenTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const m = Math.floor(total / 60);
  const s = total % 60;
  const parts = [];
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (s || !m) parts.push(`${s} second${s === 1 ? '' : 's'}`);
  return parts.join(' ');
}
