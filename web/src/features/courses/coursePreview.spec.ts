import { describe, expect, it } from 'vitest';
import { previewLesson, previewSource } from './CoursePreview';

describe('previewLesson', () => {
  it('picks the first lesson whose video is a free preview', () => {
    const modules = [
      { lessons: [{ id: 'a', title: 'Intro', hostedVideo: { freePreview: false } }] },
      {
        lessons: [
          { id: 'b', title: 'No video', hostedVideo: null },
          { id: 'c', title: 'Basics', hostedVideo: { freePreview: true } },
        ],
      },
    ];
    expect(previewLesson(modules)).toEqual({ id: 'c', title: 'Basics' });
    expect(previewLesson([{ lessons: [{ id: 'a', title: 'x', hostedVideo: null }] }])).toBeNull();
  });
});

describe('previewSource', () => {
  it('finds the lesson’s signed playlist, or null without one', () => {
    const modules = [
      {
        lessons: [
          { id: 'a', hostedVideo: { playlistUrl: null } },
          { id: 'c', hostedVideo: { playlistUrl: '/p.m3u8', posterUrl: '/p.jpg' } },
        ],
      },
    ];
    expect(previewSource(modules, 'c')).toEqual({ src: '/p.m3u8', poster: '/p.jpg' });
    expect(previewSource(modules, 'a')).toBeNull();
    expect(previewSource(modules, 'z')).toBeNull();
  });
});
