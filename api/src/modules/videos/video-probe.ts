import { execFile } from 'node:child_process';
import { DEFAULT_VIDEO_NICE } from '../../config';
import { ffmpegPath, ffprobePath } from './video-binaries';
import { niced } from './video-priority';

/** What ffprobe says of an upload that can be processed. */
export interface ProbedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
}

/** An upload refused for what it is (not for a fault of ours): its message is shown to the instructor. */
export class VideoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoRefusedError';
  }
}

/** Video codecs the transcoder reads (the ones MP4, MOV and WebM files carry in practice). */
const SUPPORTED_VIDEO_CODECS = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4', 'prores', 'mjpeg']);

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

/** Runs ffprobe (or `binary`) `nice` steps of CPU priority below the server (`video-priority.ts`). */
function run(
  args: string[],
  nice: number,
  binary = ffprobePath(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const command = niced(binary, args, nice);
    const child = execFile(
      command.command,
      command.args,
      { maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    command.started(child);
  });
}

/** The last meaningful line of ffmpeg's or ffprobe's error output, for a failure reason. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines.at(-1) ?? 'unknown error').slice(0, 300);
}

/**
 * The length of a video whose header does not give it: a WebM written as a stream, as the
 * browser's MediaRecorder writes a recording (no duration, no cues). Its packets are copied to
 * nowhere (no decoding: the time it takes is reading the file) and the last one's time is the
 * length; null when there is none.
 */
async function streamedDuration(file: string, nice: number): Promise<number | null> {
  const { code, stdout } = await run(
    [
      '-v',
      'error',
      '-nostdin',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-f',
      'null',
      '-progress',
      'pipe:1',
      '-nostats',
      '-',
    ],
    nice,
    ffmpegPath(),
  );
  if (code !== 0) return null;
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
  const last = times.at(-1);
  return last && last > 0 ? last / 1e6 : null;
}

/**
 * Reads a file's duration, picture size and codecs with ffprobe, and refuses (VideoRefusedError,
 * with a sentence for the instructor) what cannot become a lesson video: an empty file, a file that
 * is not a video, a damaged or incomplete (truncated) one, an unsupported codec, no duration (a
 * streamed WebM without one in its header is measured: `streamedDuration`).
 */
export async function probeVideo(
  file: string,
  size: number,
  nice = DEFAULT_VIDEO_NICE,
): Promise<ProbedVideo> {
  if (size === 0) throw new VideoRefusedError('The file is empty (0 bytes).');
  const { code, stdout, stderr } = await run(
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    nice,
  );
  if (code !== 0) {
    const detail = lastErrorLine(stderr);
    if (/moov atom not found|End of file|truncat/i.test(detail)) {
      throw new VideoRefusedError(
        'This video is incomplete or damaged (the file may have been cut short). Upload the whole file again.',
      );
    }
    if (/Invalid data found/i.test(detail)) {
      throw new VideoRefusedError('This file is not a video. Upload an MP4, MOV or WebM video.');
    }
    throw new VideoRefusedError(`This file could not be read as a video (${detail}).`);
  }
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new VideoRefusedError('This file could not be read as a video.');
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || !video.width || !video.height) {
    throw new VideoRefusedError(
      'This file is not a video: it has no picture. Upload an MP4, MOV or WebM video.',
    );
  }
  const codec = video.codec_name ?? 'unknown';
  if (!SUPPORTED_VIDEO_CODECS.has(codec)) {
    throw new VideoRefusedError(
      `This video's codec (${codec}) is not supported. Export it as H.264 (MP4), HEVC, VP9 or AV1.`,
    );
  }
  let duration = Number(parsed.format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(duration)) duration = (await streamedDuration(file, nice)) ?? NaN;
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new VideoRefusedError('This video has no length: it is empty or incomplete.');
  }
  return {
    durationSeconds: Math.round(duration * 1000) / 1000,
    width: video.width,
    height: video.height,
    videoCodec: codec,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}
