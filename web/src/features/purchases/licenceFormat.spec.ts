import { describe, expect, it } from 'vitest';
import { licenceLabel, licencesLeftLabel, lineKindLabel } from './licenceFormat';

describe('licence labels', () => {
  it('say licence for one and licences otherwise', () => {
    expect(licenceLabel(1)).toBe('1 licence');
    expect(licenceLabel(3)).toBe('3 licences');
    expect(licencesLeftLabel(1)).toBe('1 licence left to give');
    expect(licencesLeftLabel(2)).toBe('2 licences left to give');
  });

  it('name a resource line by its licences and a course line as a course', () => {
    expect(lineKindLabel({ itemType: 'resource', quantity: 3, licences: 3 })).toBe('Resource · 3 licences');
    expect(lineKindLabel({ itemType: 'resource', quantity: 1 })).toBe('Resource · 1 licence');
    expect(lineKindLabel({ itemType: 'course', quantity: 1, licences: null })).toBe('Course');
  });
});
