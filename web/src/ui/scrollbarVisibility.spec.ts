import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScrollbarVisibility, SCROLLBAR_HIDE_DELAY_MS } from './scrollbarVisibility';

describe('a scroll panel’s scroll bar', () => {
  let changes: boolean[];
  const bar = () => createScrollbarVisibility((visible) => changes.push(visible));

  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows while scrolling and hides 600 ms after scrolling stops (the spec’s delay)', () => {
    expect(SCROLLBAR_HIDE_DELAY_MS).toBe(600);
    const visibility = bar();
    visibility.scrolled();
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(400);
    visibility.scrolled();
    vi.advanceTimersByTime(599);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it('stays while the pointer is over the panel and hides 600 ms after it leaves', () => {
    const visibility = bar();
    visibility.pointerEntered();
    visibility.scrolled();
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([true]);
    visibility.pointerLeft();
    vi.advanceTimersByTime(599);
    expect(changes).toEqual([true]);
    visibility.pointerEntered();
    vi.advanceTimersByTime(5000);
    visibility.pointerLeft();
    vi.advanceTimersByTime(600);
    expect(changes).toEqual([true, false]);
  });

  it('forgets a pending hide when the panel goes', () => {
    const visibility = bar();
    visibility.scrolled();
    visibility.dispose();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([true]);
  });
});
