import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_VIDEO_NICE } from '../../config';
import { type ProbedVideo } from './video-probe';
import { planSprite, thumbnailsVtt } from './video-sprite';
import { runFfmpeg, stillFrameArgs } from './video-transcode';

/** How many candidate poster frames processing offers the instructor. */
export const POSTER_CANDIDATES = 4;

/** The candidates' times: evenly spaced through the video, none at its very start or end. */
export function candidateTimes(durationSeconds: number, count = POSTER_CANDIDATES): number[] {
  return Array.from({ length: count }, (_, i) => (durationSeconds * (i + 0.5)) / count);
}

/**
 * Extracts the candidate poster frames (JPEG, at most 720 px tall) into `outDir`:
 * `candidate_0.jpg` … in time order. Returns their files.
 */
export async function extractPosterCandidates(
  source: string,
  probe: ProbedVideo,
  outDir: string,
  nice = DEFAULT_VIDEO_NICE,
): Promise<string[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  for (const [i, at] of candidateTimes(probe.durationSeconds).entries()) {
    const file = path.join(outDir, `candidate_${i}.jpg`);
    await runFfmpeg(stillFrameArgs(source, at, probe, file), nice);
    files.push(file);
  }
  return files;
}

/**
 * The scrubbing sprite (`sprite.jpg`: one ffmpeg run, `fps` + `scale` + `tile`) and its WebVTT
 * (`thumbnails.vtt`, cues `sprite.jpg#xywh=…`) into `outDir`.
 */
export async function makeThumbnailSprite(
  source: string,
  probe: ProbedVideo,
  outDir: string,
  nice = DEFAULT_VIDEO_NICE,
): Promise<{ sprite: string; vtt: string }> {
  fs.mkdirSync(outDir, { recursive: true });
  const plan = planSprite(probe);
  const sprite = path.join(outDir, 'sprite.jpg');
  await runFfmpeg(
    [
      '-i',
      source,
      '-an',
      '-vf',
      `fps=1/${plan.interval},scale=${plan.tileWidth}:${plan.tileHeight},setsar=1,` +
        `tile=${plan.columns}x${plan.rows}`,
      '-frames:v',
      '1',
      '-q:v',
      '4',
      sprite,
    ],
    nice,
  );
  const vtt = path.join(outDir, 'thumbnails.vtt');
  fs.writeFileSync(vtt, thumbnailsVtt(plan, probe.durationSeconds));
  return { sprite, vtt };
}
