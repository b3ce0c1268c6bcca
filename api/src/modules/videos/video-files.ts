import type { VideoRendition } from './lesson-video.entity';

/**
 * The stored files of a video, under its prefix `videos/<id>` in the private storage area; the
 * playback route serves the same relative paths (`/api/videos/<id>/<path>`).
 */
export const MASTER_PATH = 'hls/master.m3u8';
export const POSTER_PATH = 'poster.jpg';

export const renditionPlaylistPath = (name: string) => `hls/${name}/index.m3u8`;
export const segmentPath = (name: string, index: number) =>
  `hls/${name}/seg_${String(index).padStart(3, '0')}.ts`;

/** The relative paths a client may ask for (anything else is 404 before any storage read). */
export const PLAYABLE_PATH = /^(hls\/master\.m3u8|hls\/\d{3,4}p\/(index\.m3u8|seg_\d{3,5}\.ts)|poster\.jpg)$/;

export function contentTypeOf(file: string): string {
  if (file.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (file.endsWith('.ts')) return 'video/mp2t';
  return 'image/jpeg';
}

/** Every stored path of a video with these renditions (for removal). */
export function storedPaths(renditions: readonly VideoRendition[]): string[] {
  const paths = [MASTER_PATH, POSTER_PATH];
  for (const r of renditions) {
    paths.push(renditionPlaylistPath(r.name));
    for (let i = 0; i < r.segments; i++) paths.push(segmentPath(r.name, i));
  }
  return paths;
}
