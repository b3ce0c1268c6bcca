import { describe, expect, it } from 'vitest';
import {
  NUMBER_ALPHABET,
  NUMBER_PATTERN,
  newCertificateNumber,
  normalizeCertificateNumber,
} from './certificate-number';

describe('certificate numbers', () => {
  it('look like DRX-<year>-<8 characters of the unambiguous alphabet>', () => {
    const number = newCertificateNumber(new Date('2026-11-21T12:00:00Z'));
    expect(number).toMatch(NUMBER_PATTERN);
    expect(number.startsWith('DRX-2026-')).toBe(true);
  });

  it('never use the look-alikes 0, O, 1 or I', () => {
    expect(NUMBER_ALPHABET).toHaveLength(32);
    expect(NUMBER_ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 200; i++) expect(newCertificateNumber().slice(9)).not.toMatch(/[01OI]/);
  });

  it('take each byte’s low five bits, so every character is equally likely', () => {
    const bytes = Buffer.from([0, 31, 32, 255, 1, 2, 3, 4]);
    expect(newCertificateNumber(new Date('2027-01-01T00:00:00Z'), () => bytes)).toBe('DRX-2027-2Z2Z3456');
  });

  it('differ from one draw to the next', () => {
    const numbers = new Set(Array.from({ length: 1000 }, () => newCertificateNumber()));
    expect(numbers.size).toBe(1000);
  });

  it('are normalised as a person may type them', () => {
    expect(normalizeCertificateNumber('  drx-2026-7k3q f9xh ')).toBe('DRX-2026-7K3QF9XH');
  });
});
