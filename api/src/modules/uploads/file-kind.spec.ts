import { describe, expect, it } from 'vitest';
import { detectFileKind, looksLikeText } from './file-kind';
import { formatLimit, uploadLimits, UPLOAD_LIMITS } from './upload-limits';
import { sanitizeFileName } from './file-name';

const none = Buffer.alloc(0);
const detect = (head: Buffer | string, name = 'file.bin', tail: Buffer = none) =>
  detectFileKind(typeof head === 'string' ? Buffer.from(head, 'latin1') : head, tail, name);
const hex = (h: string) => Buffer.from(h, 'hex');

describe('detectFileKind', () => {
  it('detects documents by content: PDF, DOCX, PPTX and legacy DOC', () => {
    expect(detect('%PDF-1.7\n...', 'x.txt')).toMatchObject({
      kind: 'document',
      contentType: 'application/pdf',
    });
    const zip = Buffer.concat([hex('504b0304'), Buffer.from('....[Content_Types].xml')]);
    expect(detect(zip, 'a.zip', Buffer.from('PK..word/document.xml'))?.ext).toBe('docx');
    expect(detect(zip, 'a.zip', Buffer.from('PK..ppt/slides/slide1.xml'))?.ext).toBe('pptx');
    expect(detect(hex('d0cf11e0a1b11ae100000000'))).toMatchObject({ kind: 'document', ext: 'doc' });
  });

  it('detects spreadsheets (XLSX, CSV, TSV), text and plain ZIP archives', () => {
    const zip = Buffer.concat([hex('504b0304'), Buffer.from('xl/workbook.xml')]);
    expect(detect(zip)).toMatchObject({ kind: 'spreadsheet', ext: 'xlsx' });
    expect(detect('a,b\n1,2\n', 'grades.csv')).toMatchObject({
      kind: 'spreadsheet',
      contentType: 'text/csv',
    });
    expect(detect('a\tb\n', 'grades.tsv')?.kind).toBe('spreadsheet');
    expect(detect('# Notes\n', 'notes.md')).toMatchObject({ kind: 'text', contentType: 'text/markdown' });
    expect(detect(Buffer.from('Plié, tendu — relevé\n', 'utf8'), 'notes.txt')).toMatchObject({
      kind: 'text',
      contentType: 'text/plain',
    });
    expect(detect(Buffer.concat([hex('504b0304'), Buffer.from('music/a.mp3')]))).toMatchObject({
      kind: 'other',
      contentType: 'application/zip',
    });
  });

  it('detects audio (MP3 ID3 and frame sync, WAV, OGG, M4A, FLAC) and video (MP4, MOV, WebM)', () => {
    expect(detect('ID3\u0004\u0000')?.contentType).toBe('audio/mpeg');
    expect(detect(hex('fffb9064'))?.contentType).toBe('audio/mpeg');
    expect(detect('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')?.contentType).toBe('audio/wav');
    expect(detect('OggS\u0000\u0002')?.kind).toBe('audio');
    expect(detect('fLaC\u0000')?.kind).toBe('audio');
    expect(detect('\u0000\u0000\u0000\u0020ftypM4A \u0000')).toMatchObject({ kind: 'audio', ext: 'm4a' });
    expect(detect('\u0000\u0000\u0000\u0020ftypisom\u0000')).toMatchObject({ kind: 'video', ext: 'mp4' });
    expect(detect('\u0000\u0000\u0000\u0014ftypqt  \u0000')).toMatchObject({ kind: 'video', ext: 'mov' });
    expect(detect(hex('1a45dfa39f4286810142'))).toMatchObject({ kind: 'video', ext: 'webm' });
  });

  it('detects images (PNG, JPEG, WebP, GIF) whatever the name says', () => {
    expect(detect(hex('89504e470d0a1a0a0000000d'), 'lesson.pdf')).toMatchObject({
      kind: 'image',
      ext: 'png',
    });
    expect(detect(hex('ffd8ffe000104a464946'))?.ext).toBe('jpg');
    expect(detect('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')?.ext).toBe('webp');
    expect(detect('GIF89a\u0001\u0000')?.ext).toBe('gif');
  });

  it('refuses executables, binary garbage and empty files', () => {
    expect(detect(Buffer.concat([Buffer.from('MZ'), hex('900003000000040000')]), 'lesson.pdf')).toBeNull();
    expect(detect(hex('7f454c46020101000000'), 'notes.txt')).toBeNull();
    expect(detect(hex('00010203040506070809'))).toBeNull();
    expect(detect(none, 'empty.txt')).toBeNull();
  });

  it('accepts text whose sample ends inside a multi-byte character, not invalid UTF-8', () => {
    const euro = Buffer.from('price €', 'utf8');
    expect(looksLikeText(euro.subarray(0, euro.length - 1))).toBe(true);
    expect(looksLikeText(hex('c328'))).toBe(false);
  });
});

describe('upload limits', () => {
  it('has one limit per kind (200 MB video) and takes overrides', () => {
    expect(UPLOAD_LIMITS.video).toBe(200 * 1024 * 1024);
    expect(uploadLimits({ document: 1000 })).toMatchObject({ document: 1000, video: UPLOAD_LIMITS.video });
    expect(formatLimit(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatLimit(1536)).toBe('1.5 KB');
    expect(formatLimit(12)).toBe('12 bytes');
  });
});

describe('sanitizeFileName', () => {
  it('drops folders and control characters and is never empty', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\plan.pdf')).toBe('plan.pdf');
    expect(sanitizeFileName('a\u0000b"c.pdf')).toBe('a_b_c.pdf');
    expect(sanitizeFileName('')).toBe('file');
    const long = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('composes decomposed characters and never cuts an emoji in half', () => {
    expect(sanitizeFileName('U\u0308bung Walzer.pdf')).toBe('Übung Walzer.pdf');
    const emoji = sanitizeFileName(`${'x'.repeat(250)}💃💃💃.pdf`);
    expect(emoji).toBe(`${'x'.repeat(250)}.pdf`);
    expect(sanitizeFileName(`${'x'.repeat(249)}💃💃💃.pdf`)).toBe(`${'x'.repeat(249)}💃.pdf`);
  });
});
