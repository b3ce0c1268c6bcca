import { describe, expect, it } from 'vitest';
import { deriveFeedToken, feedUrl, hashFeedToken } from './calendar-feed';

describe('calendar feed tokens', () => {
  const at = new Date('2026-11-24T15:00:00.123Z');

  it('derives a 32-byte url-safe token per user, issue time and secret', () => {
    const token = deriveFeedToken('secret', 'user-1', at);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(deriveFeedToken('secret', 'user-1', at)).toBe(token);
    expect(deriveFeedToken('secret', 'user-2', at)).not.toBe(token);
    expect(deriveFeedToken('secret', 'user-1', new Date(at.getTime() + 1))).not.toBe(token);
    expect(deriveFeedToken('other-secret', 'user-1', at)).not.toBe(token);
  });

  it('stores only a SHA-256 hex of the token', () => {
    const token = deriveFeedToken('secret', 'user-1', at);
    const hash = hashFeedToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });

  it('builds the absolute feed URL', () => {
    expect(feedUrl('https://drx.example/', 'abc')).toBe('https://drx.example/api/calendar/abc.ics');
  });
});
