/**
 * Swiping a toast away (spec section 9): a press on a toast that moves to the right follows the
 * pointer, and lets go as a dismissal once it has moved 50 px; less springs back. Pure state, fed
 * with pointer coordinates by the toaster (toaster.tsx), like Radix's toasts (the spec's client).
 */

/** How far to the right a toast is dragged before letting go dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * How far a press moves before it is a swipe (or, the other way, no swipe at all): a finger wobbles
 * more than a mouse. Below it a press stays a click (a button in the toast still works).
 */
export function moveStartBuffer(pointerType: string): number {
  return pointerType === 'touch' ? 10 : 2;
}

/** A press on a toast: where it began and, once it is a swipe, how far right it has moved. */
export interface ToastSwipe {
  startX: number;
  startY: number;
  pointerType: string;
  /** Pixels to the right (never below 0), or null while the press is not a swipe yet. */
  offset: number | null;
}

export function startSwipe(x: number, y: number, pointerType: string): ToastSwipe {
  return { startX: x, startY: y, pointerType, offset: null };
}

/**
 * The press after the pointer moved to (x, y): a swipe starts when it moves right more than up or
 * down (past the buffer) and then follows the pointer (never left of where it began). A press
 * that first moves another way is no swipe: null (the page may scroll, text may be selected).
 */
export function moveSwipe(swipe: ToastSwipe, x: number, y: number): ToastSwipe | null {
  const right = Math.max(0, x - swipe.startX);
  if (swipe.offset !== null) return { ...swipe, offset: right };
  const dx = Math.abs(x - swipe.startX);
  const dy = Math.abs(y - swipe.startY);
  const buffer = moveStartBuffer(swipe.pointerType);
  if (right > buffer && right > dy) return { ...swipe, offset: right };
  if (dx > buffer || dy > buffer) return null;
  return swipe;
}

/**
 * What letting go does: 'dismiss' once the toast moved 50 px to the right, 'cancel' (it springs
 * back) for a shorter swipe, null for a press that never became a swipe (a click).
 */
export function endSwipe(swipe: ToastSwipe | null): 'dismiss' | 'cancel' | null {
  if (!swipe || swipe.offset === null) return null;
  return swipe.offset >= TOAST_SWIPE_THRESHOLD_PX ? 'dismiss' : 'cancel';
}
