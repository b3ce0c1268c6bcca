import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from './video-binaries';
import { probeVideo, VideoRefusedError } from './video-probe';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A 3 s test pattern with a tone; `live`: a WebM written as a stream (no duration, no cues). */
function clip(name: string, live: boolean): string {
  const file = path.join(dir, name);
  execFileSync(ffmpegPath(), [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus'],
    ...(live ? ['-f', 'webm', '-live', '1'] : ['-f', 'webm']),
    file,
  ]);
  return file;
}

describe('probeVideo', () => {
  it("measures a recording whose header has no duration (the browser's MediaRecorder WebM)", async () => {
    const file = clip('recorded.webm', true);
    const probed = await probeVideo(file, fs.statSync(file).size);
    expect(probed.durationSeconds).toBeGreaterThan(2.8);
    expect(probed.durationSeconds).toBeLessThan(3.2);
    expect(probed).toMatchObject({ width: 320, height: 240, videoCodec: 'vp8', hasAudio: true });
  });

  it("reads a file's duration from its header", async () => {
    const file = clip('whole.webm', false);
    expect((await probeVideo(file, fs.statSync(file).size)).durationSeconds).toBeCloseTo(3, 1);
  });

  it('still refuses a file that is not a video', async () => {
    const file = path.join(dir, 'notes.webm');
    fs.writeFileSync(file, 'not a video at all');
    await expect(probeVideo(file, fs.statSync(file).size)).rejects.toBeInstanceOf(VideoRefusedError);
  });
});
