import { describe, expect, it } from 'vitest';
import { lessonVideoSource } from './lessonVideoSource';

describe('lessonVideoSource', () => {
  it('plays files and HLS in the practice player and embeds the rest', () => {
    expect(lessonVideoSource({ videoUrl: 'https://x.test/v/clip.mp4' })).toEqual({
      kind: 'player',
      src: 'https://x.test/v/clip.mp4',
      videoId: null,
      poster: null,
      captions: [],
      thumbnails: null,
    });
    expect(lessonVideoSource({ videoUrl: 'https://x.test/v/master.m3u8' })?.kind).toBe('player');
    expect(lessonVideoSource({ videoUrl: 'https://www.youtube.com/embed/abc' })).toEqual({
      kind: 'embed',
      url: 'https://www.youtube.com/embed/abc',
    });
    expect(lessonVideoSource({ videoUrl: null })).toBeNull();
  });
  it('prefers a hosted video', () => {
    expect(
      lessonVideoSource({
        videoUrl: 'https://www.youtube.com/embed/abc',
        hostedVideo: { id: 'v1', playlistUrl: '/api/videos/1/master.m3u8', posterUrl: '/p.jpg' },
      }),
    ).toEqual({
      kind: 'player',
      src: '/api/videos/1/master.m3u8',
      videoId: 'v1',
      poster: '/p.jpg',
      captions: [],
      thumbnails: null,
    });
  });
  it('passes the hosted video’s captions (those with a URL) and scrubbing thumbnails', () => {
    const source = lessonVideoSource({
      hostedVideo: {
        playlistUrl: '/m.m3u8',
        thumbnailsUrl: '/t.vtt',
        captions: [
          { srclang: 'en', label: 'English', url: '/en.vtt' },
          { srclang: 'es', label: 'Español', url: null },
        ],
      },
    });
    expect(source).toMatchObject({
      captions: [{ src: '/en.vtt', srclang: 'en', label: 'English' }],
      thumbnails: '/t.vtt',
    });
  });
});
