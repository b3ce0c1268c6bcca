import { describe, expect, it } from 'vitest';
import { memberSince, roleLabel } from './profileFormat';

describe('roleLabel', () => {
  it('turns role values into readable labels', () => {
    expect(roleLabel('curriculum_officer')).toBe('Curriculum officer');
    expect(roleLabel('booking_provider')).toBe('Booking provider');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('')).toBe('');
  });
});

describe('memberSince', () => {
  it('formats ISO dates in long US form', () => {
    expect(memberSince('2025-03-04T10:15:30Z')).toBe('March 4, 2025');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(memberSince(null)).toBe('');
    expect(memberSince(undefined)).toBe('');
    expect(memberSince('not a date')).toBe('');
    expect(memberSince({})).toBe('');
  });
});
