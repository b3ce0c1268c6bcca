/** Beats of a dance count-in ("5, 6, 7, 8" is the last half of it). */
export const COUNT_IN_BEATS = 8;
export const MIN_TEMPO = 40;
export const MAX_TEMPO = 240;
export const DEFAULT_TEMPO = 120;

/** A tempo kept within 40–240 beats a minute (the default for anything not a number). */
export function clampTempo(bpm: number): number {
  if (!Number.isFinite(bpm)) return DEFAULT_TEMPO;
  return Math.round(Math.min(MAX_TEMPO, Math.max(MIN_TEMPO, bpm)));
}

export interface Beat {
  /** 1..8 */
  count: number;
  /** Milliseconds after the count-in starts. */
  atMs: number;
  /** The first beat is accented (a higher click). */
  accent: boolean;
}

/** The beats of a count-in at `bpm`: 1 at 0 ms, then one every 60000/bpm ms. */
export function countInSchedule(bpm: number, beats = COUNT_IN_BEATS): Beat[] {
  const interval = 60000 / clampTempo(bpm);
  return Array.from({ length: beats }, (_, i) => ({
    count: i + 1,
    atMs: Math.round(i * interval),
    accent: i === 0 || i === 4,
  }));
}

/** How long a count-in lasts: until one beat after its last (when the music starts on "1"). */
export function countInDurationMs(bpm: number, beats = COUNT_IN_BEATS): number {
  return Math.round((beats * 60000) / clampTempo(bpm));
}
