import { describe, expect, it } from 'vitest';
import { controlBarHidden, cueLineAbove, mayMoveCue } from './captionPlacement';

/** Where a cue's bottom lands for a line, with Chromium's line box (measured: 11 px at 201 px, 26 px at 450 px). */
const bottomOf = (height: number, line: number) =>
  height + (line + 1) * (height < 300 ? 11 / 201.375 : 26 / 450) * height;

describe('cueLineAbove', () => {
  it('lifts cues over a 44 px control bar on a desktop and a phone', () => {
    for (const [w, h] of [
      [800, 450],
      [1280, 720],
      [358, 201.375],
    ]) {
      const line = cueLineAbove(w, h, 44);
      expect(line).toBeLessThan(-1);
      expect(bottomOf(h, line)).toBeLessThanOrEqual(h - 44);
      // …and not far above it (at most one line box more than needed).
      expect(bottomOf(h, line)).toBeGreaterThan(h - 44 - 2 * 0.06 * h);
    }
    expect(cueLineAbove(800, 450, 44)).toBe(-3);
  });

  it('leaves the default without a bar or a size', () => {
    expect(cueLineAbove(800, 450, 0)).toBe(-1);
    expect(cueLineAbove(0, 0, 44)).toBe(-1);
  });
});

describe('mayMoveCue', () => {
  it('moves auto cues and ours, never an author’s line', () => {
    expect(mayMoveCue('auto', undefined)).toBe(true);
    expect(mayMoveCue(-3, -3)).toBe(true);
    expect(mayMoveCue(0, undefined)).toBe(false);
    expect(mayMoveCue(0, -3)).toBe(false);
  });
});

describe('controlBarHidden', () => {
  const el = (...attrs: string[]) => ({ hasAttribute: (name: string) => attrs.includes(name) });
  it('is hidden only while the user is inactive during playback', () => {
    expect(controlBarHidden(el('userinactive'), el())).toBe(true);
    expect(controlBarHidden(el('userinactive', 'mediapaused'), el())).toBe(false);
    expect(controlBarHidden(el(), el())).toBe(false);
  });
  it('is shown when the bar does not auto-hide, or without a controller or bar', () => {
    expect(controlBarHidden(el('userinactive'), el('noautohide'))).toBe(false);
    expect(controlBarHidden(null, el())).toBe(false);
    expect(controlBarHidden(el('userinactive'), null)).toBe(false);
  });
});
