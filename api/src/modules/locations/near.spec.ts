import { describe, expect, it } from 'vitest';
import { nearOrigin } from './near';

describe('nearOrigin', () => {
  it('gives the ZIP code’s centre and the radius (25 miles by default)', () => {
    expect(nearOrigin('10001')).toEqual({
      zip: '10001',
      latitude: 40.7484,
      longitude: -73.9967,
      radiusMiles: 25,
    });
    expect(nearOrigin(' 07030-1234 ', 10)).toMatchObject({ zip: '07030', radiusMiles: 10 });
    expect(nearOrigin('90210', 50).radiusMiles).toBe(50);
  });

  it('refuses other radii, malformed and unknown codes with BAD_USER_INPUT and a clear message', () => {
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return [(error as { extensions: { code: string } }).extensions.code, (error as Error).message];
      }
      return null;
    };
    expect(codeOf(() => nearOrigin('10001', 15))).toEqual([
      'BAD_USER_INPUT',
      'radiusMiles must be 10, 25, 50 (miles); got 15',
    ]);
    expect(codeOf(() => nearOrigin('abc'))).toEqual([
      'BAD_USER_INPUT',
      '“abc” is not a US ZIP code: enter 5 digits, e.g. 10001',
    ]);
    expect(codeOf(() => nearOrigin('00000'))).toEqual([
      'BAD_USER_INPUT',
      'ZIP code 00000 was not found: check it, or try a nearby one',
    ]);
  });
});
