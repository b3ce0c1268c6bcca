import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld';
import { absoluteImageUrl, plainDescription } from './meta-text';
import { escapeHtml, withPageMeta } from './page-meta-html';
import { matchPage } from './page-routes';

describe('plainDescription', () => {
  it('collapses whitespace and control characters', () => {
    expect(plainDescription('  Salsa\n\tbasics\u0000 for   teens ')).toBe('Salsa basics for teens');
    expect(plainDescription(null)).toBe('');
  });

  it('cuts long text at a word boundary to at most 160 characters, with an ellipsis', () => {
    const text = `${'word '.repeat(40)}end`;
    const description = plainDescription(text);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/word…$/);
    expect(plainDescription('x'.repeat(300))).toHaveLength(160);
  });
});

describe('absoluteImageUrl', () => {
  it('site paths get the site address; http(s) URLs stay; other schemes and protocol-relative URLs are dropped', () => {
    expect(absoluteImageUrl('https://drx.example/', '/uploads/a.png')).toBe(
      'https://drx.example/uploads/a.png',
    );
    expect(absoluteImageUrl('https://drx.example', 'https://cdn.example/a.png')).toBe(
      'https://cdn.example/a.png',
    );
    expect(absoluteImageUrl('https://drx.example', 'javascript:alert(1)')).toBeNull();
    expect(absoluteImageUrl('https://drx.example', '//evil.example/a.png')).toBeNull();
    expect(absoluteImageUrl('https://drx.example', '')).toBeNull();
  });
});

describe('matchPage', () => {
  it('knows the public pages and their aliases, and nothing else', () => {
    expect(matchPage('/courses/salsa-basics')).toEqual({ kind: 'course', key: 'salsa-basics' });
    expect(matchPage('/course/salsa-basics/')).toEqual({ kind: 'course', key: 'salsa-basics' });
    expect(matchPage('/resources/abc')).toEqual({ kind: 'resource', key: 'abc' });
    expect(matchPage('/seller-store/abc')).toEqual({ kind: 'store', key: 'abc' });
    expect(matchPage('/instructors/a%20b')).toEqual({ kind: 'instructor', key: 'a b' });
    expect(matchPage('/courses/%E0%A4%A')).toEqual({ kind: 'course', key: '' });
    expect(matchPage('/pricing')).toMatchObject({ kind: 'static', page: { path: '/subscription' } });
    expect(matchPage('/curriculum/upload')).toBeNull();
    expect(matchPage('/courses/a/modules/b')).toBeNull();
    expect(matchPage('/instructors/a/book')).toBeNull();
    expect(matchPage('/assets/index-abc.js')).toBeNull();
    expect(matchPage('/cart')).toBeNull();
    expect(matchPage('/shop')).toMatchObject({ kind: 'static', page: { path: '/shop', title: 'Shop' } });
    expect(matchPage('/shop/ballet-slippers')).toEqual({ kind: 'shop-product', key: 'ballet-slippers' });
    expect(matchPage('/shop/bag')).toBeNull();
  });
});

describe('withPageMeta', () => {
  const page = {
    title: 'A "title" <b> & co',
    description: 'Text',
    url: 'https://drx.example/courses/a',
    type: 'website' as const,
    image: null,
  };

  it('replaces the default title and description, whatever the attribute order', () => {
    const html =
      '<head><meta content="Old > text" name="description">\n<title>Old</title><script src="/a.js"></script></head>';
    const out = withPageMeta(html, page, 'n0nce');
    expect(out).not.toContain('Old');
    expect(out).toContain('<title>A &quot;title&quot; &lt;b&gt; &amp; co</title>');
    expect(out.match(/name="description"/g)).toHaveLength(1);
    expect(out).toContain('<script src="/a.js"></script>');
  });

  it('adds the tags at the end of <head> when the page has no title', () => {
    expect(withPageMeta('<html><head></head></html>', page, 'n')).toMatch(
      /<title>[^<]+<\/title>[\s\S]*<\/head>/,
    );
  });
});

describe('escaping', () => {
  it('escapes HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('JSON-LD cannot end its script element and still parses to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = serializeJsonLd(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
