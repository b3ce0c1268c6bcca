/**
 * The text a (uncompressed) pdfkit PDF shows: glyph ids of each embedded font subset mapped back
 * through the font's ToUnicode CMap; white space collapsed.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const m of source.matchAll(/(\d+) 0 obj\s([\s\S]*?)endobj/g)) objects.set(m[1], m[2]);
  const cmaps = new Map<string, Map<number, string>>();
  for (const m of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const unicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(m[2]) ?? '')?.[1];
    if (!unicode || cmaps.has(m[1])) continue;
    const map = new Map<number, string>();
    for (const block of (objects.get(unicode) ?? '').matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const e of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
        [...e[3].matchAll(/<([0-9a-f\s]+)>/gi)].forEach((h, i) =>
          map.set(
            parseInt(e[1], 16) + i,
            String.fromCharCode(...(h[1].match(/[0-9a-f]{4}/gi) ?? []).map((x) => parseInt(x, 16))),
          ),
        );
      }
    }
    cmaps.set(m[1], map);
  }
  let cmap = new Map<number, string>();
  let text = '';
  for (const m of source.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[\s\d.-])*)\] TJ/gi)) {
    if (m[1]) {
      cmap = cmaps.get(m[1]) ?? new Map();
      continue;
    }
    for (const h of m[2].matchAll(/<([0-9a-f]*)>/gi)) {
      for (let i = 0; i + 4 <= h[1].length; i += 4)
        text += cmap.get(parseInt(h[1].slice(i, i + 4), 16)) ?? '';
    }
    text += '\n';
  }
  return text.replace(/\s+/g, ' ');
}
