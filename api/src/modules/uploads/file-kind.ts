import fs from 'node:fs';
import { extname } from 'node:path';

/** The kinds of an upload; the same values as the spec's resource types. */
export const UPLOAD_KINDS = ['document', 'spreadsheet', 'text', 'audio', 'video', 'image', 'other'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface DetectedFile {
  kind: UploadKind;
  contentType: string;
  /** The usual extension of the detected format (without a dot). */
  ext: string;
}

/** How many bytes of the start and of the end of a file the detection reads. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (data: Buffer, start: number, end: number) =>
  data.length >= end ? data.toString('latin1', start, end) : '';
const startsWith = (data: Buffer, bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

/** Formats inside a ZIP container, told apart by the entry names (read from both ends of the file). */
function zipKind(head: Buffer, tail: Buffer): DetectedFile {
  const names = head.toString('latin1') + tail.toString('latin1');
  if (names.includes('word/')) {
    return {
      kind: 'document',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    };
  }
  if (names.includes('ppt/')) {
    return {
      kind: 'document',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ext: 'pptx',
    };
  }
  if (names.includes('xl/')) {
    return {
      kind: 'spreadsheet',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ext: 'xlsx',
    };
  }
  return { kind: 'other', contentType: 'application/zip', ext: 'zip' };
}

/** UTF-8 text without NUL bytes (a character cut at the end of the sample is allowed). */
export function looksLikeText(sample: Buffer): boolean {
  if (sample.length === 0 || sample.includes(0)) return false;
  // Control characters other than tab, newline, form feed and carriage return mean binary data.
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return false;
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= 3 && cut < sample.length; cut++) {
    try {
      decoder.decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      // maybe a multi-byte character cut by the sample's end
    }
  }
  return false;
}

/** The kind of a text file: CSV/TSV are spreadsheets, Markdown and anything else text. */
export function textKind(fileName: string): DetectedFile {
  const ext = extname(fileName).toLowerCase();
  if (ext === '.csv') return { kind: 'spreadsheet', contentType: 'text/csv', ext: 'csv' };
  if (ext === '.tsv') return { kind: 'spreadsheet', contentType: 'text/tab-separated-values', ext: 'tsv' };
  if (ext === '.md' || ext === '.markdown') return { kind: 'text', contentType: 'text/markdown', ext: 'md' };
  return { kind: 'text', contentType: 'text/plain', ext: 'txt' };
}

/** How many bytes of the start a format's signature needs (see `signatureKind`). */
export const SIGNATURE_BYTES = 16;

/** The kinds a ZIP container can turn out to be (told apart by its entries, listed at the end). */
export const ZIP_KINDS: readonly UploadKind[] = ['document', 'spreadsheet', 'other'];

/**
 * The format named by the signature (magic bytes) at the start of a file, from its first
 * SIGNATURE_BYTES: a detected format, `'zip'` for a ZIP container (its kind needs the entry names),
 * or null when no binary signature matches (then the file is text or of no known kind).
 */
export function signatureKind(head: Buffer): DetectedFile | 'zip' | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    return { kind: 'document', contentType: 'application/pdf', ext: 'pdf' };
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    return 'zip';
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { kind: 'document', contentType: 'application/msword', ext: 'doc' };
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', contentType: 'image/png', ext: 'png' };
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') {
    return { kind: 'image', contentType: 'image/gif', ext: 'gif' };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { kind: 'image', contentType: 'image/webp', ext: 'webp' };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') {
    return { kind: 'audio', contentType: 'audio/wav', ext: 'wav' };
  }
  if (ascii(head, 0, 4) === 'OggS') return { kind: 'audio', contentType: 'audio/ogg', ext: 'ogg' };
  if (ascii(head, 0, 4) === 'fLaC') return { kind: 'audio', contentType: 'audio/flac', ext: 'flac' };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', contentType: 'audio/mp4', ext: 'm4a' };
    if (brand === 'qt  ') return { kind: 'video', contentType: 'video/quicktime', ext: 'mov' };
    return { kind: 'video', contentType: 'video/mp4', ext: 'mp4' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]))
    return { kind: 'video', contentType: 'video/webm', ext: 'webm' };
  if (ascii(head, 0, 3) === 'ID3') return { kind: 'audio', contentType: 'audio/mpeg', ext: 'mp3' };
  // An MPEG audio frame: 11 sync bits, a valid version (not reserved) and layer III/II/I.
  if (head.length >= 4 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x18) !== 0x08) {
    if ((head[1] & 0x06) !== 0) return { kind: 'audio', contentType: 'audio/mpeg', ext: 'mp3' };
  }
  return null;
}

/**
 * Detects what a file is by its content (magic bytes): `head` is its first bytes, `tail` its last
 * ones (ZIP containers list their entries at the end). The file name only tells CSV/TSV and Markdown
 * apart from plain text; a declared type is never used. Unknown content → null.
 */
export function detectFileKind(head: Buffer, tail: Buffer, fileName: string): DetectedFile | null {
  const signature = signatureKind(head);
  if (signature === 'zip') return zipKind(head, tail);
  if (signature) return signature;
  if (looksLikeText(head)) return textKind(fileName);
  return null;
}

/** Reads the first and last SNIFF_BYTES of a file on disk and detects its kind. */
export async function detectFileKindOnDisk(filePath: string, fileName: string): Promise<DetectedFile | null> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const tailLength = Math.min(SNIFF_BYTES, size);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    return detectFileKind(head, tail, fileName);
  } finally {
    await handle.close();
  }
}
