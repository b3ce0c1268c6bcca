import { describe, expect, it } from 'vitest';
import { lookupZip, normalizeZip, stateNameOf } from './zipcodes';

describe('lookupZip', () => {
  it('answers a US ZIP code with its city, state, coordinates and time zone', () => {
    expect(lookupZip('10001')).toEqual({
      zip: '10001',
      city: 'New York',
      state: 'NY',
      stateName: 'New York',
      latitude: 40.7484,
      longitude: -73.9967,
      timeZone: 'America/New_York',
    });
    const hoboken = lookupZip('07030');
    expect(hoboken).toMatchObject({ zip: '07030', city: 'Hoboken', state: 'NJ', stateName: 'New Jersey' });
    expect(hoboken?.timeZone).toBe('America/New_York');
    expect(lookupZip('90210')).toMatchObject({
      city: 'Beverly Hills',
      state: 'CA',
      stateName: 'California',
      timeZone: 'America/Los_Angeles',
    });
    expect(lookupZip('60601')?.timeZone).toBe('America/Chicago');
    expect(lookupZip('20001')?.stateName).toBe('District of Columbia');
  });

  it('takes ZIP+4 and surrounding spaces, answering the 5-digit code', () => {
    expect(lookupZip(' 10001-1234 ')?.zip).toBe('10001');
  });

  it('answers null for malformed and unknown codes (and Canadian postal codes)', () => {
    for (const bad of ['', '1000', '100011', 'abcde', '10001-12', '1000O', 'M5V 3L9', 'M5V3L9']) {
      expect(lookupZip(bad)).toBeNull();
    }
    expect(lookupZip('00000')).toBeNull();
    expect(lookupZip('99999')).toBeNull();
  });
});

describe('normalizeZip', () => {
  it('keeps 5 digits, cuts ZIP+4, refuses anything else', () => {
    expect(normalizeZip('07030')).toBe('07030');
    expect(normalizeZip('07030-0001')).toBe('07030');
    expect(normalizeZip('7030')).toBeNull();
    expect(normalizeZip(null)).toBeNull();
  });
});

describe('stateNameOf', () => {
  it('names a state from its code', () => {
    expect(stateNameOf('NY')).toBe('New York');
    expect(stateNameOf('ca')).toBe('California');
    expect(stateNameOf('ZZ')).toBe('ZZ');
  });
});
