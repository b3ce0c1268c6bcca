import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stitchable, stitchedBody, stitchedText } from './stitched-gzip';

const PLACEHOLDER = 'DRX_SHARED_PAGE_NONCE_00';
const nonce = () => crypto.randomBytes(16).toString('base64');

/** A page like a server-rendered one: repeated markup, a style element with the token every so often. */
function page(styles: number): string {
  let html =
    '<!doctype html><html><head><meta property="csp-nonce" nonce="' + PLACEHOLDER + '"></head><body>';
  for (let i = 0; i < styles; i++) {
    html += `<style data-emotion="css ${i.toString(36)}" nonce="${PLACEHOLDER}">.css-${i}{display:flex;gap:${i % 7}px}</style>`;
    html +=
      `<div class="css-${i}"><a href="/courses/${crypto.randomUUID()}">Course ${i} — Ballet “basics”</a></div>`.repeat(
        3,
      );
  }
  return `${html}</body></html>`;
}

describe('stitched gzip', () => {
  it('gives every response its own token in one gzip body any client reads, each as the page with that token', () => {
    const text = page(120);
    const cut = stitchable(text, PLACEHOLDER)!;
    expect(cut.parts).toHaveLength(122);
    for (const token of [nonce(), nonce(), 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const body = stitchedBody(cut, token);
      const expected = text.replaceAll(PLACEHOLDER, token);
      expect(zlib.gunzipSync(body).toString('utf8')).toBe(expected);
      expect(stitchedText(cut, token).toString('utf8')).toBe(expected);
    }
  });

  it('compresses nearly as well as the whole page at once (the parts see the page before them; each starts a block)', () => {
    const text = page(200);
    const body = stitchedBody(stitchable(text, PLACEHOLDER)!, nonce());
    const whole = zlib.gzipSync(text.replaceAll(PLACEHOLDER, nonce()), { level: 9 });
    expect(body.length).toBeLessThan(whole.length * 2.5);
    expect(body.length).toBeLessThan(Buffer.byteLength(text) / 3);
  });

  it('works past deflate’s 32 KiB window and with one part or a token at either end', () => {
    const big = `${PLACEHOLDER}${'x'.repeat(70_000)}${PLACEHOLDER}${'y'.repeat(40_000)}${PLACEHOLDER}`;
    for (const text of [big, 'no token at all', PLACEHOLDER]) {
      const token = nonce();
      const body = stitchedBody(stitchable(text, PLACEHOLDER)!, token);
      expect(zlib.gunzipSync(body).toString('utf8')).toBe(text.replaceAll(PLACEHOLDER, token));
    }
  });

  it('refuses a page that holds the byte marking a token’s place, and a token of another length', () => {
    expect(stitchable(`a\u0001b${PLACEHOLDER}c`, PLACEHOLDER)).toBeNull();
    const cut = stitchable(`a${PLACEHOLDER}b`, PLACEHOLDER)!;
    expect(() => stitchedBody(cut, 'short')).toThrow(/length/);
  });

  it('round-trips a real server-rendered page when one is at hand', () => {
    const file = process.env.DRX_SAMPLE_PAGE;
    if (!file || !fs.existsSync(file)) return;
    const text = fs.readFileSync(file, 'utf8');
    const token = nonce();
    const body = stitchedBody(
      stitchable(text.replaceAll(/nonce="[^"]*"/g, `nonce="${PLACEHOLDER}"`), PLACEHOLDER)!,
      token,
    );
    expect(zlib.gunzipSync(body).toString('utf8')).toBe(
      text.replaceAll(/nonce="[^"]*"/g, `nonce="${token}"`),
    );
  });
});
