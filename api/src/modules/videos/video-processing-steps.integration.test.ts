import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLogger } from '../../observability/logger';
import { type TestApp, startTestApp } from '../../test/test-app';
import { type Agent, FOUNDATIONS, ok, signInDemoUsers } from '../courses/course-fixtures.test';
import { DEMO_SOURCE_NAME, PROCESSING_STEPS, type ProcessingSteps, processVideo } from './video-processing';

// Processing's steps fail alone (issue 34): a failed scrubbing sprite or poster frame leaves the
// video READY without that extra (the reason logged), while a failed HLS transcode fails the video
// with its reason and "Try again" runs it once more.

let t: TestApp;
let as: Record<string, Agent>;
let lessonIds: string[];
const sql = () => t.orm.em.fork().getConnection();
const em = () => t.orm.em.fork() as EntityManager;
const videoDir = (id: string) => path.join(t.config.privateDir, 'videos', id);
const row = async (id: string) => (await sql().execute(`select * from lesson_videos where id = ?`, [id]))[0];

const HOSTED = `query ($id: ID!) { lesson(id: $id) { hostedVideo {
  id status failureReason posterUrl playlistUrl thumbnailsUrl posterCandidateUrls } } }`;

/** A PROCESSING video (attempt 1) of the lesson whose clip is the demo's generated one. */
async function processingVideo(lessonId: string): Promise<string> {
  const id = randomUUID();
  await sql().execute(
    `update lesson_videos set replaced_at = now() where lesson_id = ? and replaced_at is null`,
    [lessonId],
  );
  await sql().execute(
    `insert into lesson_videos (id, lesson_id, status, attempt, source_name, storage_prefix)
     values (?, ?, 'PROCESSING', 1, ?, ?)`,
    [id, lessonId, DEMO_SOURCE_NAME, `videos/${id}`],
  );
  return id;
}

/** Runs processing with these steps, collecting what it logged. */
async function processWith(id: string, steps: Partial<ProcessingSteps>): Promise<string[]> {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  await withLogger(logger, () =>
    processVideo(em(), t.config, { videoId: id, attempt: 1 }, { ...PROCESSING_STEPS, ...steps }),
  );
  return lines;
}

const broken = (what: string) => async (): Promise<never> => {
  throw new Error(`ffmpeg failed: ${what}: Invalid argument`);
};

beforeAll(async () => {
  // ffmpeg at the tests' own priority: at the default low one (VIDEO_NICE 10) a loaded machine's
  // other test workers starved it past the tests' bound. Priority is video-priority's own test.
  t = await startTestApp({ videoNice: 0 });
  ({ as } = await signInDemoUsers(t));
  const rows = await sql().execute(
    `select l.id from lessons l join course_modules m on m.id = l.module_id join courses c on c.id = m.course_id
      where c.title = ? order by m.position, l.position`,
    [FOUNDATIONS],
  );
  lessonIds = rows.map((r) => String(r.id));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('processing steps that fail alone', () => {
  it('a failed thumbnail sprite: READY without scrub thumbnails, the reason logged', async () => {
    const id = await processingVideo(lessonIds[0]);
    const logged = await processWith(id, { thumbnails: broken('sprite tile') });
    const done = await row(id);
    expect(done).toMatchObject({
      status: 'READY',
      failure_reason: null,
      thumbnails: false,
      poster_candidates: 4,
    });
    expect(done.renditions.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(videoDir(id), 'hls/master.m3u8'))).toBe(true);
    expect(fs.existsSync(path.join(videoDir(id), 'poster.jpg'))).toBe(true);
    expect(fs.existsSync(path.join(videoDir(id), 'thumbnails/sprite.jpg'))).toBe(false);
    const line = logged.map((l) => JSON.parse(l)).find((l) => l.step === 'thumbnail sprite');
    expect(line).toMatchObject({ videoId: id });
    expect(line.msg).toContain('sprite tile: Invalid argument');

    const video = (await ok(t, as.instructor, HOSTED, { id: lessonIds[0] })).lesson.hostedVideo;
    expect(video).toMatchObject({ id, status: 'READY', failureReason: null, thumbnailsUrl: null });
    expect(video.playlistUrl).toMatch(/master\.m3u8\?/);
    expect(video.posterUrl).toMatch(/poster\.jpg\?/);
    // The playlist plays.
    expect((await as.instructor.get(video.playlistUrl)).status).toBe(200);
  }, 120_000);

  it('failed poster frames: READY without a poster and without candidates', async () => {
    const id = await processingVideo(lessonIds[1]);
    await processWith(id, { poster: broken('poster'), posterCandidates: broken('candidate') });
    const done = await row(id);
    expect(done).toMatchObject({ status: 'READY', poster_key: null, poster_candidates: 0, thumbnails: true });
    const video = (await ok(t, as.instructor, HOSTED, { id: lessonIds[1] })).lesson.hostedVideo;
    expect(video).toMatchObject({ status: 'READY', posterUrl: null, posterCandidateUrls: [] });
    expect(video.thumbnailsUrl).toMatch(/thumbnails\.vtt\?/);
  }, 120_000);

  it('a failed HLS rendition fails the video with its reason; "Try again" processes it', async () => {
    const id = await processingVideo(lessonIds[2]);
    await processWith(id, { transcode: broken('libx264') });
    const failed = await row(id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failure_reason).toBe(
      'The video could not be converted (libx264: Invalid argument). It may be damaged; try again or upload another export.',
    );
    const seen = (await ok(t, as.instructor, HOSTED, { id: lessonIds[2] })).lesson.hostedVideo;
    expect(seen).toMatchObject({ status: 'FAILED', playlistUrl: null });
    expect(seen.failureReason).toContain('could not be converted');

    const retry = await ok(
      t,
      as.instructor,
      `mutation ($id: ID!) { retryLessonVideo(videoId: $id) { video { status } userErrors { code } } }`,
      { id },
    );
    expect(retry.retryLessonVideo).toEqual({ video: { status: 'PROCESSING' }, userErrors: [] });
    for (const deadline = Date.now() + 90_000; ;) {
      const r = await row(id);
      if (r.status !== 'PROCESSING') {
        expect(r).toMatchObject({ status: 'READY', attempt: 2, thumbnails: true });
        break;
      }
      if (Date.now() > deadline) throw new Error('still processing');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 180_000);
});
