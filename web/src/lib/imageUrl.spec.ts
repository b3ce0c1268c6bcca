import { describe, expect, it } from 'vitest';
import { localImageUrl } from './imageUrl';

describe('localImageUrl', () => {
  it('rewrites absolute uploads URLs on other hosts to their path', () => {
    expect(localImageUrl('https://old.drx.example/uploads/profiles/a.png')).toBe('/uploads/profiles/a.png');
    expect(localImageUrl('http://localhost:5000/uploads/thumb.jpg')).toBe('/uploads/thumb.jpg');
    expect(localImageUrl('//drx.example/media/uploads/x.webp')).toBe('/media/uploads/x.webp');
  });

  it('keeps the query string and drops the fragment', () => {
    expect(localImageUrl('https://drx.example/uploads/a.png?v=3#top')).toBe('/uploads/a.png?v=3');
  });

  it('leaves cloud image hosts untouched', () => {
    for (const cloud of [
      'https://res.cloudinary.com/demo/image/upload/uploads/a.png',
      'https://bucket.s3.us-east-1.amazonaws.com/uploads/a.png',
      'https://lh3.googleusercontent.com/uploads/a.png',
      'https://drx.imgix.net/uploads/a.png',
    ]) {
      expect(localImageUrl(cloud)).toBe(cloud);
    }
  });

  it('rewrites any URL on the app’s own origin', () => {
    expect(localImageUrl('https://app.drx.example/images/logo.svg', 'https://app.drx.example')).toBe(
      '/images/logo.svg',
    );
    expect(localImageUrl('https://other.example/images/logo.svg', 'https://app.drx.example')).toBe(
      'https://other.example/images/logo.svg',
    );
  });

  it('prefixes relative uploads paths with a slash', () => {
    expect(localImageUrl('uploads/profiles/a.png')).toBe('/uploads/profiles/a.png');
  });

  it('returns other values unchanged', () => {
    for (const other of [
      '/uploads/a.png',
      '/images/default-user.svg',
      'https://cdn.example.com/images/a.png',
      'https://example.com/uploads-archive/a.png',
      'data:image/png;base64,AAAA',
      'blob:https://app.drx.example/1234',
      '',
    ]) {
      expect(localImageUrl(other)).toBe(other);
    }
  });

  it('passes null and undefined through as null and trims whitespace', () => {
    expect(localImageUrl(null)).toBeNull();
    expect(localImageUrl(undefined)).toBeNull();
    expect(localImageUrl('  /uploads/a.png  ')).toBe('/uploads/a.png');
  });
});
