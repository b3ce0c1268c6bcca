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
