import { describe, expect, it } from 'vitest';
import { initialsAvatarDataUrl } from './initialsAvatar';

function decodeSvg(url: string): string {
  const [body] = url.split('#');
  return decodeURIComponent(body.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
}

describe('initialsAvatarDataUrl', () => {
  it('returns a local SVG data URL with a cache-busting timestamp', () => {
    const url = initialsAvatarDataUrl('Ada Lovelace', 1700000000000);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url.endsWith('#t=1700000000000')).toBe(true);
    expect(url).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('draws a 200×200 purple square with white initials', () => {
    const svg = decodeSvg(initialsAvatarDataUrl('ada lovelace', 1));
    expect(svg).toContain('width="200" height="200"');
    expect(svg).toContain('fill="#6B46C1"');
    expect(svg).toContain('fill="#FFFFFF"');
    expect(svg).toMatch(/>AL<\/text>/);
  });

  it('uses at most two initials and a single letter for one word', () => {
    expect(decodeSvg(initialsAvatarDataUrl('Anna Maria Pavlova', 1))).toMatch(/>AP<\/text>/);
    expect(decodeSvg(initialsAvatarDataUrl('dancer42', 1))).toMatch(/>D<\/text>/);
  });

  it('falls back to a question mark for an empty name', () => {
    expect(decodeSvg(initialsAvatarDataUrl('   ', 1))).toMatch(/>\?<\/text>/);
  });

  it('escapes characters that are special in XML', () => {
    const svg = decodeSvg(initialsAvatarDataUrl('<script> &co', 1));
    expect(svg).toMatch(/>&lt;&amp;<\/text>/);
    expect(svg).not.toContain('<script');
  });

  it('changes the URL when the timestamp changes', () => {
    expect(initialsAvatarDataUrl('Ada', 1)).not.toBe(initialsAvatarDataUrl('Ada', 2));
  });

  it('defaults the timestamp to now', () => {
    const before = Date.now();
    const stamp = Number(initialsAvatarDataUrl('Ada').split('#t=')[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });
});
