import { describe, expect, it } from 'vitest';
import { licenceLabel, licencesToGive } from './licence-label';

describe('licenceLabel', () => {
  it('is singular for one licence and plural otherwise', () => {
    expect(licenceLabel(1)).toBe('1 licence');
    expect(licenceLabel(3)).toBe('3 licences');
    expect(licenceLabel(0)).toBe('0 licences');
  });
});

describe('licencesToGive', () => {
  it('keeps one licence for the buyer and never goes below 0', () => {
    expect(licencesToGive(1, 0)).toBe(0);
    expect(licencesToGive(3, 0)).toBe(2);
    expect(licencesToGive(3, 2)).toBe(0);
    expect(licencesToGive(2, 5)).toBe(0);
  });
});
