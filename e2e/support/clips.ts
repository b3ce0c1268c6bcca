import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Route } from 'playwright-core';

export interface ClipOptions {
  seconds: number;
  width?: number;
  height?: number;
  rate?: number;
  /** ffmpeg's test source: `testsrc2` (default) or the older `testsrc`. */
  pattern?: 'testsrc' | 'testsrc2';
  /** The index (moov) first, for playing while it downloads. */
  faststart?: boolean;
}

/**
 * A test clip — ffmpeg's test pattern and a 440 Hz tone, H.264/AAC in MP4 — made with the ffmpeg
 * binary of the npm package @ffmpeg-installer/ffmpeg (never downloaded). Written to `file`, or to a
 * new temporary file; returns its path.
 */
export function makeTestClip(options: ClipOptions, file?: string): string {
  const { seconds, width = 640, height = 360, rate = 24, pattern = 'testsrc2', faststart = false } = options;
  const out = file ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drx-clip-')), 'clip.mp4');
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `${pattern}=size=${width}x${height}:rate=${rate}:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ...(faststart ? ['-movflags', '+faststart'] : []),
      out,
    ],
    { stdio: 'ignore' },
  );
  return out;
}

/**
 * Serves `file` at `urlPath` on the app's own origin for the context's pages (the CSP's media-src
 * is 'self'), with byte ranges as a file server would: for the page it is a same-origin MP4.
 */
export async function serveClipAt(context: BrowserContext, urlPath: string, file: string): Promise<void> {
  const bytes = fs.readFileSync(file);
  await context.route(`**${urlPath}`, async (route: Route) => {
    const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers()['range'] ?? '');
    if (!range) {
      await route.fulfill({
        status: 200,
        body: bytes,
        headers: { 'content-type': 'video/mp4', 'accept-ranges': 'bytes' },
      });
      return;
    }
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    await route.fulfill({
      status: 206,
      body: bytes.subarray(start, end + 1),
      headers: {
        'content-type': 'video/mp4',
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
      },
    });
  });
}
