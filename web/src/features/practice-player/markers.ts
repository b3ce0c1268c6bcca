import { formatTime } from './time';

/** A step marker on the timeline: "Basic step" at 42 s. */
export interface StepMarker {
  label: string;
  atSeconds: number;
}

/** Markers in time order, those outside the video (when its duration is known) left out. */
export function visibleMarkers(markers: readonly StepMarker[], duration: number): StepMarker[] {
  const known = Number.isFinite(duration) && duration > 0;
  return [...markers]
    .filter((m) => m.atSeconds >= 0 && (!known || m.atSeconds <= duration))
    .sort((x, y) => x.atSeconds - y.atSeconds);
}

/** "Basic step 0:42" */
export function markerText(marker: StepMarker): string {
  return `${marker.label} ${formatTime(marker.atSeconds)}`;
}

/** Where on the timeline (percent, 0–100). */
export function markerPercent(marker: StepMarker, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(100, Math.max(0, (marker.atSeconds / duration) * 100));
}

/**
 * The loop a marker stands for: from the marker to the next one (or the end); what "loop this step"
 * in the list sets.
 */
export function markerSpan(
  markers: readonly StepMarker[],
  index: number,
  duration: number,
): { a: number; b: number } | null {
  const sorted = visibleMarkers(markers, duration);
  const marker = markers[index];
  const at = sorted.indexOf(marker);
  if (at < 0) return null;
  const next = sorted[at + 1];
  const end = next ? next.atSeconds : Number.isFinite(duration) && duration > 0 ? duration : null;
  return end === null || end <= marker.atSeconds ? null : { a: marker.atSeconds, b: end };
}
