import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from './video-probe';
import { generateTestClip, transcodeToHls } from './video-transcode';

// Issue 34: a transcode runs in the web process's job worker; its ffmpeg and ffprobe children run
// VIDEO_NICE steps of CPU priority below the server, every thread of them, so the requests on the
// same machine do not wait behind it. Read from /proc while they run, as `top` would show them.

/** A step count that stays under the kernel's cap (19) when the test itself runs at nice 15. */
const NICE = 3;

interface Seen {
  pid: number;
  comm: string;
  /** Each thread's niceness (the main thread's id is the pid). */
  threads: Map<number, number>;
}

/** `/proc/<pid>/stat`'s fields after the command name: [state, ppid, …]; niceness is the 19th field. */
function statOf(file: string): { comm: string; ppid: number; nice: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null; // ended meanwhile
  }
  const close = text.lastIndexOf(')');
  const rest = text.slice(close + 2).split(' ');
  return { comm: text.slice(text.indexOf('(') + 1, close), ppid: Number(rest[1]), nice: Number(rest[16]) };
}

/** Watches this process's ffmpeg and ffprobe children every 5 ms: their threads' niceness. */
function watchChildren() {
  const seen = new Map<number, Seen>();
  const look = () => {
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const stat = statOf(`/proc/${name}/stat`);
      if (!stat || stat.ppid !== process.pid || !['ffmpeg', 'ffprobe'].includes(stat.comm)) continue;
      const pid = Number(name);
      const entry = seen.get(pid) ?? { pid, comm: stat.comm, threads: new Map<number, number>() };
      seen.set(pid, entry);
      let tids: string[] = [];
      try {
        tids = fs.readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tids) {
        const thread = statOf(`/proc/${pid}/task/${tid}/stat`);
        if (thread) entry.threads.set(Number(tid), thread.nice);
      }
    }
  };
  const timer = setInterval(look, 5);
  return {
    seen,
    /** Resolves once a child named `comm` runs (each is checked while it waits on its input). */
    async until(comm: string): Promise<Seen> {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        look();
        const found = [...seen.values()].find((s) => s.comm === comm);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`no ${comm} child started`);
    },
    stop: () => clearInterval(timer),
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-priority-'));
let clip: Buffer;
let watcher: ReturnType<typeof watchChildren> | undefined;
const own = os.getPriority();
const expected = Math.min(19, own + NICE);

/** A named pipe: the child that reads it waits there until the test writes the clip in. */
function fifo(name: string): string {
  const file = path.join(dir, name);
  execFileSync('mkfifo', [file]);
  return file;
}

/** Writes the clip into a named pipe (a reader that stops early ends it: EPIPE is no error). */
async function feed(file: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    out.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? resolve() : reject(error)));
    out.end(clip, () => resolve());
  });
}

beforeAll(async () => {
  const file = path.join(dir, 'clip.webm');
  await generateTestClip(file, { seconds: 2, width: 640, height: 360, format: 'webm', nice: NICE });
  clip = fs.readFileSync(file);
}, 60_000);

afterEach(() => watcher?.stop());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ffmpeg and ffprobe run below the server’s priority (VIDEO_NICE)', () => {
  it('this test runs where a lower priority is visible', () => {
    expect(expected).toBeGreaterThan(own);
  });

  it('ffprobe', async () => {
    watcher = watchChildren();
    const input = fifo('probe.webm');
    const probing = probeVideo(input, clip.length, NICE);
    const child = await watcher.until('ffprobe');
    await feed(input);
    const probed = await probing;
    expect(probed).toMatchObject({ width: 640, height: 360, videoCodec: 'vp8' });
    expect(child.threads.get(child.pid)).toBe(expected);
    expect([...child.threads.values()].filter((n) => n < expected)).toEqual([]);
  }, 60_000);

  it('ffmpeg, every thread of a transcode of a generated clip', async () => {
    watcher = watchChildren();
    const input = fifo('transcode.webm');
    const probe = { durationSeconds: 2, width: 640, height: 360, videoCodec: 'vp8', hasAudio: true };
    const transcoding = transcodeToHls(input, probe, path.join(dir, 'out'), NICE);
    const child = await watcher.until('ffmpeg');
    const main = child.threads.get(child.pid);
    await feed(input);
    const result = await transcoding;
    expect(result.renditions.map((r) => r.name)).toEqual(['360p']);
    expect(main).toBe(expected);
    // The threads it makes after it started (decoder, encoder) inherit the priority; some of the
    // static ffmpeg's encoder threads lower their own further (+10), never raise it.
    const threads = [...child.threads.values()];
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.filter((n) => n < expected)).toEqual([]);
  }, 60_000);

  it('0 leaves them at the server’s priority', async () => {
    watcher = watchChildren();
    const input = fifo('plain.webm');
    const probing = probeVideo(input, clip.length, 0);
    const child = await watcher.until('ffprobe');
    await feed(input);
    await probing;
    expect(child.threads.get(child.pid)).toBe(own);
  }, 60_000);
});
