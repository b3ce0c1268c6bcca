/**
 * The scrubbing thumbnails' layout (pure): how many tiles, how far apart in time, their size and the
 * WebVTT that names a tile of the sprite per time range (`sprite.jpg#xywh=x,y,w,h`), the format
 * media-chrome's `media-preview-thumbnail` reads from a `thumbnails` metadata track.
 */

/** At most this many tiles (a long video gets them further apart). */
export const MAX_TILES = 100;
/** Tiles per row of the sprite. */
export const SPRITE_COLUMNS = 10;
/** Each tile's height in pixels (its width keeps the picture's ratio). */
export const TILE_HEIGHT = 90;

export interface SpritePlan {
  /** Seconds between tiles. */
  interval: number;
  tiles: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The sprite of a video this long and this shape: a tile every second, at most MAX_TILES. */
export function planSprite(video: { durationSeconds: number; width: number; height: number }): SpritePlan {
  const duration = Math.max(video.durationSeconds, 0.1);
  const interval = Math.max(1, Math.ceil(duration / MAX_TILES));
  const tiles = Math.max(1, Math.ceil(duration / interval));
  const columns = Math.min(tiles, SPRITE_COLUMNS);
  const rows = Math.ceil(tiles / columns);
  const tileWidth = even((TILE_HEIGHT * video.width) / Math.max(1, video.height));
  return { interval, tiles, columns, rows, tileWidth, tileHeight: TILE_HEIGHT };
}

/** `00:01:02.500` (WebVTT's timestamp). */
export function vttTimestamp(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The thumbnails WebVTT: tile i covers [i·interval, (i+1)·interval), the last one to the end. */
export function thumbnailsVtt(plan: SpritePlan, durationSeconds: number, spriteName = 'sprite.jpg'): string {
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < plan.tiles; i++) {
    const start = i * plan.interval;
    const end = i === plan.tiles - 1 ? Math.max(durationSeconds, start + 0.001) : (i + 1) * plan.interval;
    const x = (i % plan.columns) * plan.tileWidth;
    const y = Math.floor(i / plan.columns) * plan.tileHeight;
    lines.push(`${vttTimestamp(start)} --> ${vttTimestamp(end)}`);
    lines.push(`${spriteName}#xywh=${x},${y},${plan.tileWidth},${plan.tileHeight}`);
    lines.push('');
  }
  return lines.join('\n');
}
