/**
 * Where the seek bar's range lies over the marker strip (pure): the strip draws a marker at t over
 * the seek bar's position for t, whatever the control bar's buttons take at this width.
 */

export interface Box {
  left: number;
  width: number;
}

/** The seek bar's track as an offset and width within the strip, in pixels (null when unknown). */
export function seekBarSpan(strip: Box | null, track: Box | null): Box | null {
  if (!strip || !track || !(track.width > 0) || !(strip.width > 0)) return null;
  return { left: track.left - strip.left, width: track.width };
}

/**
 * The x offset (pixels, within the strip) of time `seconds`: the seek bar's position for it, or
 * the strip's own proportion when the seek bar is not measured (no span).
 */
export function timeOffset(seconds: number, duration: number, span: Box | null, stripWidth: number): number {
  const fraction =
    Number.isFinite(duration) && duration > 0 ? Math.min(1, Math.max(0, seconds / duration)) : 0;
  if (!span) return fraction * stripWidth;
  return span.left + fraction * span.width;
}
