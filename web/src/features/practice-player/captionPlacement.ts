/**
 * Where the browser draws caption cues, so that they sit above media-chrome's control bar (drawn
 * over the video's bottom) instead of under it. Cues are moved with the WebVTT line setting
 * (`VTTCue.line`, snap-to-lines): line -1 puts a cue's last line at the video's bottom, each step
 * further up is one line box, which browsers size from the video: a font of 5% of its smaller side
 * at a normal line height (Chromium: 11 px of a 201 px tall video, 26 px of 450 px). Pure, unit-tested.
 */

/** The share of the video's smaller side that one caption line box takes (an underestimate, so cues clear the bar). */
export const CUE_LINE_SHARE = 0.05 * 1.08;
/** Pixels kept free between the cue and the control bar. */
export const CUE_GAP = 4;

/** The cue line (negative: from the bottom) that puts a cue's bottom above a control bar this tall. */
export function cueLineAbove(videoWidth: number, videoHeight: number, barHeight: number): number {
  const step = CUE_LINE_SHARE * Math.min(videoWidth, videoHeight);
  if (!(step > 0) || !(barHeight > 0)) return -1;
  return -(Math.ceil((barHeight + CUE_GAP) / step) + 1);
}

/** A cue's own setting is kept (an author's `line:` in the file); only 'auto' or our earlier value moves. */
export function mayMoveCue(line: number | 'auto', ours: number | undefined): boolean {
  return line === 'auto' || (ours !== undefined && line === ours);
}

/**
 * Whether media-chrome has hidden its control bar (faded it out): the controller marks an inactive
 * user (`userinactive`: no pointer or key for a while, and on load) and hides the controls only
 * while the media plays (not `mediapaused`), unless the bar opts out (`noautohide`). Captions then
 * drop to the video's bottom.
 */
export function controlBarHidden(
  controller: Pick<Element, 'hasAttribute'> | null,
  bar: Pick<Element, 'hasAttribute'> | null,
): boolean {
  if (!controller || !bar) return false;
  return (
    controller.hasAttribute('userinactive') &&
    !controller.hasAttribute('mediapaused') &&
    !bar.hasAttribute('noautohide')
  );
}
