/** What kind of file a player source is, from its URL's path. */
export type SourceKind = 'hls' | 'file' | null;

/** HLS for a `.m3u8` playlist, a plain file for `.mp4`/`.webm`; null for anything else. */
export function sourceKind(url: string | null | undefined): SourceKind {
  if (!url) return null;
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname.toLowerCase();
  } catch {
    return null;
  }
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.mp4') || path.endsWith('.webm') || path.endsWith('.m4v')) return 'file';
  return null;
}

/** A quality choice of the menu: "Auto" (-1) or one of hls.js's levels. */
export interface QualityLevel {
  index: number;
  label: string;
}

/** "720p" for a level of that height, else its bitrate in kbit/s; sorted best first with Auto on top. */
export function qualityLevels(levels: readonly { height?: number; bitrate?: number }[]): QualityLevel[] {
  const named = levels.map((level, index) => ({
    index,
    label: level.height ? `${level.height}p` : `${Math.round((level.bitrate ?? 0) / 1000)} kbps`,
    rank: level.height ?? level.bitrate ?? 0,
  }));
  named.sort((x, y) => y.rank - x.rank);
  return [{ index: -1, label: 'Auto' }, ...named.map(({ index, label }) => ({ index, label }))];
}
