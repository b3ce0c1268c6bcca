import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dateFormat';

describe('date formats', () => {
  it('formats dates and date-times and tolerates missing values', () => {
    expect(formatDate('2026-11-21T12:00:00.000Z')).toMatch(/^Nov 2[01], 2026$/);
    expect(formatDateTime('2026-11-21T12:00:00.000Z')).toMatch(/^Nov 2[01], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDateTime(new Date('2026-11-21T12:00:00.000Z'))).toBe(
      formatDateTime('2026-11-21T12:00:00.000Z'),
    );
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime({})).toBe('');
  });
});
