import { describe, expect, it } from 'vitest';
import { seekBarSpan, timeOffset } from './seekBarSpan';

describe('marker strip alignment with the seek bar', () => {
  it('takes the seek bar track’s offset and width within the strip', () => {
    expect(seekBarSpan({ left: 16, width: 800 }, { left: 120, width: 480 })).toEqual({
      left: 104,
      width: 480,
    });
    expect(seekBarSpan({ left: 0, width: 390 }, { left: 0, width: 0 })).toBeNull();
    expect(seekBarSpan(null, { left: 1, width: 2 })).toBeNull();
  });

  it('draws a marker at t over the seek bar’s position for t (desktop and a 390 px phone)', () => {
    const desktop = seekBarSpan({ left: 0, width: 960 }, { left: 104, width: 560 });
    expect(timeOffset(0, 60, desktop, 960)).toBe(104);
    expect(timeOffset(30, 60, desktop, 960)).toBe(384);
    expect(timeOffset(60, 60, desktop, 960)).toBe(664);
    const phone = seekBarSpan({ left: 12, width: 366 }, { left: 62, width: 150 });
    expect(timeOffset(15, 60, phone, 366)).toBe(50 + 37.5);
  });

  it('clamps to the range and falls back to the strip’s width when the seek bar is not measured', () => {
    const span = { left: 10, width: 100 };
    expect(timeOffset(-5, 60, span, 300)).toBe(10);
    expect(timeOffset(99, 60, span, 300)).toBe(110);
    expect(timeOffset(30, 60, null, 300)).toBe(150);
    expect(timeOffset(30, 0, span, 300)).toBe(10);
  });
});
