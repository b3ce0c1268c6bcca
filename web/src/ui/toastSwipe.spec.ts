import { describe, expect, it } from 'vitest';
import { endSwipe, moveSwipe, startSwipe, TOAST_SWIPE_THRESHOLD_PX, type ToastSwipe } from './toastSwipe';

/** A press at (100, 200) moved through the given points; null once it is no swipe. */
function drag(points: [number, number][], pointerType = 'mouse'): ToastSwipe | null {
  let swipe: ToastSwipe | null = startSwipe(100, 200, pointerType);
  for (const [x, y] of points) swipe = swipe && moveSwipe(swipe, x, y);
  return swipe;
}

describe('swiping a toast away', () => {
  it('dismisses once it moved 50 px to the right (the spec’s threshold)', () => {
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(
      endSwipe(
        drag([
          [110, 201],
          [150, 203],
        ]),
      ),
    ).toBe('dismiss');
    expect(
      endSwipe(
        drag([
          [130, 200],
          [240, 190],
        ]),
      ),
    ).toBe('dismiss');
  });

  it('springs back from a shorter swipe, or one brought back left', () => {
    expect(
      endSwipe(
        drag([
          [110, 200],
          [149, 200],
        ]),
      ),
    ).toBe('cancel');
    expect(
      endSwipe(
        drag([
          [110, 200],
          [200, 200],
          [120, 200],
        ]),
      ),
    ).toBe('cancel');
  });

  it('follows the pointer to the right only', () => {
    expect(
      drag([
        [110, 200],
        [170, 220],
      ])?.offset,
    ).toBe(70);
    expect(
      drag([
        [110, 200],
        [60, 200],
      ])?.offset,
    ).toBe(0);
  });

  it('is no swipe for a press that first moves left, up or down: the page scrolls, text is selected', () => {
    expect(drag([[90, 200]])).toBeNull();
    expect(drag([[101, 230]])).toBeNull();
    expect(drag([[105, 210]])).toBeNull();
    expect(endSwipe(null)).toBeNull();
  });

  it('leaves a click a click: no movement, or less than a finger’s wobble', () => {
    expect(endSwipe(drag([]))).toBeNull();
    expect(endSwipe(drag([[101, 201]]))).toBeNull();
    const touch = drag([[108, 203]], 'touch');
    expect(touch?.offset).toBeNull();
    expect(endSwipe(touch)).toBeNull();
    expect(drag([[108, 203]], 'mouse')?.offset).toBe(8);
  });
});
