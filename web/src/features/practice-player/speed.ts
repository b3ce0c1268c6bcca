/** The playback speeds offered, slowest first (the spec's 0.25×–2×). */
export const SPEED_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const MIN_SPEED = SPEED_STEPS[0];
export const MAX_SPEED = SPEED_STEPS[SPEED_STEPS.length - 1];

/** A speed kept within 0.25–2 (1 for anything not a number). */
export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
}

/**
 * The next step slower (`-1`) or faster (`+1`) than `current`; a speed between two steps goes to
 * the nearest step in that direction; the ends stay where they are.
 */
export function stepSpeed(current: number, direction: -1 | 1): number {
  const speed = clampSpeed(current);
  if (direction > 0) return SPEED_STEPS.find((s) => s > speed + 1e-9) ?? MAX_SPEED;
  return [...SPEED_STEPS].reverse().find((s) => s < speed - 1e-9) ?? MIN_SPEED;
}

/** `0.5×`, `1×`, `1.25×`. */
export function speedLabel(speed: number): string {
  return `${Number(speed.toFixed(2))}×`;
}
