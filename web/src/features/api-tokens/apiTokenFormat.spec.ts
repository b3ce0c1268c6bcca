import { describe, expect, it } from 'vitest';
import {
  checkTokenInput,
  choosableScopes,
  DEFAULT_EXPIRY,
  EXPIRY_OPTIONS,
  expiresInDays,
  formatExpires,
  formatLastUsed,
  maskedToken,
  splitUserErrors,
  STATUS_OPTIONS,
  statusBadge,
  statusFilter,
} from './apiTokenFormat';

describe('statusBadge', () => {
  it('labels and colours each status', () => {
    expect(statusBadge('ACTIVE')).toEqual({ label: 'Active', palette: 'green' });
    expect(statusBadge('EXPIRED')).toEqual({ label: 'Expired', palette: 'gray' });
    expect(statusBadge('REVOKED')).toEqual({ label: 'Revoked', palette: 'red' });
  });

  it('offers every status to the admin filter, and reads the select back', () => {
    expect(STATUS_OPTIONS).toEqual([
      { value: 'ACTIVE', label: 'Active' },
      { value: 'EXPIRED', label: 'Expired' },
      { value: 'REVOKED', label: 'Revoked' },
    ]);
    expect(statusFilter('REVOKED')).toBe('REVOKED');
    expect(statusFilter('')).toBeNull();
    expect(statusFilter('toString')).toBeNull();
  });
});

describe('dates and the prefix', () => {
  it('says "Never" for a token never used or that never expires', () => {
    expect(formatLastUsed(null)).toBe('Never');
    expect(formatExpires(null)).toBe('Never');
    expect(formatLastUsed('2026-11-21T12:00:00.000Z')).toMatch(/^Nov 2[01], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatExpires('2026-11-21T12:00:00.000Z')).toMatch(/^Nov 2[01], 2026$/);
  });

  it('shows the prefix with an ellipsis', () => {
    expect(maskedToken('drx_abc123')).toBe('drx_abc123…');
  });
});

describe('expiry', () => {
  it('offers 7, 30 and 90 days, a year and no expiry; 30 days by default', () => {
    expect(EXPIRY_OPTIONS.map((o) => o.label)).toEqual([
      '7 days',
      '30 days',
      '90 days',
      '1 year',
      'No expiry',
    ]);
    expect(EXPIRY_OPTIONS.map((o) => expiresInDays(o.value))).toEqual([7, 30, 90, 365, null]);
    expect(DEFAULT_EXPIRY).toBe('30');
    expect(EXPIRY_OPTIONS.some((o) => o.value === DEFAULT_EXPIRY)).toBe(true);
  });
});

describe('choosableScopes', () => {
  const scopes = [{ name: 'catalog:read' }, { name: 'admin' }, { name: 'orders:read' }];
  it('leaves the admin scope out for everyone but staff', () => {
    expect(choosableScopes(scopes, false).map((s) => s.name)).toEqual(['catalog:read', 'orders:read']);
    expect(choosableScopes(scopes, true)).toEqual(scopes);
  });
});

describe('form errors', () => {
  it('puts field errors next to their fields and the rest above the form', () => {
    expect(
      splitUserErrors([
        { code: 'INVALID_INPUT', field: 'scopes', message: 'Choose at least one scope.' },
        {
          code: 'INVALID_INPUT',
          field: 'expiresInDays',
          message: 'The expiry must be 1 to 366 days, or none.',
        },
        { code: 'CONFLICT', field: null, message: 'You have 25 active tokens.' },
        { code: 'INVALID_INPUT', field: 'somethingElse', message: 'Odd.' },
      ]),
    ).toEqual({
      fields: {
        scopes: 'Choose at least one scope.',
        expiresInDays: 'The expiry must be 1 to 366 days, or none.',
      },
      form: ['You have 25 active tokens.', 'Odd.'],
    });
    expect(splitUserErrors([])).toEqual({ fields: {}, form: [] });
  });

  it('tells a blank name and no scope before asking the server', () => {
    expect(checkTokenInput({ name: '  ', scopes: [] })).toEqual({
      name: 'Give the token a name.',
      scopes: 'Choose at least one scope.',
    });
    expect(checkTokenInput({ name: 'CI', scopes: ['catalog:read'] })).toEqual({});
  });
});
