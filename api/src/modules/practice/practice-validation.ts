import { DomainError } from '../../graphql/errors';

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 2;
export const MIN_BPM = 40;
export const MAX_BPM = 240;
/** Longest video position taken (a day, in seconds): a number past it is a client's mistake. */
export const MAX_SECONDS = 86400;
export const MAX_MARKERS = 50;
export const MAX_LABEL = 80;
/** A lesson counts as watched when this share of its video was played. */
export const WATCHED_SHARE = 0.9;

/** The refusal for a learner who has not watched enough of a lesson whose course requires it. */
export const NOT_WATCHED_MESSAGE = 'Watch at least 90% of this lesson’s video before marking it complete';

const invalid = (message: string, field: string) => new DomainError('INVALID_INPUT', message, field);

/** A number of seconds from 0 to a day. */
export function seconds(value: unknown, field: string, label: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${label} must be a number`, field);
  if (value < 0) throw invalid(`${label} cannot be negative`, field);
  if (value > MAX_SECONDS) throw invalid(`${label} must be at most ${MAX_SECONDS} seconds`, field);
  return value;
}

export function speed(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_SPEED || value > MAX_SPEED) {
    throw invalid(`Speed must be between ${MIN_SPEED}× and ${MAX_SPEED}×`, 'speed');
  }
  return value;
}

export function bpm(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_BPM || value > MAX_BPM) {
    throw invalid(
      `Tempo must be a whole number of beats a minute from ${MIN_BPM} to ${MAX_BPM}`,
      'countInBpm',
    );
  }
  return value;
}

/** The loop's ends: both or neither, B after A. */
export function loop(
  a: number | null | undefined,
  b: number | null | undefined,
): [number | null, number | null] {
  if ((a == null) !== (b == null))
    throw invalid('A loop needs both its start (A) and its end (B)', a == null ? 'loopA' : 'loopB');
  if (a == null || b == null) return [null, null];
  const start = seconds(a, 'loopA', 'Loop start');
  const end = seconds(b, 'loopB', 'Loop end');
  if (end <= start) throw invalid('The loop’s end must come after its start', 'loopB');
  return [start, end];
}

export interface MarkerInput {
  label: string;
  atSeconds: number;
}

/** The markers of a lesson: labels trimmed 1–80, times 0–a day and distinct; sorted by time. */
export function markers(list: readonly MarkerInput[]): MarkerInput[] {
  if (list.length > MAX_MARKERS)
    throw invalid(`A lesson can have at most ${MAX_MARKERS} step markers`, 'markers');
  const clean = list.map((m, i) => {
    const label = typeof m.label === 'string' ? m.label.trim() : '';
    if (!label) throw invalid(`Step ${i + 1} needs a label`, `markers.${i}.label`);
    if (label.length > MAX_LABEL) {
      throw invalid(`Step ${i + 1}’s label must be at most ${MAX_LABEL} characters`, `markers.${i}.label`);
    }
    return { label, atSeconds: seconds(m.atSeconds, `markers.${i}.atSeconds`, `Step ${i + 1}’s time`) };
  });
  clean.sort((x, y) => x.atSeconds - y.atSeconds);
  for (let i = 1; i < clean.length; i++) {
    if (clean[i].atSeconds === clean[i - 1].atSeconds) {
      throw invalid(`Two steps are at the same time (${clean[i - 1].label}, ${clean[i].label})`, 'markers');
    }
  }
  return clean;
}

/** Whether a lesson's video URL is one the practice player plays, so watching it is tracked. */
export function isTrackedVideoUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    return /\.(m3u8|mp4|webm|m4v)$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** A video's timeline in stats and watched bitmaps: 100 buckets of 1% each. */
export const BUCKETS = 100;
/** Most watched ranges one save may carry (a visit's played ranges, merged). */
export const MAX_RANGES = 100;
/** Slack past the duration a player may report for a range's end or a position (rounding, last frame). */
const END_SLACK = 1;

export interface WatchedRange {
  start: number;
  end: number;
}

/** The bucket (0–99) of a position in a `duration`-second video. */
export function bucketOf(at: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(BUCKETS - 1, Math.max(0, Math.floor((at / duration) * BUCKETS)));
}

/**
 * The watched bitmap of some ranges ('0'/'1' × 100, bucket 0 first): a bucket counts as watched when
 * a range covers its middle, so 0–50% and 50–95% of a video make 95 buckets.
 */
export function rangesToBits(ranges: readonly WatchedRange[], duration: number): string {
  const bits = new Array<string>(BUCKETS).fill('0');
  if (!(duration > 0)) return bits.join('');
  for (let i = 0; i < BUCKETS; i++) {
    const middle = ((i + 0.5) / BUCKETS) * duration;
    if (ranges.some((r) => r.start <= middle && middle < r.end)) bits[i] = '1';
  }
  return bits.join('');
}

/** The buckets an A–B loop spans (both ends' buckets and those between). */
export function loopBuckets(a: number, b: number, duration: number): number[] {
  const first = bucketOf(a, duration);
  const last = Math.max(first, bucketOf(Math.max(a, b - 1e-6), duration));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** A save's watched ranges: at most 100, each within 0–duration with its end after its start. */
export function watchedRanges(list: unknown, duration: number): WatchedRange[] {
  if (!Array.isArray(list)) throw invalid('Watched ranges must be a list', 'watchedRanges');
  if (list.length > MAX_RANGES) {
    throw invalid(`At most ${MAX_RANGES} watched ranges can be sent at once`, 'watchedRanges');
  }
  if (list.length && !(duration > 0)) {
    throw invalid('Watched ranges need the video’s duration (durationSeconds)', 'durationSeconds');
  }
  return list.map((r: unknown, i) => {
    const range = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
    const start = seconds(range.start, `watchedRanges.${i}.start`, `Watched range ${i + 1}’s start`);
    const end = seconds(range.end, `watchedRanges.${i}.end`, `Watched range ${i + 1}’s end`);
    if (end <= start) {
      throw invalid(`Watched range ${i + 1} must end after it starts`, `watchedRanges.${i}.end`);
    }
    if (end > duration + END_SLACK) {
      throw invalid(
        `Watched range ${i + 1} ends past the video’s end (${duration} seconds)`,
        `watchedRanges.${i}.end`,
      );
    }
    return { start, end: Math.min(end, duration) };
  });
}

/** Where the learner left: 0–duration (the video's duration is needed to place it). */
export function leftAt(value: unknown, duration: number): number {
  const at = seconds(value, 'leftAtSeconds', 'The position left at');
  if (!(duration > 0)) {
    throw invalid('The position left at needs the video’s duration (durationSeconds)', 'durationSeconds');
  }
  if (at > duration + END_SLACK) {
    throw invalid(`The position left at is past the video’s end (${duration} seconds)`, 'leftAtSeconds');
  }
  return Math.min(at, duration);
}
