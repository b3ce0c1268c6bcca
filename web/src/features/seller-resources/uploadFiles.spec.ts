import { describe, expect, it } from 'vitest';
import { centsToPrice, guessKind, precheckFile, priceToCents, resourceUploadFailure } from './uploadFiles';

const limits = [
  { kind: 'document', label: 'Document', maxBytes: 50 * 1024 * 1024, maxLabel: '50 MB' },
  { kind: 'video', label: 'Video', maxBytes: 200 * 1024 * 1024, maxLabel: '200 MB' },
];

describe('upload pre-checks', () => {
  it('guesses the kind from the extension', () => {
    expect(guessKind('Plan.PDF')).toBe('document');
    expect(guessKind('clip.mov')).toBe('video');
    expect(guessKind('setup.exe')).toBeNull();
    expect(guessKind('README')).toBeNull();
  });

  it('refuses unknown types, empty files and files over their kind’s limit', () => {
    expect(precheckFile({ name: 'a.pdf', size: 1000 }, limits)).toBeNull();
    expect(precheckFile({ name: 'a.exe', size: 1000 }, limits)).toContain('not a supported file type');
    expect(precheckFile({ name: 'a.pdf', size: 0 }, limits)).toBe('"a.pdf" is empty.');
    expect(precheckFile({ name: 'big.mp4', size: 201 * 1024 * 1024 }, limits)).toBe(
      '"big.mp4" is too large: video files can be at most 200 MB.',
    );
  });

  it('reads prices in dollars as cents', () => {
    expect(priceToCents('12.5')).toBe(1250);
    expect(priceToCents('')).toBe(0);
    expect(priceToCents('0')).toBe(0);
    expect(priceToCents('1000')).toBe(100_000);
    expect(priceToCents('1000.01')).toBeNull();
    expect(priceToCents('-1')).toBeNull();
    expect(priceToCents('abc')).toBeNull();
    expect(priceToCents('1.999')).toBeNull();
    expect(centsToPrice(1299)).toBe('12.99');
  });

  it('explains a refused resource upload by its status', () => {
    expect(resourceUploadFailure(401)).toBe('Your session has ended. Sign in again to upload.');
    expect(resourceUploadFailure(403)).toBe('Only sellers can upload resource files.');
    expect(resourceUploadFailure(413)).toBe('The file is too large.');
    expect(resourceUploadFailure(415)).toBe('This file type is not supported.');
    expect(resourceUploadFailure(500)).toBe('The upload failed (status 500).');
  });
});
