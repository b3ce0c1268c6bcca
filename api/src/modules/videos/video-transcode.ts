import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_VIDEO_NICE } from '../../config';
import type { VideoRendition } from './lesson-video.entity';
import { ffmpegPath } from './video-binaries';
import { niced } from './video-priority';
import { lastErrorLine, type ProbedVideo } from './video-probe';

/** HLS segments of about this many seconds (keyframes forced on the boundaries). */
export const SEGMENT_SECONDS = 4;

/** The renditions made, smallest first: each only when the source is at least that tall (no upscaling). */
const LADDER = [
  { height: 360, videoBitrate: 800_000 },
  { height: 720, videoBitrate: 2_800_000 },
  { height: 1080, videoBitrate: 5_000_000 },
];
const AUDIO_BITRATE = 128_000;

export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
  videoBitrate: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The renditions for a source: 360p and 720p, 1080p where the source has it; a small source keeps its size. */
export function planRenditions(source: { width: number; height: number }): PlannedRendition[] {
  const fits = LADDER.filter((r) => r.height <= source.height);
  const rungs = fits.length ? fits : [{ height: even(source.height), videoBitrate: LADDER[0].videoBitrate }];
  return rungs.map((r) => ({
    name: `${r.height}p`,
    height: r.height,
    width: even((source.width * r.height) / source.height),
    videoBitrate: r.videoBitrate,
  }));
}

/**
 * Runs ffmpeg `nice` steps of CPU priority below the server (VIDEO_NICE, `video-priority.ts`);
 * rejects with its last error line.
 */
export function runFfmpeg(args: string[], nice = DEFAULT_VIDEO_NICE): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = niced(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', ...args], nice);
    const child = spawn(run.command, run.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    run.started(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed: ${lastErrorLine(stderr)}`));
    });
  });
}

/**
 * Transcodes `source` into HLS under `outDir` — `<name>/index.m3u8` and `<name>/seg_000.ts` … per
 * rendition (H.264 main, AAC stereo, ~4 s segments), decoded once — plus `master.m3u8` (with the
 * stored files' relative names). Returns the renditions as stored. The poster is `extractPoster`'s.
 */
export async function transcodeToHls(
  source: string,
  probe: ProbedVideo,
  outDir: string,
  nice = DEFAULT_VIDEO_NICE,
): Promise<{ renditions: VideoRendition[]; master: string }> {
  const plan = planRenditions(probe);
  const split = plan.map((_, i) => `[v${i}]`).join('');
  const filters = [
    `[0:v]split=${plan.length}${split}`,
    ...plan.map((r, i) => `[v${i}]scale=${r.width}:${r.height},setsar=1[o${i}]`),
  ].join(';');
  const args = ['-i', source, '-filter_complex', filters];
  for (const [i, r] of plan.entries()) {
    const dir = path.join(outDir, r.name);
    fs.mkdirSync(dir, { recursive: true });
    args.push('-map', `[o${i}]`);
    if (probe.hasAudio) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '23',
      '-maxrate',
      String(r.videoBitrate),
      '-bufsize',
      String(r.videoBitrate * 2),
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    );
    if (probe.hasAudio) args.push('-c:a', 'aac', '-b:a', String(AUDIO_BITRATE), '-ac', '2');
    args.push(
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      path.join(dir, 'seg_%03d.ts'),
      path.join(dir, 'index.m3u8'),
    );
  }
  await runFfmpeg(args, nice);

  const renditions: VideoRendition[] = plan.map((r) => {
    const playlist = fs.readFileSync(path.join(outDir, r.name, 'index.m3u8'), 'utf8');
    const segments = playlist.split('\n').filter((l) => l.trim() && !l.startsWith('#')).length;
    return {
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: r.videoBitrate + (probe.hasAudio ? AUDIO_BITRATE : 0),
      segments,
    };
  });
  const master = path.join(outDir, 'master.m3u8');
  fs.writeFileSync(master, masterPlaylist(renditions));
  return { renditions, master };
}

/** ffmpeg's arguments for one JPEG frame of `source` at `at` seconds, at most 720 lines high. */
export function stillFrameArgs(source: string, at: number, probe: ProbedVideo, file: string): string[] {
  const height = Math.min(720, even(probe.height));
  return [
    '-ss',
    at.toFixed(3),
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    `scale=-2:${height}`,
    '-q:v',
    '3',
    file,
  ];
}

/** The default poster (`poster.jpg` in `outDir`): a frame a third in (at most 1 s), at most 720 px tall. */
export async function extractPoster(
  source: string,
  probe: ProbedVideo,
  outDir: string,
  nice = DEFAULT_VIDEO_NICE,
): Promise<string> {
  fs.mkdirSync(outDir, { recursive: true });
  const poster = path.join(outDir, 'poster.jpg');
  const at = Math.min(1, probe.durationSeconds / 3);
  await runFfmpeg(stillFrameArgs(source, at, probe, poster), nice);
  return poster;
}

/** The master playlist of a video's renditions (relative URIs: `360p/index.m3u8`). */
export function masterPlaylist(renditions: VideoRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`);
    lines.push(`${r.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** x264 at a constant bitrate, filler data making up what the picture does not need. */
function constantBitrate(kbps: number): string[] {
  const rate = `${kbps}k`;
  return ['-b:v', rate, '-minrate', rate, '-maxrate', rate, '-bufsize', rate, '-x264-params', 'nal-hrd=cbr'];
}

/** Makes a test or demo clip with ffmpeg's test sources (`testsrc2` picture, `sine` tone): never downloaded. */
export async function generateTestClip(
  file: string,
  options: {
    seconds?: number;
    width?: number;
    height?: number;
    audio?: boolean;
    format?: 'mp4' | 'webm';
    /** MP4 only: a constant bitrate padded with filler data, for a clip of a known size (≈ kbps × seconds / 8 KB). */
    cbrKbps?: number;
    /** Steps of CPU priority below this process (VIDEO_NICE). */
    nice?: number;
  } = {},
): Promise<void> {
  const { seconds = 3, width = 1280, height = 720, audio = true, format = 'mp4', cbrKbps, nice } = options;
  const args = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`);
  if (format === 'webm') args.push('-c:v', 'libvpx', '-b:v', '500k', ...(audio ? ['-c:a', 'libvorbis'] : []));
  else
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      ...(cbrKbps ? constantBitrate(cbrKbps) : []),
      ...(audio ? ['-c:a', 'aac'] : []),
    );
  args.push('-shortest', '-f', format, file);
  await runFfmpeg(args, nice);
}
