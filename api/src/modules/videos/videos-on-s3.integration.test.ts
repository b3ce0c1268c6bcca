import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { startTestApp, type TestApp } from '../../test/test-app';
import { FOUNDATIONS, signInDemoUsers } from '../courses/course-fixtures.test';
import { generateTestClip } from './video-transcode';

let s3: TestS3;
let t: TestApp;
let clip: Buffer;

beforeAll(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-video-s3-'));
  await generateTestClip(path.join(tmp, 'clip.mp4'), { seconds: 2, width: 640, height: 360 });
  clip = fs.readFileSync(path.join(tmp, 'clip.mp4'));
  fs.rmSync(tmp, { recursive: true, force: true });
  s3 = await startS3Server();
  t = await startTestApp({ s3: s3.config });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

it('with S3: a resumed tus upload goes to the bucket, is processed there and played from it', async () => {
  const { as } = await signInDemoUsers(t);
  const conn = t.orm.em.fork().getConnection();
  const [lesson] = await conn.execute(
    `select l.id from lessons l join course_modules m on m.id = l.module_id join courses c on c.id = m.course_id
      where c.title = ? order by m.position, l.position limit 1`,
    [FOUNDATIONS],
  );
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await as.instructor
    .post('/api/videos/uploads')
    .set('Tus-Resumable', '1.0.0')
    .set('Upload-Length', String(clip.length))
    .set(
      'Upload-Metadata',
      `lessonId ${b64(lesson.id)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
    );
  expect(created.status, created.text).toBe(201);
  const location = created.headers.location as string;
  const id = location.split('/').at(-1)!;
  const half = Math.floor(clip.length / 2);
  const send = (offset: number, bytes: Buffer) =>
    as.instructor
      .patch(location)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', String(offset))
      .set('Content-Type', 'application/offset+octet-stream')
      .send(bytes);
  expect((await send(0, clip.subarray(0, half))).status).toBe(204);
  const head = await as.instructor.head(location).set('Tus-Resumable', '1.0.0');
  const offset = Number(head.headers['upload-offset']);
  expect(offset).toBeGreaterThanOrEqual(0);
  expect(offset).toBeLessThanOrEqual(half);
  expect((await send(offset, clip.subarray(offset))).status).toBe(204);

  const until = Date.now() + 60_000;
  let row;
  for (;;) {
    [row] = await conn.execute(`select status, failure_reason from lesson_videos where id = ?`, [id]);
    if (row.status === 'READY' || row.status === 'FAILED' || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  expect(row).toMatchObject({ status: 'READY', failure_reason: null });
  const keys = await s3.keys(`private/videos/${id}/`);
  expect(keys).toContain(`private/videos/${id}/hls/master.m3u8`);
  expect(keys).toContain(`private/videos/${id}/hls/360p/seg_000.ts`);
  expect(keys).toContain(`private/videos/${id}/poster.jpg`);
  // The original upload is removed from the bucket once processed.
  expect((await s3.keys(id)).length).toBe(0);

  const data = await t.gql(
    as.instructor,
    `query ($id: ID!) { lesson(id: $id) { hostedVideo { playlistUrl } } }`,
    {
      id: lesson.id,
    },
  );
  const url = data.data.lesson.hostedVideo.playlistUrl as string;
  const master = await as.instructor.get(url);
  expect(master.status).toBe(200);
  expect(master.text).toMatch(/360p\/index\.m3u8\?exp=/);
});
