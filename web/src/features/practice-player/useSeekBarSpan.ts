import { type RefObject, useEffect, useState } from 'react';
import { type Box, seekBarSpan } from './seekBarSpan';

/** The seek bar's track inside media-chrome's `<media-time-range>` (its shadow root is open). */
function trackOf(range: Element): Element {
  return range.shadowRoot?.querySelector('#track') ?? range.shadowRoot?.querySelector('#container') ?? range;
}

/**
 * Measures where the player's seek bar (`media-time-range` under `player`) lies over `strip`, again
 * whenever either changes size (window width, the control bar's layout, fullscreen); null until both
 * are laid out. Returns the strip's width too.
 */
export function useSeekBarSpan(
  player: RefObject<HTMLElement | null>,
  strip: RefObject<HTMLElement | null>,
): { span: Box | null; stripWidth: number } {
  const [state, setState] = useState<{ span: Box | null; stripWidth: number }>({ span: null, stripWidth: 0 });
  useEffect(() => {
    const root = player.current;
    const own = strip.current;
    if (!root || !own) return;
    let frame = 0;
    const measure = () => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => {
        const range = root.querySelector('media-time-range');
        const stripRect = own.getBoundingClientRect();
        const span = seekBarSpan(stripRect, range ? trackOf(range).getBoundingClientRect() : null);
        setState((prev) =>
          prev.stripWidth === stripRect.width &&
          prev.span?.left === span?.left &&
          prev.span?.width === span?.width
            ? prev
            : { span, stripWidth: stripRect.width },
        );
      });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(own);
    observer.observe(root);
    const range = root.querySelector('media-time-range');
    if (range) observer.observe(range);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      window.cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [player, strip]);
  return state;
}
