/**
 * The text a PDF made by pdfkit shows, in drawing order, one line per text run. pdfkit writes text
 * as glyph ids of embedded font subsets; each font's ToUnicode map turns them back into text.
 * Only for uncompressed PDFs (the certificates are): used by the tests to read what was printed.
 */
export function extractPdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s([\s\S]*?)endobj/g)) objects.set(match[1], match[2]);

  const cmaps = new Map<string, Map<number, string>>(); // font resource name → glyph id → text
  for (const match of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objects.get(match[2]) ?? '';
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
    if (toUnicode && !cmaps.has(match[1])) cmaps.set(match[1], parseCMap(objects.get(toUnicode) ?? ''));
  }

  const lines: string[] = [];
  let cmap = new Map<number, string>();
  const ops = /\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\] TJ|<([0-9a-fA-F]*)> Tj/g;
  for (const match of source.matchAll(ops)) {
    if (match[1]) {
      cmap = cmaps.get(match[1]) ?? new Map();
      continue;
    }
    const hexes =
      match[2] !== undefined ? [...match[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [match[3]];
    let line = '';
    for (const hex of hexes) {
      for (let i = 0; i + 4 <= hex.length; i += 4) line += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
    }
    lines.push(line);
  }
  return lines.join('\n');
}

/** Glyph id → text from a ToUnicode CMap's bfrange (array form) and bfchar entries. */
function parseCMap(stream: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) =>
    String.fromCharCode(...(hex.match(/[0-9a-fA-F]{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of stream.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = parseInt(entry[1], 16);
      const end = parseInt(entry[2], 16);
      if (entry[3].startsWith('[')) {
        [...entry[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((m, i) => map.set(start + i, utf16(m[1])));
      } else {
        const base = parseInt(entry[3].slice(1, -1), 16);
        for (let code = start; code <= end; code++) map.set(code, String.fromCharCode(base + code - start));
      }
    }
  }
  for (const block of stream.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set(parseInt(entry[1], 16), utf16(entry[2]));
    }
  }
  return map;
}
