import { describe, expect, it } from 'vitest';
import { displayNameOf } from './displayName';

describe('displayNameOf', () => {
  it('uses the first name when there is one', () => {
    expect(displayNameOf({ firstName: 'Ada', username: 'ada99' })).toBe('Ada');
  });

  it('falls back to the username when the first name is missing or blank', () => {
    expect(displayNameOf({ firstName: null, username: 'ada99' })).toBe('ada99');
    expect(displayNameOf({ firstName: '   ', username: 'ada99' })).toBe('ada99');
  });

  it('says Guest when there is neither', () => {
    expect(displayNameOf({ firstName: '', username: '' })).toBe('Guest');
    expect(displayNameOf(null)).toBe('Guest');
    expect(displayNameOf(undefined)).toBe('Guest');
  });
});
