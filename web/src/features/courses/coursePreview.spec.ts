import { describe, expect, it } from 'vitest';
import { previewLesson } from './CoursePreview';

describe('previewLesson', () => {
  it('picks the first free preview with a playlist', () => {
    const modules = [
      { lessons: [{ id: 'a', title: 'Intro', hostedVideo: { freePreview: false, playlistUrl: 'x' } }] },
      {
        lessons: [
          { id: 'b', title: 'No URL', hostedVideo: { freePreview: true, playlistUrl: null } },
          {
            id: 'c',
            title: 'Basics',
            hostedVideo: { freePreview: true, playlistUrl: '/p.m3u8', posterUrl: '/p.jpg' },
          },
        ],
      },
    ];
    expect(previewLesson(modules)).toEqual({ id: 'c', title: 'Basics', src: '/p.m3u8', poster: '/p.jpg' });
    expect(previewLesson([{ lessons: [{ id: 'a', title: 'x', hostedVideo: null }] }])).toBeNull();
  });
});
