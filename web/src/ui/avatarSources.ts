import { initialsAvatarDataUrl } from '../lib/initialsAvatar';
import { localImageUrl } from '../lib/imageUrl';

/** The image shown when there is neither a usable picture nor a name to draw initials from. */
export const DEFAULT_USER_IMAGE = '/images/default-user.svg';

export type AvatarCandidateKind = 'original' | 'retry' | 'initials' | 'default';

export interface AvatarCandidate {
  kind: AvatarCandidateKind;
  url: string;
}

export interface AvatarSourceInput {
  src?: string | null;
  username?: string | null;
  name?: string | null;
  /** Timestamp for the generated initials avatar's cache-busting suffix. */
  now?: number;
}

/**
 * Avatar states (spec §4): loading → loaded, or → fallback once the picture cannot be
 * shown and a generated initials avatar or the default image takes its place.
 */
export type AvatarStatus = 'loading' | 'loaded' | 'fallback';

export interface AvatarState {
  /** Index into the candidate list of the URL being shown. */
  index: number;
  status: AvatarStatus;
}

export type AvatarEvent = 'load' | 'error';

/**
 * The retry location for a picture that failed to load: the same file name under the
 * uploads directory, or under uploads/profiles — whichever the original was not under.
 * Null when there is no file name to retry with (data: or blob: URLs, bare folders).
 */
export function uploadsRetryUrl(src: string): string | null {
  const trimmed = src.trim();
  if (!trimmed || /^(data|blob):/i.test(trimmed)) return null;

  let path: string;
  try {
    path = new URL(trimmed, 'http://local.invalid').pathname;
  } catch {
    return null;
  }
  const basename = path.split('/').pop();
  if (!basename) return null;

  const retry = path.includes('/uploads/profiles/')
    ? `/uploads/${basename}`
    : `/uploads/profiles/${basename}`;
  return retry === path ? null : retry;
}

/**
 * Every URL the avatar may show, in order: the picture (as a local path when it points at
 * our uploads), one retry under the other uploads folder, the locally generated initials
 * avatar (only when a name or username exists) and finally the default image.
 */
export function avatarCandidates({ src, username, name, now }: AvatarSourceInput): AvatarCandidate[] {
  const candidates: AvatarCandidate[] = [];
  const original = localImageUrl(src ?? null);
  if (original) {
    candidates.push({ kind: 'original', url: original });
    const retry = uploadsRetryUrl(original);
    if (retry && retry !== original) candidates.push({ kind: 'retry', url: retry });
  }

  const label = name?.trim() || username?.trim();
  if (label)
    candidates.push({
      kind: 'initials',
      url: initialsAvatarDataUrl(label, now),
    });
  candidates.push({ kind: 'default', url: DEFAULT_USER_IMAGE });
  return candidates;
}

function isPicture(candidate: AvatarCandidate | undefined): boolean {
  return candidate?.kind === 'original' || candidate?.kind === 'retry';
}

/** Where the avatar starts: the first candidate, loading if it is the user's picture. */
export function initialAvatarState(candidates: AvatarCandidate[]): AvatarState {
  return {
    index: 0,
    status: isPicture(candidates[0]) ? 'loading' : 'fallback',
  };
}

/**
 * The transition on an image event. A load settles the state (loaded for the user's
 * picture, fallback for generated or default images); an error moves on to the next
 * candidate, and once the last one has failed the state stays on it as fallback.
 */
export function nextAvatarState(
  state: AvatarState,
  event: AvatarEvent,
  candidates: AvatarCandidate[],
): AvatarState {
  const current = candidates[state.index];
  if (event === 'load') {
    return {
      index: state.index,
      status: isPicture(current) ? 'loaded' : 'fallback',
    };
  }
  const nextIndex = state.index + 1;
  if (nextIndex >= candidates.length) return { index: state.index, status: 'fallback' };
  return {
    index: nextIndex,
    status: isPicture(candidates[nextIndex]) ? 'loading' : 'fallback',
  };
}
