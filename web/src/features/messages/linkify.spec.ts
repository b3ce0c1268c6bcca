import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

describe('linkify', () => {
  it('keeps plain text (with its line breaks) as one text segment', () => {
    expect(linkify('Hello\nsee you Tuesday')).toEqual([{ kind: 'text', text: 'Hello\nsee you Tuesday' }]);
  });

  it('turns http(s) and www. addresses into links, leaving sentence punctuation outside', () => {
    expect(linkify('Notes: https://example.com/a?b=1, and www.drx.dance.')).toEqual([
      { kind: 'text', text: 'Notes: ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', and ' },
      { kind: 'link', text: 'www.drx.dance', href: 'https://www.drx.dance/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('drops a closing bracket that belongs to the sentence but keeps balanced ones', () => {
    expect(linkify('(see https://example.com/x)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: ')' },
    ]);
    const wiki = linkify('https://en.wikipedia.org/wiki/Tango_(dance)');
    expect(wiki).toEqual([
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Tango_(dance)',
        href: 'https://en.wikipedia.org/wiki/Tango_(dance)',
      },
    ]);
  });

  it('never links script, data or other schemes, and never produces markup', () => {
    const segments = linkify('javascript:alert(1) data:text/html,<b>x</b> <img src=x onerror=alert(1)>');
    expect(segments.every((s) => s.kind === 'text')).toBe(true);
    expect(segments.map((s) => s.text).join('')).toBe(
      'javascript:alert(1) data:text/html,<b>x</b> <img src=x onerror=alert(1)>',
    );
  });

  it('stops an address at angle brackets and quotes', () => {
    expect(linkify('<https://example.com/ok>"')).toEqual([
      { kind: 'text', text: '<' },
      { kind: 'link', text: 'https://example.com/ok', href: 'https://example.com/ok' },
      { kind: 'text', text: '>"' },
    ]);
  });

  it('does not link a bare scheme or a host without a dot', () => {
    expect(linkify('https:// and http://intranet')).toEqual([
      { kind: 'text', text: 'https:// and http://intranet' },
    ]);
  });
});

describe('safeHref', () => {
  it('accepts http and https only', () => {
    expect(safeHref('https://drx.dance/x')).toBe('https://drx.dance/x');
    expect(safeHref('www.drx.dance')).toBe('https://www.drx.dance/');
    expect(safeHref('ftp://drx.dance')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });
});
