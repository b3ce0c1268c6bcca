import { describe, expect, it } from 'vitest';
import { toYouTubeEmbedUrl } from './youtube';

const EMBED = 'https://www.youtube.com/embed/dQw4w9WgXcQ';

describe('toYouTubeEmbedUrl', () => {
  it('converts watch links, including ones with extra parameters', () => {
    expect(toYouTubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(EMBED);
    expect(toYouTubeEmbedUrl('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s')).toBe(EMBED);
    expect(toYouTubeEmbedUrl('http://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123')).toBe(EMBED);
  });

  it('converts mobile, short and Shorts links', () => {
    expect(toYouTubeEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(EMBED);
    expect(toYouTubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(EMBED);
    expect(toYouTubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ?si=abc&t=10')).toBe(EMBED);
    expect(toYouTubeEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(EMBED);
  });

  it('accepts links without a scheme', () => {
    expect(toYouTubeEmbedUrl('youtube.com/watch?v=dQw4w9WgXcQ')).toBe(EMBED);
    expect(toYouTubeEmbedUrl('youtu.be/dQw4w9WgXcQ')).toBe(EMBED);
  });

  it('leaves embed links unchanged', () => {
    expect(toYouTubeEmbedUrl(EMBED)).toBe(EMBED);
    const nocookie = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(toYouTubeEmbedUrl(nocookie)).toBe(nocookie);
  });

  it('returns anything else unchanged', () => {
    for (const other of [
      '',
      'not a url',
      'https://vimeo.com/123456',
      'https://www.youtube.com/watch',
      'https://www.youtube.com/channel/UC123',
      'https://youtu.be/',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
      '/videos/intro.mp4',
    ]) {
      expect(toYouTubeEmbedUrl(other)).toBe(other);
    }
  });
});
