import fs from 'node:fs';

/**
 * The ffmpeg and ffprobe binaries that npm ships inside `@ffmpeg-installer/*` and
 * `@ffprobe-installer/*` (nothing is downloaded). npm here runs no install scripts, and a package's
 * tarball may carry the binary without its execute bits (ffprobe's is `rwxr--r--`): before first use
 * the binary is made executable for everyone, as db/embedded.ts hydrates PostgreSQL's binaries.
 */
function executable(file: string): string {
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    const mode = fs.statSync(file).mode & 0o777;
    fs.chmodSync(file, mode | 0o555);
  }
  return file;
}

let ffmpeg: string | null = null;
let ffprobe: string | null = null;

/** The path of the ffmpeg binary of `@ffmpeg-installer/ffmpeg`, executable. */
export function ffmpegPath(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (ffmpeg ??= executable((require('@ffmpeg-installer/ffmpeg') as { path: string }).path));
}

/** The path of the ffprobe binary of `@ffprobe-installer/ffprobe`, executable. */
export function ffprobePath(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (ffprobe ??= executable((require('@ffprobe-installer/ffprobe') as { path: string }).path));
}
