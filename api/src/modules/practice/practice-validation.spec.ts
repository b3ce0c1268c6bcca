import { describe, expect, it } from 'vitest';
import { DomainError } from '../../graphql/errors';
import { isTrackedVideoUrl, loop, markers, seconds, speed } from './practice-validation';

function failure(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('did not fail');
}

describe('practice validation', () => {
  it('bounds speed, seconds and loops', () => {
    expect(speed(0.25)).toBe(0.25);
    expect(failure(() => speed(2.5)).field).toBe('speed');
    expect(failure(() => speed(0.1)).field).toBe('speed');
    expect(failure(() => seconds(-1, 'positionSeconds', 'Position')).message).toMatch(/negative/);
    expect(loop(null, null)).toEqual([null, null]);
    expect(loop(1, 3)).toEqual([1, 3]);
    expect(failure(() => loop(3, 1)).field).toBe('loopB');
    expect(failure(() => loop(3, null)).field).toBe('loopB');
  });

  it('cleans and orders markers', () => {
    expect(
      markers([
        { label: ' Turn ', atSeconds: 70 },
        { label: 'Basic step', atSeconds: 42 },
      ]),
    ).toEqual([
      { label: 'Basic step', atSeconds: 42 },
      { label: 'Turn', atSeconds: 70 },
    ]);
    expect(failure(() => markers([{ label: ' ', atSeconds: 1 }])).field).toBe('markers.0.label');
    expect(failure(() => markers([{ label: 'x', atSeconds: -2 }])).field).toBe('markers.0.atSeconds');
    expect(
      failure(() =>
        markers([
          { label: 'x', atSeconds: 2 },
          { label: 'y', atSeconds: 2 },
        ]),
      ).field,
    ).toBe('markers');
  });

  it('knows which videos are tracked', () => {
    expect(isTrackedVideoUrl('https://cdn.test/a/master.m3u8')).toBe(true);
    expect(isTrackedVideoUrl('http://127.0.0.1:3000/clip.mp4')).toBe(true);
    expect(isTrackedVideoUrl('https://www.youtube.com/embed/abc')).toBe(false);
    expect(isTrackedVideoUrl(null)).toBe(false);
  });
});
