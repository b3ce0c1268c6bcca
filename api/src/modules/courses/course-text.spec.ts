import { describe, expect, it } from 'vitest';
import { slugify, toYouTubeEmbedUrl } from './course-text';

describe('slugify', () => {
  it('makes lower-case ASCII slugs', () => {
    expect(slugify('Teaching Classical Ballet: Grades 1–3')).toBe('teaching-classical-ballet-grades-1-3');
    expect(slugify('  Café Liégeois  ')).toBe('cafe-liegeois');
    expect(slugify('!!!')).toBe('course');
  });
});

describe('toYouTubeEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=2Vv-BfVoq4g&t=10', 'https://www.youtube.com/embed/2Vv-BfVoq4g'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/abcDEF12345', 'https://www.youtube.com/embed/abcDEF12345'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
  ])('converts %s', (input, expected) => {
    expect(toYouTubeEmbedUrl(input)).toBe(expected);
  });

  it('keeps other links and garbage unchanged', () => {
    expect(toYouTubeEmbedUrl('https://vimeo.com/123')).toBe('https://vimeo.com/123');
    expect(toYouTubeEmbedUrl('not a url')).toBe('not a url');
    expect(toYouTubeEmbedUrl('https://www.youtube.com/watch')).toBe('https://www.youtube.com/watch');
  });
});
