import { hashSource } from './security-headers';

/** The entities React writes in attribute values. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};

/** The `style` attribute values of server-rendered HTML (React double-quotes and escapes them). */
export function styleAttributeValues(html: string): string[] {
  const values = new Set<string>();
  for (const match of html.matchAll(/<[a-zA-Z][^>]*?\sstyle="([^"]*)"/g)) {
    values.add(match[1].replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]));
  }
  return [...values];
}

/**
 * The page's CSP with its server-rendered `style` attributes allowed by hash (`style-src-attr
 * 'unsafe-hashes'`): the app's components set a few (visually hidden inputs, a flex share), which
 * a browser would otherwise drop from the HTML — React sets styles later through the DOM, which
 * no CSP restricts. Nothing else inline is allowed.
 */
export function allowStyleAttributes(policy: string, html: string | readonly string[]): string {
  // The values themselves when the caller has them already (a shared page keeps them).
  const values = typeof html === 'string' ? styleAttributeValues(html) : html;
  if (values.length === 0) return policy;
  return `${policy}; style-src-attr 'unsafe-hashes' ${values.map(hashSource).join(' ')}`;
}
