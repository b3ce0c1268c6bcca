/** A piece of a message's text: plain text, or a web address to show as a link. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Web addresses in running text: http(s)://… or www.…, up to the next space or angle bracket.
 * Trailing punctuation (and an unbalanced closing bracket) is cut off afterwards.
 */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"»”’]+$/;

/** Cuts sentence punctuation and a closing bracket that has no opening one in the address. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING_PUNCTUATION, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ] as const) {
      if (url.endsWith(close) && url.split(open).length < url.split(close).length) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** The address a link opens: http(s) only; a bare www. address gets https://. Null for anything else. */
export function safeHref(text: string): string | null {
  const href = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a message's text into plain text and links, for rendering as React text nodes and <a>
 * elements (never as HTML, so nothing in a message can inject markup). Line breaks stay in the
 * text segments.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments[segments.length - 1];
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = url ? safeHref(url) : null;
    if (!href || url.replace(/^https?:\/\//i, '').length < 4) continue;
    pushText(text.slice(last, start));
    segments.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  pushText(text.slice(last));
  return segments;
}
