import { describe, expect, it } from 'vitest';
import { fileNameOf } from './privacyText';

describe('fileNameOf', () => {
  it('takes the name the server gave', () => {
    expect(fileNameOf('attachment; filename="drx-data-mia-2026-12-05.json"')).toBe(
      'drx-data-mia-2026-12-05.json',
    );
    expect(fileNameOf('attachment; filename=plain.json')).toBe('plain.json');
  });
  it('falls back without one', () => {
    expect(fileNameOf(null)).toBe('drx-data.json');
    expect(fileNameOf('attachment')).toBe('drx-data.json');
  });
});
