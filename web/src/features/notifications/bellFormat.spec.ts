import { describe, expect, it } from 'vitest';
import { bellBadgeText, bellLabel } from './bellFormat';

describe('the notifications bell', () => {
  it('shows no badge at 0, the count up to 9, then "9+"', () => {
    expect(bellBadgeText(0)).toBe('');
    expect(bellBadgeText(-1)).toBe('');
    expect(bellBadgeText(1)).toBe('1');
    expect(bellBadgeText(9)).toBe('9');
    expect(bellBadgeText(10)).toBe('9+');
    expect(bellBadgeText(250)).toBe('9+');
  });

  it('is named with the exact unread count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(12)).toBe('Notifications, 12 unread');
  });
});
