import { sourceKind } from './source';
import type { CaptionTrack } from './types';

/** What a lesson shows as its video: the practice player (a file or HLS), an embed (YouTube), or nothing. */
export type LessonVideo =
  | {
      kind: 'player';
      src: string;
      /** The hosted video's id (the practice saves name it for the stats); null for a file/HLS link. */
      videoId: string | null;
      poster: string | null;
      captions: CaptionTrack[];
      thumbnails: string | null;
    }
  | { kind: 'embed'; url: string }
  | null;

interface HostedVideoLike {
  id?: string | null;
  playlistUrl?: string | null;
  posterUrl?: string | null;
  thumbnailsUrl?: string | null;
  captions?: readonly { srclang: string; label: string; url?: string | null }[] | null;
}

/**
 * The lesson's video source. A hosted video's playlist (issue 34's upload pipeline) wins, with its
 * poster (the instructor's choice), captions and scrubbing thumbnails; else a `videoUrl` that is a
 * file or HLS playlist (.mp4, .webm, .m3u8) plays in the practice player, and any other (YouTube's
 * embed links) keeps today's embed.
 */
export function lessonVideoSource(lesson: {
  videoUrl?: string | null;
  hostedVideo?: HostedVideoLike | null;
}): LessonVideo {
  const hosted = lesson.hostedVideo;
  if (hosted?.playlistUrl) {
    return {
      kind: 'player',
      src: hosted.playlistUrl,
      videoId: hosted.id ?? null,
      poster: hosted.posterUrl ?? null,
      captions: (hosted.captions ?? []).flatMap((c) =>
        c.url ? [{ src: c.url, srclang: c.srclang, label: c.label }] : [],
      ),
      thumbnails: hosted.thumbnailsUrl ?? null,
    };
  }
  const url = lesson.videoUrl;
  if (!url) return null;
  return sourceKind(url)
    ? { kind: 'player', src: url, videoId: null, poster: null, captions: [], thumbnails: null }
    : { kind: 'embed', url };
}
