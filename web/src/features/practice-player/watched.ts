/** A lesson counts as watched when this share of its video was played. */
export const WATCHED_SHARE = 0.9;

/** Seconds played at least once: the union of the played ranges (HTMLMediaElement.played). */
export function playedSeconds(ranges: {
  length: number;
  start(i: number): number;
  end(i: number): number;
}): number {
  let total = 0;
  for (let i = 0; i < ranges.length; i++) total += Math.max(0, ranges.end(i) - ranges.start(i));
  return total;
}

/** Whether `watched` seconds of a `duration`-second video count as watched. */
export function isWatched(watched: number, duration: number): boolean {
  return duration > 0 && watched >= duration * WATCHED_SHARE;
}

export interface WatchedRange {
  start: number;
  end: number;
}

/** Most ranges one save sends (the API refuses more). */
export const MAX_RANGES = 100;

/**
 * The union of some ranges: sorted, overlapping or touching ones merged, empty ones dropped, each
 * clamped to 0–`duration` (when known). More than 100 merge across their smallest gaps first.
 */
export function unionRanges(ranges: readonly WatchedRange[], duration = Infinity): WatchedRange[] {
  const clean = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(r.end, duration) }))
    .filter((r) => Number.isFinite(r.start) && Number.isFinite(r.end) && r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const merged: WatchedRange[] = [];
  for (const r of clean) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  while (merged.length > MAX_RANGES) {
    let smallest = 1;
    for (let i = 2; i < merged.length; i++) {
      if (merged[i].start - merged[i - 1].end < merged[smallest].start - merged[smallest - 1].end)
        smallest = i;
    }
    merged[smallest - 1].end = merged[smallest].end;
    merged.splice(smallest, 1);
  }
  return merged;
}

/** The ranges of a media element's `played` (TimeRanges), as a union. */
export function playedRanges(
  ranges: { length: number; start(i: number): number; end(i: number): number },
  duration = Infinity,
): WatchedRange[] {
  const list: WatchedRange[] = [];
  for (let i = 0; i < ranges.length; i++) list.push({ start: ranges.start(i), end: ranges.end(i) });
  return unionRanges(list, duration);
}
