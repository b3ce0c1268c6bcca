/** An A–B loop: A set, then B; the count of repeats done. */
export interface LoopState {
  a: number | null;
  b: number | null;
  count: number;
}

export const NO_LOOP: LoopState = { a: null, b: null, count: 0 };

/** Shortest loop kept (seconds): a B this close to A (or before it) is refused. */
export const MIN_LOOP_SECONDS = 0.5;

/**
 * One tap of the loop button at time `t`: the first sets A, the second B (the two are put in
 * order; a B too close to A is ignored), the third clears the loop.
 */
export function tapLoop(state: LoopState, t: number): LoopState {
  if (state.a === null) return { a: t, b: null, count: 0 };
  if (state.b === null) {
    if (Math.abs(t - state.a) < MIN_LOOP_SECONDS) return state;
    return { a: Math.min(state.a, t), b: Math.max(state.a, t), count: 0 };
  }
  return NO_LOOP;
}

/** A loop from saved ends (both or none; ordered; too short: none). */
export function loopFrom(a: number | null | undefined, b: number | null | undefined): LoopState {
  if (a == null || b == null || b - a < MIN_LOOP_SECONDS || a < 0) return NO_LOOP;
  return { a, b, count: 0 };
}

/** Whether both ends are set. */
export function isLooping(state: LoopState): state is { a: number; b: number; count: number } {
  return state.a !== null && state.b !== null;
}

/**
 * What to do at playback time `t`: `repeat` when a set loop's end is reached (go back to A and
 * count one more repeat); nothing otherwise. Playing from before A into the loop is left alone;
 * seeking past B leaves the loop (no jump back from beyond its end + 1 s, so a learner can leave it).
 */
export function loopAction(state: LoopState, t: number): 'repeat' | null {
  if (!isLooping(state)) return null;
  return t >= state.b && t < state.b + 1 ? 'repeat' : null;
}

/** The state after one repeat. */
export function repeated(state: LoopState): LoopState {
  return { ...state, count: state.count + 1 };
}

/** What the loop button says next ("Set loop start", "Set loop end", "Clear loop"). */
export function loopButtonLabel(state: LoopState): string {
  if (state.a === null) return 'Set loop start (A)';
  if (state.b === null) return 'Set loop end (B)';
  return 'Clear loop';
}

/** The `A` key: a new loop start here (a loop set before is dropped). */
export function setLoopStart(_state: LoopState, t: number): LoopState {
  return { a: t, b: null, count: 0 };
}

/** The `B` key: the loop's end here (with no start yet, the start is the beginning of the video). */
export function setLoopEnd(state: LoopState, t: number): LoopState {
  return tapLoop(state.a === null ? { a: 0, b: null, count: 0 } : { ...state, b: null }, t);
}
