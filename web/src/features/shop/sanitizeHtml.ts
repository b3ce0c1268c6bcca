/**
 * An allow-list sanitizer for a store product's `descriptionHtml` (written by whoever runs the
 * store). The input is read as tags and text and written out again: only the tags and attributes
 * below survive (attribute values re-escaped, links limited to http(s), mailto and relative URLs),
 * script-like elements are dropped with their content, everything else becomes text. Because the
 * output is rebuilt rather than filtered, nothing the browser would parse differently can slip
 * through. Headings move two levels down, below the product page's own h1/h2. Works without a DOM
 * (tests run in node).
 */

const BLOCK_AND_INLINE = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'span',
  'div',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
] as const;

const HEADINGS: Record<string, string> = { h1: 'h3', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6', h6: 'h6' };

const ALLOWED = new Set<string>(BLOCK_AND_INLINE);
const VOID = new Set(['br', 'hr', 'img']);

/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'textarea',
  'title',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'head',
]);

const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height', 'title'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

const NUMERIC_ATTRIBUTES = new Set(['width', 'height', 'colspan', 'rowspan', 'start']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
};

/** Decodes the entities that could hide a URL's scheme ("javascript&colon;", "&#106;avascript:"). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text as written, with a stray "&" or ">" escaped (entities such as &amp; or &eacute; are kept). */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);)/gi, '&amp;')
    .replace(/>/g, '&gt;')
    .replace(/</g, '&lt;');
}

/** A safe URL (http, https, mailto, or relative), or null. */
export function safeUrl(raw: string, { image = false } = {}): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return url;
  const allowed = image ? ['http', 'https'] : ['http', 'https', 'mailto'];
  return allowed.includes(scheme) ? url : null;
}

const ATTRIBUTE_PATTERN = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesFor(tag: string, source: string): string {
  const allowed = ATTRIBUTES[tag];
  if (!allowed) return '';
  const out: string[] = [];
  // The first of a repeated attribute counts, as in a browser; `kept` are those written out.
  const seen = new Set<string>();
  const kept = new Set<string>();
  for (const match of source.matchAll(ATTRIBUTE_PATTERN)) {
    const name = match[1].toLowerCase();
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    let value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value, { image: name === 'src' });
      if (url === null) continue;
      value = url;
    } else if (NUMERIC_ATTRIBUTES.has(name)) {
      if (!/^\d{1,4}$/.test(value.trim())) continue;
      value = value.trim();
    } else if (name === 'scope') {
      if (!['row', 'col', 'rowgroup', 'colgroup'].includes(value.trim().toLowerCase())) continue;
    }
    kept.add(name);
    out.push(` ${name}="${escapeAttribute(value)}"`);
  }
  if (tag === 'a' && kept.has('href')) {
    const href = out.find((attribute) => attribute.startsWith(' href='));
    if (href && /^ href="(https?:)?\/\//i.test(href))
      out.push(' target="_blank" rel="noopener noreferrer nofollow"');
  }
  if (tag === 'img') {
    if (!kept.has('src')) return '';
    if (!kept.has('alt')) out.push(' alt=""');
    out.push(' loading="lazy"');
  }
  return out.join('');
}

/** Where a tag that starts at `start` ("<") ends: the index after its ">" (quotes respected). */
function tagEnd(html: string, start: number): number {
  let quote: string | null = null;
  for (let i = start + 1; i < html.length; i += 1) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i + 1;
    }
  }
  return html.length;
}

/** Sanitizes store HTML for `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      i = tagEnd(html, lt);
      continue;
    }
    const tagMatch = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 64));
    if (!tagMatch) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    const closing = tagMatch[1] === '/';
    const name = tagMatch[2].toLowerCase();
    const end = tagEnd(html, lt);
    const attributeSource = html.slice(lt + tagMatch[0].length, end - 1);
    i = end;

    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const closeAt = html.toLowerCase().indexOf(`</${name}`, i);
      i = closeAt === -1 ? html.length : tagEnd(html, closeAt);
      continue;
    }
    const tag = HEADINGS[name] ?? (ALLOWED.has(name) ? name : null);
    if (!tag) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const attributes = attributesFor(tag, attributeSource);
    if (tag === 'img' && !attributes) continue;
    out += `<${tag}${attributes}>`;
    if (!VOID.has(tag)) open.push(tag);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
