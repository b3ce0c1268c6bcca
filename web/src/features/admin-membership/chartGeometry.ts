/** One value per month for the membership chart. */
export interface ChartPoint {
  date: unknown;
  value: number;
}

export interface ChartGeometry {
  /** The SVG `points` of the line, "x,y x,y …". */
  points: string;
  /** Each point's position, for the dots and their titles. */
  dots: { x: number; y: number; value: number; date: unknown }[];
  /** The top of the scale (a "nice" number ≥ the largest value). */
  max: number;
}

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value` (0 → 1), so the scale reads well. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/**
 * Places the points in a `width` × `height` box with `pad` on every side: evenly spaced left to
 * right, 0 at the bottom, the nice maximum at the top. One point sits in the middle.
 */
export function chartGeometry(
  points: readonly ChartPoint[],
  width: number,
  height: number,
  pad = 8,
): ChartGeometry {
  const max = niceCeiling(Math.max(0, ...points.map((p) => p.value)));
  const innerW = width - pad * 2;
  const innerH = height - pad * 2;
  const step = points.length > 1 ? innerW / (points.length - 1) : 0;
  const dots = points.map((p, i) => ({
    x: round(points.length > 1 ? pad + i * step : width / 2),
    y: round(pad + innerH - (Math.max(0, p.value) / max) * innerH),
    value: p.value,
    date: p.date,
  }));
  return { points: dots.map((d) => `${d.x},${d.y}`).join(' '), dots, max };
}

const round = (n: number) => Math.round(n * 10) / 10;
