import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by magic bytes', () => {
    expect(detectImageType(Buffer.from('89504e470d0a1a0a0000', 'hex'))?.mime).toBe('image/png');
    expect(detectImageType(Buffer.from('ffd8ffe000104a464946', 'hex'))?.mime).toBe('image/jpeg');
    expect(
      detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))?.ext,
    ).toBe('webp');
  });

  it('rejects anything else, including a renamed text file and short input', () => {
    expect(detectImageType(Buffer.from('not an image at all'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF0000WAVE'))).toBeNull();
  });
});
