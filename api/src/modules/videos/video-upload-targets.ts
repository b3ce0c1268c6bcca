import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users';

/** A refusal of a new upload by its target: tus answers with this status and message. */
export class VideoUploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Something other than a lesson that a video can be uploaded for (an assignment submission): the
 * upload names it in its tus metadata under `metaKey`. The upload's common checks (type, size) run
 * first; then `create` runs in the transaction that makes the video row: it checks that `user` may
 * upload for `targetId` (throwing VideoUploadRefused), calls `insertVideo(courseId)` — the video
 * becomes the user's private video in that course (watched by them, the course's instructor and
 * staff) — and records what the video is for.
 */
export interface VideoUploadTarget {
  metaKey: string;
  create(
    tem: EntityManager,
    user: User,
    targetId: string,
    videoId: string,
    insertVideo: (courseId: string) => Promise<void>,
  ): Promise<void>;
}

const targets = new Map<string, VideoUploadTarget>();

/** Registers a kind of upload target (a module's definition does it once, when loaded). */
export function registerVideoUploadTarget(target: VideoUploadTarget): void {
  targets.set(target.metaKey, target);
}

/** The registered target an upload's metadata names, with its id; null when it names none. */
export function uploadTargetOf(
  metadata: Record<string, string | null | undefined>,
): { target: VideoUploadTarget; id: string } | null {
  for (const [key, target] of targets) {
    const id = metadata[key];
    if (id) return { target, id };
  }
  return null;
}
