import { describe, expect, it } from 'vitest';
import { sourceLabel } from './learningFormat';

describe('learning formats', () => {
  it('labels enrollment sources', () => {
    expect(sourceLabel('free')).toBe('Free');
    expect(sourceLabel('granted')).toBe('Granted');
    expect(sourceLabel('')).toBe('');
  });
});
