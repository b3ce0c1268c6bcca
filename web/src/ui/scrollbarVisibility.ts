/** How long a scroll panel's scroll bar stays after scrolling stops and the pointer leaves (spec §9). */
export const SCROLLBAR_HIDE_DELAY_MS = 600;

export interface ScrollbarVisibility {
  /** The panel scrolled: the bar shows, and hides 600 ms after the last scroll (unless hovered). */
  scrolled(): void;
  /** The pointer is over the panel: the bar shows while it stays. */
  pointerEntered(): void;
  /** The pointer left: the bar hides 600 ms later (unless it scrolls or is entered again). */
  pointerLeft(): void;
  /** Stops the pending hide (the panel is gone). */
  dispose(): void;
}

/**
 * When a scroll panel's bar is shown (ScrollPanel.tsx): while it scrolls or the pointer is over it,
 * and for 600 ms after both stop, as the spec's client's scroll areas. `onChange` hears each change.
 */
export function createScrollbarVisibility(
  onChange: (visible: boolean) => void,
  delayMs = SCROLLBAR_HIDE_DELAY_MS,
): ScrollbarVisibility {
  let visible = false;
  let hovering = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: boolean) => {
    if (next === visible) return;
    visible = next;
    onChange(next);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const hideLater = () => {
    stopTimer();
    timer = setTimeout(() => {
      timer = undefined;
      if (!hovering) set(false);
    }, delayMs);
  };
  return {
    scrolled() {
      set(true);
      hideLater();
    },
    pointerEntered() {
      hovering = true;
      stopTimer();
      set(true);
    },
    pointerLeft() {
      hovering = false;
      hideLater();
    },
    dispose: stopTimer,
  };
}
