import { describe, expect, it } from 'vitest';
import {
  avatarCandidates,
  DEFAULT_USER_IMAGE,
  initialAvatarState,
  nextAvatarState,
  uploadsRetryUrl,
  type AvatarState,
} from './avatarSources';

describe('uploadsRetryUrl', () => {
  it('retries under uploads/profiles when the original was elsewhere', () => {
    expect(uploadsRetryUrl('/uploads/a.png')).toBe('/uploads/profiles/a.png');
    expect(uploadsRetryUrl('/images/people/a.png?v=2')).toBe('/uploads/profiles/a.png');
    expect(uploadsRetryUrl('https://cdn.example.com/x/a.png')).toBe('/uploads/profiles/a.png');
  });

  it('retries under uploads when the original was under uploads/profiles', () => {
    expect(uploadsRetryUrl('/uploads/profiles/a.png')).toBe('/uploads/a.png');
  });

  it('has no retry without a file name or for inline images', () => {
    expect(uploadsRetryUrl('')).toBeNull();
    expect(uploadsRetryUrl('/uploads/')).toBeNull();
    expect(uploadsRetryUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(uploadsRetryUrl('blob:https://app/1')).toBeNull();
  });
});

describe('avatarCandidates', () => {
  it('lists picture, retry, initials and default in order', () => {
    const list = avatarCandidates({
      src: '/uploads/profiles/a.png',
      username: 'ada',
      now: 5,
    });
    expect(list.map((c) => c.kind)).toEqual(['original', 'retry', 'initials', 'default']);
    expect(list[0].url).toBe('/uploads/profiles/a.png');
    expect(list[1].url).toBe('/uploads/a.png');
    expect(list[2].url).toMatch(/^data:image\/svg\+xml.*#t=5$/);
    expect(list[3].url).toBe(DEFAULT_USER_IMAGE);
  });

  it('rewrites uploads URLs on other hosts to local paths first', () => {
    const list = avatarCandidates({ src: 'https://old.example/uploads/a.png' });
    expect(list[0].url).toBe('/uploads/a.png');
    expect(list[1].url).toBe('/uploads/profiles/a.png');
  });

  it('prefers the full name for initials and skips them without any name', () => {
    const named = avatarCandidates({
      username: 'ada',
      name: 'Ada Lovelace',
      now: 1,
    });
    expect(decodeURIComponent(named[0].url)).toContain('>AL</text>');
    expect(avatarCandidates({ username: '  ', name: null }).map((c) => c.kind)).toEqual(['default']);
  });

  it('goes straight to the fallback when there is no picture', () => {
    expect(avatarCandidates({ src: '  ', username: 'ada' }).map((c) => c.kind)).toEqual([
      'initials',
      'default',
    ]);
  });
});

describe('avatar state machine', () => {
  const candidates = avatarCandidates({
    src: '/uploads/a.png',
    username: 'ada',
    now: 1,
  });

  it('starts loading the picture', () => {
    expect(initialAvatarState(candidates)).toEqual({
      index: 0,
      status: 'loading',
    });
  });

  it('settles as loaded when the picture loads', () => {
    expect(nextAvatarState({ index: 0, status: 'loading' }, 'load', candidates)).toEqual({
      index: 0,
      status: 'loaded',
    });
  });

  it('retries once, then falls back to initials, then the default image', () => {
    let state: AvatarState = initialAvatarState(candidates);
    state = nextAvatarState(state, 'error', candidates);
    expect(state).toEqual({ index: 1, status: 'loading' });
    state = nextAvatarState(state, 'load', candidates);
    expect(state).toEqual({ index: 1, status: 'loaded' });

    state = nextAvatarState({ index: 1, status: 'loading' }, 'error', candidates);
    expect(state).toEqual({ index: 2, status: 'fallback' });
    expect(candidates[state.index].kind).toBe('initials');
    state = nextAvatarState(state, 'error', candidates);
    expect(candidates[state.index].kind).toBe('default');
    expect(nextAvatarState(state, 'error', candidates)).toEqual({
      index: 3,
      status: 'fallback',
    });
  });

  it('starts in fallback when there is no picture', () => {
    const noPicture = avatarCandidates({ name: 'Ada' });
    expect(initialAvatarState(noPicture)).toEqual({
      index: 0,
      status: 'fallback',
    });
    expect(nextAvatarState({ index: 0, status: 'fallback' }, 'load', noPicture).status).toBe('fallback');
  });
});
