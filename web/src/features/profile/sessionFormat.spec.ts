import { describe, expect, it } from 'vitest';
import {
  isLocalAddress,
  lastActiveText,
  sessionPlace,
  sessionsCountText,
  sessionSummary,
  timeAgo,
} from './sessionFormat';

describe('sessionSummary', () => {
  it('names the browser, the system and the device', () => {
    expect(sessionSummary({ browser: 'Chrome 131', os: 'Android 14', device: 'mobile' })).toBe(
      'Chrome 131 on Android 14 · mobile',
    );
    expect(sessionSummary({ browser: 'Firefox 133', os: 'Windows 10', device: null })).toBe(
      'Firefox 133 on Windows 10',
    );
    expect(sessionSummary({ browser: 'Safari 18' })).toBe('Safari 18');
  });

  it('says what it does not know', () => {
    expect(sessionSummary({ browser: null, os: 'macOS', device: 'desktop' })).toBe(
      'Unknown browser on macOS · desktop',
    );
    expect(sessionSummary({ browser: ' ', os: '', device: undefined })).toBe('Unknown browser');
  });
});

describe('sessionPlace', () => {
  it('shows the server’s place, else "Local network" for a local address, else nothing', () => {
    expect(sessionPlace({ ipAddress: '81.2.69.160', place: 'United Kingdom' })).toBe('United Kingdom');
    expect(sessionPlace({ ipAddress: '127.0.0.1', place: null })).toBe('Local network');
    expect(sessionPlace({ ipAddress: '2001:db8::7', place: null })).toBeNull();
    expect(sessionPlace({ ipAddress: null, place: undefined })).toBeNull();
  });

  it('knows the loopback, private and link-local addresses, also IPv4-mapped', () => {
    for (const address of [
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '10.2.3.4',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.1.20',
      '::FFFF:192.168.1.20',
      '169.254.1.1',
      '::1',
      'fd12:3456::1',
      'fc00::1',
      'fe80::1',
    ])
      expect(isLocalAddress(address), address).toBe(true);
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '100.64.0.1',
      'fd::1',
      'fec0::1',
      '2001:db8::1',
      '',
      null,
    ])
      expect(isLocalAddress(address), String(address)).toBe(false);
  });
});

describe('timeAgo and lastActiveText', () => {
  const now = new Date('2026-12-05T12:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('counts back in the largest whole unit', () => {
    expect(timeAgo(before(20), now)).toBe('just now');
    expect(timeAgo(before(5 * 60), now)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3600 + 59 * 60), now)).toBe('3 hours ago');
    expect(timeAgo(before(26 * 3600), now)).toBe('yesterday');
    expect(timeAgo(before(15 * 86400), now)).toBe('2 weeks ago');
    expect(timeAgo(before(400 * 86400), now)).toBe('last year');
  });

  it('reads a time a little ahead of this clock as now, and nothing for no time', () => {
    expect(timeAgo(new Date(now.getTime() + 30_000), now)).toBe('just now');
    expect(timeAgo(null, now)).toBe('');
    expect(timeAgo('not a date', now)).toBe('');
  });

  it('marks this session active now and rounds others to the server’s 10 minutes', () => {
    expect(lastActiveText(before(3 * 3600), true, now)).toBe('Active now');
    expect(lastActiveText(before(4 * 60), false, now)).toBe('Active in the last 10 minutes');
    expect(lastActiveText(before(25 * 60), false, now)).toBe('Active 25 minutes ago');
    expect(lastActiveText(before(3 * 86400), false, now)).toBe('Active 3 days ago');
  });
});

describe('sessionsCountText', () => {
  it('says whether there is anything else to sign out', () => {
    expect(sessionsCountText(1)).toBe('You are signed in only here.');
    expect(sessionsCountText(2)).toBe('You are signed in here and in 1 other place.');
    expect(sessionsCountText(4)).toBe('You are signed in here and in 3 other places.');
  });
});
