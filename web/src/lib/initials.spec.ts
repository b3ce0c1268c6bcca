import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';

describe('getInitials', () => {
  it('takes the first letter of the first and last word, uppercased', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('martha graham')).toBe('MG');
    expect(getInitials('Alvin  Ailey  Jr')).toBe('AJ');
  });

  it('uses a single letter for a single word', () => {
    expect(getInitials('Cher')).toBe('C');
    expect(getInitials('dancer42')).toBe('D');
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(getInitials('  Mikhail \t Baryshnikov \n')).toBe('MB');
  });

  it('returns an empty string for empty input', () => {
    expect(getInitials('')).toBe('');
    expect(getInitials('   ')).toBe('');
    expect(getInitials(null)).toBe('');
    expect(getInitials(undefined)).toBe('');
  });

  it('handles non-Latin letters', () => {
    expect(getInitials('élodie durand')).toBe('ÉD');
    expect(getInitials('Анна Павлова')).toBe('АП');
  });

  it('never returns more than two characters', () => {
    expect(getInitials('ß straße').length).toBeLessThanOrEqual(2);
  });
});
