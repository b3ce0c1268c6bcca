/** The heatmap strip's layers: who watched each 1%, where loops were set, where learners left. */
export type HeatLayer = 'watchers' | 'loops' | 'leaves';

export interface StatsBucket {
  index: number;
  watchers: number;
  loops: number;
  leaves: number;
}

/**
 * Each value's heat, 0–1, against the largest: square-root scaled so a few small counts still show
 * beside one large peak (all zeros stay 0; negatives and non-numbers count as 0).
 */
export function heatScale(values: readonly number[]): number[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const max = Math.max(0, ...clean);
  if (max === 0) return clean.map(() => 0);
  return clean.map((v) => Math.sqrt(v / max));
}

/** The colour of a heat (0–1) on a layer: transparent at 0, the layer's hue stronger as it grows. */
export function heatColor(heat: number, layer: HeatLayer): string {
  const hue = layer === 'watchers' ? 160 : layer === 'loops' ? 265 : 10;
  const h = Math.min(1, Math.max(0, heat));
  if (h === 0) return 'transparent';
  return `hsl(${hue} 75% ${Math.round(88 - h * 50)}%)`;
}

/**
 * Buckets grouped into `segments` equal stretches of the timeline (summed), so a narrow screen shows
 * fewer, wider cells; the result has min(segments, buckets) entries.
 */
export function groupBuckets(values: readonly number[], segments: number): number[] {
  const n = Math.max(1, Math.min(Math.floor(segments), values.length));
  const out = new Array<number>(n).fill(0);
  values.forEach((v, i) => {
    out[Math.min(n - 1, Math.floor((i * n) / values.length))] += Number.isFinite(v) ? v : 0;
  });
  return out;
}

/** The stretch of the timeline with the most (its first bucket), or null when all are 0. */
export function peakBucket(values: readonly number[]): number | null {
  let best: number | null = null;
  values.forEach((v, i) => {
    if (v > 0 && (best === null || v > values[best])) best = i;
  });
  return best;
}

/** "0:42–0:44": where bucket `index` of 100 lies in a `duration`-second video. */
export function bucketTimeLabel(index: number, duration: number, buckets = 100): string {
  const t = (s: number) => {
    const whole = Math.floor(s);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  };
  if (!(duration > 0)) return `${index}–${index + 1}%`;
  const from = t((index / buckets) * duration);
  const to = t(((index + 1) / buckets) * duration);
  return from === to ? from : `${from}–${to}`;
}

/** "72%": a share 0–1 as a whole percentage. */
export function percent(share: number): string {
  return `${Math.round(Math.min(1, Math.max(0, share)) * 100)}%`;
}
