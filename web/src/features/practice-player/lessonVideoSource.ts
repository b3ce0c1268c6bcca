import { sourceKind } from './source';

/** What a lesson shows as its video: the practice player (a file or HLS), an embed (YouTube), or nothing. */
export type LessonVideo =
  { kind: 'player'; src: string; poster: string | null } | { kind: 'embed'; url: string } | null;

/**
 * The lesson's video source. A hosted video's playlist (issue 34's upload pipeline) wins; else a
 * `videoUrl` that is a file or HLS playlist (.mp4, .webm, .m3u8) plays in the practice player, and
 * any other (YouTube's embed links) keeps today's embed.
 */
export function lessonVideoSource(lesson: {
  videoUrl?: string | null;
  hostedVideo?: { playlistUrl?: string | null; posterUrl?: string | null } | null;
}): LessonVideo {
  const hosted = lesson.hostedVideo?.playlistUrl;
  if (hosted) return { kind: 'player', src: hosted, poster: lesson.hostedVideo?.posterUrl ?? null };
  const url = lesson.videoUrl;
  if (!url) return null;
  return sourceKind(url) ? { kind: 'player', src: url, poster: null } : { kind: 'embed', url };
}
