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
