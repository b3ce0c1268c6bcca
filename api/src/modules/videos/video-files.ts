import type { VideoRendition } from './lesson-video.entity';

/**
 * The stored files of a video, under its prefix `videos/<id>` in the private storage area; the
 * playback route serves the same relative paths (`/api/videos/<id>/<path>`).
 */
export const MASTER_PATH = 'hls/master.m3u8';
export const POSTER_PATH = 'poster.jpg';
/** The scrubbing thumbnails: one sprite image and the WebVTT naming a tile of it per time range. */
export const SPRITE_PATH = 'thumbnails/sprite.jpg';
export const THUMBNAILS_VTT_PATH = 'thumbnails/thumbnails.vtt';

export const renditionPlaylistPath = (name: string) => `hls/${name}/index.m3u8`;
export const segmentPath = (name: string, index: number) =>
  `hls/${name}/seg_${String(index).padStart(3, '0')}.ts`;
export const posterCandidatePath = (index: number) => `posters/candidate_${index}.jpg`;
export const captionPath = (captionId: string) => `captions/${captionId}.vtt`;

/** The poster a video shows: the instructor's chosen candidate, else the default frame. */
export function posterPathOf(choice: number | null | undefined): string {
  return choice === null || choice === undefined ? POSTER_PATH : posterCandidatePath(choice);
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The relative paths a client may ask for (anything else is 404 before any storage read). */
export const PLAYABLE_PATH = new RegExp(
  '^(hls/master\\.m3u8|hls/\\d{3,4}p/(index\\.m3u8|seg_\\d{3,5}\\.ts)|poster\\.jpg|' +
    `posters/candidate_\\d\\.jpg|thumbnails/(sprite\\.jpg|thumbnails\\.vtt)|captions/${UUID}\\.vtt)$`,
);

export function contentTypeOf(file: string): string {
  if (file.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (file.endsWith('.ts')) return 'video/mp2t';
  if (file.endsWith('.vtt')) return 'text/vtt; charset=utf-8';
  return 'image/jpeg';
}

/** What a video has stored besides its renditions (for removal). */
export interface StoredExtras {
  posterCandidates?: number;
  thumbnails?: boolean;
  captionIds?: readonly string[];
}

/** Every stored path of a video with these renditions and extras (for removal). */
export function storedPaths(renditions: readonly VideoRendition[], extras: StoredExtras = {}): string[] {
  const paths = [MASTER_PATH, POSTER_PATH];
  for (const r of renditions) {
    paths.push(renditionPlaylistPath(r.name));
    for (let i = 0; i < r.segments; i++) paths.push(segmentPath(r.name, i));
  }
  for (let i = 0; i < (extras.posterCandidates ?? 0); i++) paths.push(posterCandidatePath(i));
  if (extras.thumbnails) paths.push(SPRITE_PATH, THUMBNAILS_VTT_PATH);
  for (const id of extras.captionIds ?? []) paths.push(captionPath(id));
  return paths;
}
