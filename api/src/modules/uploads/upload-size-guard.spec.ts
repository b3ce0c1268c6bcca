import { describe, expect, it } from 'vitest';
import { declaredKind } from './declared-kind';
import { SNIFF_BYTES } from './file-kind';
import { uploadLimits } from './upload-limits';
import { UploadSizeGuard } from './upload-size-guard';

const MB = 1024 * 1024;
const limits = uploadLimits();
const PDF = Buffer.from('%PDF-1.7\n% a plan\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const ZIP = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('..[Content_Types].xml')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(30, 0x90)]);

/** Feeds `start` and then `total` bytes of `fill` in 64 KB chunks; the refusal and when it came. */
function feed(guard: UploadSizeGuard, start: Buffer, total: number, fill = 0x20) {
  let refusal = guard.take(start);
  const chunk = Buffer.alloc(64 * 1024, fill);
  while (!refusal && guard.received < total) refusal = guard.take(chunk);
  return { refusal, at: guard.received };
}

describe('declaredKind', () => {
  it('reads the declared type first, then the extension', () => {
    expect(declaredKind('text/plain', 'notes.txt')).toBe('text');
    expect(declaredKind('text/csv; charset=utf-8', 'grades')).toBe('spreadsheet');
    expect(declaredKind('application/pdf', 'lesson.txt')).toBe('document');
    expect(declaredKind('video/mp4', 'clip')).toBe('video');
    expect(declaredKind('application/octet-stream', 'Plan.DOCX')).toBe('document');
    expect(declaredKind(undefined, 'beats.flac')).toBe('audio');
    expect(declaredKind('application/octet-stream', 'setup.exe')).toBeNull();
    expect(declaredKind('', 'README')).toBeNull();
  });
});

describe('UploadSizeGuard', () => {
  it('stops a text file at the text limit, not after the whole file', () => {
    const guard = new UploadSizeGuard('files', 'notes.txt', 'text/plain', limits);
    const { refusal, at } = feed(guard, Buffer.from('plie tendu\n'), 150 * MB);
    expect(refusal).toMatchObject({
      code: 'FILE_TOO_LARGE',
      field: 'files',
      message: '"notes.txt" is too large: text files can be at most 5 MB',
    });
    expect(at).toBeGreaterThan(5 * MB);
    expect(at).toBeLessThanOrEqual(5 * MB + 64 * 1024);
  });

  it('lets the content decide once its first bytes are in: a PDF declared as text gets the document limit', () => {
    const guard = new UploadSizeGuard('files', 'notes.txt', 'text/plain', limits);
    expect(feed(guard, PDF, 20 * MB).refusal).toBeNull();
    const { refusal, at } = feed(guard, Buffer.alloc(0), 60 * MB);
    expect(refusal?.message).toBe('"notes.txt" is too large: document files can be at most 50 MB');
    expect(at).toBeLessThanOrEqual(50 * MB + 64 * 1024);
  });

  it('keeps the declared kind of a ZIP container, else the largest ZIP-based limit', () => {
    const docx = new UploadSizeGuard('files', 'plan.docx', 'application/octet-stream', limits);
    expect(feed(docx, ZIP, 60 * MB).refusal?.message).toBe(
      '"plan.docx" is too large: document files can be at most 50 MB',
    );
    const unnamed = new UploadSizeGuard('files', 'bundle', 'application/octet-stream', limits);
    expect(feed(unnamed, ZIP, 60 * MB).refusal).toBeNull();
    expect(feed(unnamed, Buffer.alloc(0), 110 * MB).refusal?.message).toBe(
      '"bundle" is too large: archive files can be at most 100 MB',
    );
  });

  it('refuses content of no known kind once the sniffed start is in (415), whatever its size', () => {
    const guard = new UploadSizeGuard('files', 'lesson.pdf', 'application/pdf', limits);
    const { refusal, at } = feed(guard, EXE, 150 * MB, 0x00);
    expect(refusal).toMatchObject({ code: 'FILE_TYPE', field: 'files' });
    expect(refusal?.message).toContain('"lesson.pdf" is not a supported file type');
    expect(at).toBeLessThanOrEqual(SNIFF_BYTES + 64 * 1024);
  });

  it('limits a thumbnail to the image limit and refuses one that is not an image at its first bytes', () => {
    const image = new UploadSizeGuard('thumbnail', 'cover.png', 'image/png', limits);
    expect(feed(image, PNG, 11 * MB).refusal).toMatchObject({
      code: 'FILE_TOO_LARGE',
      field: 'thumbnail',
      message: '"cover.png" is too large: image files can be at most 10 MB',
    });
    const pdf = new UploadSizeGuard('thumbnail', 'cover.png', 'image/png', limits);
    expect(pdf.take(PDF)).toMatchObject({
      code: 'FILE_TYPE',
      message: 'The thumbnail must be a PNG, JPEG, WebP or GIF image',
    });
  });

  it('uses the declared kind before the kind is known, and the largest limit when nothing is declared', () => {
    const small = uploadLimits({ text: 8, document: 1024, video: 4096 });
    const declared = new UploadSizeGuard('files', 'a.txt', 'text/plain', small);
    expect(declared.take(Buffer.from('0123456789'))?.message).toBe(
      '"a.txt" is too large: text files can be at most 8 bytes',
    );
    const unknown = new UploadSizeGuard('files', 'blob', 'application/octet-stream', small);
    expect(unknown.take(Buffer.from('0123456789'))).toBeNull();
  });
});
