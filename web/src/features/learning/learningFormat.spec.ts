import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, sourceLabel } from './learningFormat';

describe('learning formats', () => {
  it('formats dates and tolerates missing values', () => {
    expect(formatDate('2026-11-21T12:00:00.000Z')).toMatch(/^Nov 2[01], 2026$/);
    expect(formatDateTime('2026-11-21T12:00:00.000Z')).toMatch(/^Nov 2[01], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('labels enrollment sources', () => {
    expect(sourceLabel('free')).toBe('Free');
    expect(sourceLabel('granted')).toBe('Granted');
    expect(sourceLabel('')).toBe('');
  });
});
