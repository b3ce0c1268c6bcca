import { describe, expect, it } from 'vitest';
import { distanceMiles } from './distance';
import { lookupZip } from './zipcodes';

const at = (zip: string) => {
  const place = lookupZip(zip);
  if (!place) throw new Error(`no ${zip}`);
  return place;
};

describe('distanceMiles', () => {
  it('measures known pairs of ZIP codes', () => {
    // Manhattan (Chelsea) to Hoboken: "about 3 miles" by road; the data set's centres of the two
    // codes (40.7484,-73.9967 and 40.7445,-74.0329) are 1.9 miles apart in a straight line.
    expect(distanceMiles(at('10001'), at('07030'))).toBeGreaterThan(1.5);
    expect(distanceMiles(at('10001'), at('07030'))).toBeLessThan(3.5);
    expect(distanceMiles(at('10001'), at('07030'))).toBeCloseTo(1.91, 2);
    // New York to Beverly Hills: about 2,450 miles.
    expect(distanceMiles(at('10001'), at('90210'))).toBeGreaterThan(2400);
    expect(distanceMiles(at('10001'), at('90210'))).toBeLessThan(2500);
    expect(Math.round(distanceMiles(at('10001'), at('90210')) / 10) * 10).toBe(2450);
  });

  it('is zero for one point and the same both ways', () => {
    expect(distanceMiles(at('10001'), at('10001'))).toBe(0);
    expect(distanceMiles(at('90210'), at('10001'))).toBeCloseTo(distanceMiles(at('10001'), at('90210')), 9);
  });

  it('matches a textbook value: one degree of latitude is about 69.1 miles', () => {
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(69.09, 1);
    // Antipodes: half the Earth's circumference.
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 3958.7613,
      3,
    );
  });
});
