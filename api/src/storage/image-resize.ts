import sharp from 'sharp';

/** A size an uploaded image is shown at, twice over for high-density screens. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Avatars are shown up to 128 px square (web/src/ui/Avatar.tsx). */
export const AVATAR_SIZE: ImageSize = { width: 256, height: 256 };
/** Resource thumbnails are shown 16:9, up to about 480 px wide (cards and the details page). */
export const THUMBNAIL_SIZE: ImageSize = { width: 960, height: 540 };

/** Larger pictures than this (in pixels) are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * An uploaded image as DRX serves it: turned upright (EXIF orientation), cropped to fill `size`
 * (the way the pages show it, `object-fit: cover`), never enlarged, without metadata, as WebP.
 * Null when sharp (libvips) cannot read it: damaged, not an image, or over 50 megapixels.
 */
export async function toWebp(input: Buffer | string, size: ImageSize): Promise<Buffer | null> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...size, fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}
