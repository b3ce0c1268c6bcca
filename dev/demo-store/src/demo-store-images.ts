/**
 * The demo store's product images: SVGs generated from the product's name (a coloured card with the
 * name, its kind and, for a colour variant, the colour), served at /demo-store/images/:file.
 */

export const IMAGE_SIZE = 800;

const TYPE_COLOURS: Record<string, [string, string]> = {
  Shoes: ['#b83280', '#702459'],
  Apparel: ['#5a67d8', '#3c366b'],
  'Practice gear': ['#319795', '#234e52'],
  'Printed syllabi': ['#dd6b20', '#7b341e'],
};
const DEFAULT_COLOURS: [string, string] = ['#4a5568', '#1a202c'];

/** Background colours of colour variants (light ones get dark text). */
const NAMED_COLOURS: Record<string, { bg: [string, string]; light?: boolean }> = {
  pink: { bg: ['#fbd3df', '#f29bb6'], light: true },
  black: { bg: ['#3a3a46', '#111118'] },
  tan: { bg: ['#e8cfae', '#c49a6c'], light: true },
  white: { bg: ['#fbfaf7', '#dcd8cf'], light: true },
  navy: { bg: ['#2f4377', '#162040'] },
  burgundy: { bg: ['#9b2c53', '#561029'] },
  gray: { bg: ['#a0a4ab', '#5f636b'] },
};

export function colourSlug(colour: string): string {
  return colour
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The path (below the app's origin) of a product's image, or of its colour variant's. */
export function imagePath(handle: string, colour?: string): string {
  return `/demo-store/images/${handle}${colour ? `--${colourSlug(colour)}` : ''}.svg`;
}

/** `handle[--colour].svg` → its parts, or null for any other name. */
export function parseImageFile(file: string): { handle: string; colour: string | null } | null {
  const match = /^([a-z0-9-]+?)(?:--([a-z0-9-]+))?\.svg$/.exec(file);
  return match ? { handle: match[1], colour: match[2] ?? null } : null;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a title into lines of at most `width` characters (words kept whole). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 5);
}

export function renderProductSvg(
  product: { title: string; productType: string },
  colour: string | null,
): string {
  const named = colour ? NAMED_COLOURS[colour] : undefined;
  const [from, to] = named?.bg ?? TYPE_COLOURS[product.productType] ?? DEFAULT_COLOURS;
  const ink = named?.light ? '#1a202c' : '#ffffff';
  const soft = named?.light ? 'rgba(26,32,44,0.12)' : 'rgba(255,255,255,0.14)';
  const lines = wrap(product.title, 16);
  const fontSize = lines.length > 3 ? 60 : 70;
  const lineHeight = fontSize * 1.15;
  const top = 430 - ((lines.length - 1) * lineHeight) / 2;
  const colourLabel = colour ? colour.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()) : null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 800 800" role="img" aria-label="${escapeXml(product.title)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="660" cy="140" r="220" fill="${soft}"/>
  <circle cx="110" cy="700" r="160" fill="${soft}"/>
  <path d="M120 670 C 260 600, 420 740, 680 640" fill="none" stroke="${soft}" stroke-width="18" stroke-linecap="round"/>
  <text x="64" y="110" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="30" letter-spacing="4" fill="${ink}" opacity="0.85">${escapeXml(product.productType.toUpperCase())}</text>
  ${lines
    .map(
      (line, i) =>
        `<text x="64" y="${Math.round(top + i * lineHeight)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join('\n  ')}
  ${colourLabel ? `<rect x="64" y="${Math.round(top + lines.length * lineHeight - 20)}" rx="26" width="${colourLabel.length * 19 + 56}" height="52" fill="${soft}"/><text x="92" y="${Math.round(top + lines.length * lineHeight + 16)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="30" fill="${ink}">${escapeXml(colourLabel)}</text>` : ''}
  <text x="64" y="740" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="26" fill="${ink}" opacity="0.75">DRX demo store</text>
</svg>
`;
}
