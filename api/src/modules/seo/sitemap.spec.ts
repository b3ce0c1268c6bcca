import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, escapeXml, sitemapIndexXml, urlsetXml } from './sitemap';
import { robotsTxt } from './robots';

const parser = new XMLParser({
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

describe('sitemap XML', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('writes a well-formed urlset whose locations read back exactly, with UTC lastmod to the second', () => {
    const xml = urlsetXml('https://drx.example/shop?a=1&b=<2>/', [
      { path: '/courses/1', lastModified: new Date('2026-01-02T03:04:05.678Z') },
      { path: `/odd/'quote"`, lastModified: null },
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
    const urls = parser.parse(xml).urlset.url;
    expect(urls).toEqual([
      { loc: 'https://drx.example/shop?a=1&b=<2>/courses/1', lastmod: '2026-01-02T03:04:05Z' },
      { loc: `https://drx.example/shop?a=1&b=<2>/odd/'quote"` },
    ]);
  });

  it('writes an index of numbered files', () => {
    const xml = sitemapIndexXml('https://drx.example', 3);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parser.parse(xml).sitemapindex.sitemap.map((s: { loc: string }) => s.loc)).toEqual([
      'https://drx.example/sitemap-1.xml',
      'https://drx.example/sitemap-2.xml',
      'https://drx.example/sitemap-3.xml',
    ]);
  });

  it('joins the public address and a path with one slash', () => {
    expect(absoluteUrl('https://drx.example//', '/x')).toBe('https://drx.example/x');
    expect(absoluteUrl('https://drx.example', '/')).toBe('https://drx.example/');
  });
});

describe('robots.txt', () => {
  it('names the sitemap by its absolute URL', () => {
    expect(robotsTxt('https://drx.example/').trimEnd().split('\n').at(-1)).toBe(
      'Sitemap: https://drx.example/sitemap.xml',
    );
  });
});
