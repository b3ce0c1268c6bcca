import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES, refusalOf } from './LessonVideoUpload';

describe('refusalOf (the upload form’s own check before tus)', () => {
  it('takes MP4, MOV and WebM up to 2 GB', () => {
    expect(refusalOf({ name: 'salsa.mp4', size: 10, type: 'video/mp4' })).toBeNull();
    expect(refusalOf({ name: 'salsa.MOV', size: 10, type: '' })).toBeNull();
    expect(refusalOf({ name: 'x', size: MAX_VIDEO_BYTES, type: 'video/webm' })).toBeNull();
  });
  it('refuses other types, empty files and files over 2 GB', () => {
    expect(refusalOf({ name: 'notes.pdf', size: 10, type: 'application/pdf' })).toMatch(/MP4, MOV or WebM/);
    expect(refusalOf({ name: 'a.mp4', size: 0, type: 'video/mp4' })).toMatch(/empty/);
    expect(refusalOf({ name: 'a.mp4', size: MAX_VIDEO_BYTES + 1, type: 'video/mp4' })).toMatch(/2 GB/);
  });
});
