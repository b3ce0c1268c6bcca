import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/test-app';
import { type Agent, FOUNDATIONS, signInDemoUsers } from '../courses/course-fixtures.test';
import { cleanUpVideos } from './video-cleanup';
import { DEMO_SOURCE_NAME, processVideo } from './video-processing';

// The pipeline's guarantees around failures (issue 34): processing run again after a crash mid-way
// (the job is retried with the same attempt over what the dead run left) makes one complete set,
// and the clean-up job reclaims abandoned uploads, replaced videos and old failed originals.
const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

let t: TestApp;
let as: Record<string, Agent>;
let lessonIds: string[];
const sql = () => t.orm.em.fork().getConnection();
const em = () => t.orm.em.fork() as EntityManager;

async function row(id: string) {
  return (await sql().execute(`select * from lesson_videos where id = ?`, [id]))[0];
}

async function until(id: string, statuses: string[]) {
  for (const deadline = Date.now() + 60_000; ;) {
    const r = await row(id);
    if (statuses.includes(r.status)) return r;
    if (Date.now() > deadline) throw new Error(`video ${id} stayed ${r.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts a tus upload of `size` bytes and sends `bytes` of it; the upload's video id. */
async function startUpload(lessonId: string, size: number, bytes: Buffer): Promise<string> {
  const created = await as.instructor
    .post('/api/videos/uploads')
    .set(TUS)
    .set('Upload-Length', String(size))
    .set(
      'Upload-Metadata',
      `lessonId ${b64(lessonId)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
    );
  expect(created.status, created.text).toBe(201);
  const location = created.headers.location as string;
  const sent = await as.instructor
    .patch(location)
    .set(TUS)
    .set('Upload-Offset', '0')
    .set('Content-Type', 'application/offset+octet-stream')
    .send(bytes);
  expect(sent.status, sent.text).toBe(204);
  return location.split('/').at(-1)!;
}

const uploadFile = (id: string) => path.join(t.config.dataDir, 'video-uploads', id);
const videoDir = (id: string) => path.join(t.config.privateDir, 'videos', id);

beforeAll(async () => {
  t = await startTestApp();
  ({ as } = await signInDemoUsers(t));
  const rows = await sql().execute(
    `select l.id from lessons l join course_modules m on m.id = l.module_id join courses c on c.id = m.course_id
      where c.title = ? order by m.position, l.position`,
    [FOUNDATIONS],
  );
  lessonIds = rows.map((r) => String(r.id));
  expect(lessonIds.length).toBeGreaterThanOrEqual(3);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('video processing after a crash, and the clean-up job', () => {
  let readyId: string;

  it('a processing run that died mid-way is run again over its leftovers: one complete set, once', async () => {
    // A video whose processing started (attempt 1) and whose process died after storing one
    // segment, with no master playlist (stored last). Its clip is the demo's generated one.
    readyId = randomUUID();
    await sql().execute(
      `insert into lesson_videos (id, lesson_id, status, attempt, source_name, storage_prefix)
       values (?, ?, 'PROCESSING', 1, ?, ?)`,
      [readyId, lessonIds[0], DEMO_SOURCE_NAME, `videos/${readyId}`],
    );
    const leftover = path.join(videoDir(readyId), 'hls/720p/seg_000.ts');
    fs.mkdirSync(path.dirname(leftover), { recursive: true });
    fs.writeFileSync(leftover, 'half a segment');

    // The retried job (same attempt) finishes it; an old attempt's job and a second run do nothing.
    await processVideo(em(), t.config, { videoId: readyId, attempt: 0 });
    expect((await row(readyId)).status).toBe('PROCESSING');
    await processVideo(em(), t.config, { videoId: readyId, attempt: 1 });
    const done = await row(readyId);
    expect(done.status).toBe('READY');
    expect(fs.statSync(leftover).size).toBeGreaterThan(1000);
    expect(fs.existsSync(path.join(videoDir(readyId), 'hls/master.m3u8'))).toBe(true);
    const files = fs.readdirSync(path.join(videoDir(readyId), 'hls/720p')).sort();
    await processVideo(em(), t.config, { videoId: readyId, attempt: 1 });
    expect(await row(readyId)).toMatchObject({ status: 'READY', attempt: 1 });
    expect(fs.readdirSync(path.join(videoDir(readyId), 'hls/720p')).sort()).toEqual(files);
  }, 120_000);

  it('fails an upload not finished within 24 hours and removes its part', async () => {
    const id = await startUpload(lessonIds[1], 10_000, Buffer.alloc(4_000, 7));
    expect((await row(id)).status).toBe('UPLOADING');
    expect(fs.existsSync(uploadFile(id))).toBe(true);
    await cleanUpVideos(em(), t.config);
    expect((await row(id)).status).toBe('UPLOADING'); // still within its day
    await sql().execute(`update lesson_videos set created_at = now() - interval '25 hours' where id = ?`, [
      id,
    ]);
    await cleanUpVideos(em(), t.config);
    const failed = await row(id);
    expect(failed.status).toBe('FAILED');
    expect(failed.failure_reason).toMatch(/not finished within 24 hours/);
    expect(fs.existsSync(uploadFile(id))).toBe(false);
  });

  it('deletes a replaced video’s files and row, but not one still being processed', async () => {
    const processing = randomUUID();
    await sql().execute(
      `insert into lesson_videos (id, lesson_id, status, attempt, source_name, storage_prefix, replaced_at)
       values (?, ?, 'PROCESSING', 1, ?, ?, now())`,
      [processing, lessonIds[2], DEMO_SOURCE_NAME, `videos/${processing}`],
    );
    await sql().execute(`update lesson_videos set replaced_at = now() where id = ?`, [readyId]);
    await cleanUpVideos(em(), t.config);
    expect(await row(readyId)).toBeUndefined();
    expect(fs.existsSync(path.join(videoDir(readyId), 'hls/master.m3u8'))).toBe(false);
    expect(fs.existsSync(path.join(videoDir(readyId), 'poster.jpg'))).toBe(false);
    // A job may still work on it: left alone for an hour.
    expect((await row(processing)).status).toBe('PROCESSING');
    await sql().execute(`update lesson_videos set updated_at = now() - interval '2 hours' where id = ?`, [
      processing,
    ]);
    await cleanUpVideos(em(), t.config);
    expect(await row(processing)).toBeUndefined();
  });

  it('removes the files of a video deleted with its lesson, an hour on', async () => {
    const id = randomUUID();
    await sql().execute(
      `insert into lesson_videos (id, lesson_id, status, attempt, source_name, storage_prefix)
       values (?, ?, 'PROCESSING', 1, ?, ?)`,
      [id, lessonIds[0], DEMO_SOURCE_NAME, `videos/${id}`],
    );
    await processVideo(em(), t.config, { videoId: id, attempt: 1 });
    expect((await row(id)).status).toBe('READY');
    const master = path.join(videoDir(id), 'hls/master.m3u8');
    expect(fs.existsSync(master)).toBe(true);

    const deleted = await t.gql(
      as.instructor,
      `mutation ($id: ID!) { lessonDelete(input: { lessonId: $id }) { deletedId userErrors { message } } }`,
      { id: lessonIds[0] },
    );
    expect(deleted.data.lessonDelete).toEqual({ deletedId: lessonIds[0], userErrors: [] });
    expect(await row(id)).toBeUndefined();
    // a job may still be writing its files: left for an hour
    await cleanUpVideos(em(), t.config);
    expect(fs.existsSync(master)).toBe(true);
    await sql().execute(
      `update lesson_video_removals set removed_at = now() - interval '2 hours' where video_id = ?`,
      [id],
    );
    await cleanUpVideos(em(), t.config);
    expect(fs.existsSync(master)).toBe(false);
    expect(fs.existsSync(path.join(videoDir(id), 'poster.jpg'))).toBe(false);
    expect(await sql().execute(`select 1 from lesson_video_removals where video_id = ?`, [id])).toEqual([]);
  }, 120_000);

  it('keeps a failed video’s original for “Try again” for 7 days, then removes it', async () => {
    const text = Buffer.from('Not a video at all.\n'.repeat(100));
    const id = await startUpload(lessonIds[1], text.length, text);
    expect((await until(id, ['READY', 'FAILED'])).status).toBe('FAILED');
    expect(fs.existsSync(uploadFile(id))).toBe(true);
    await cleanUpVideos(em(), t.config);
    expect(fs.existsSync(uploadFile(id))).toBe(true);
    await sql().execute(`update lesson_videos set updated_at = now() - interval '8 days' where id = ?`, [id]);
    await cleanUpVideos(em(), t.config);
    expect(fs.existsSync(uploadFile(id))).toBe(false);
    expect((await row(id)).status).toBe('FAILED');
  });
});
