import { HeadObjectCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { startTestApp, type TestApp } from '../../test/test-app';
import { FOUNDATIONS, PASSWORD, signInDemoUsers } from '../courses/course-fixtures.test';
import { markUploaded } from './video-lifecycle';
import { DEMO_SOURCE_NAME } from './video-processing';
import { generateTestClip } from './video-transcode';

let s3: TestS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ s3: s3.config });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

it('with S3: processing writes the renditions to the bucket and playback streams them from it', async () => {
  const { as } = await signInDemoUsers(t);
  const conn = t.orm.em.fork().getConnection();
  const [lesson] = await conn.execute(
    `select l.id, c.instructor_id from lessons l join course_modules m on m.id = l.module_id
       join courses c on c.id = m.course_id
      where c.title = ? order by m.position, l.position limit 1`,
    [FOUNDATIONS],
  );
  // A row as the upload makes it, whose source the job generates itself (the demo's path).
  const id = randomUUID();
  await conn.execute(
    `insert into lesson_videos (id, lesson_id, status, source_name, storage_prefix, created_by_id)
     values (?, ?, 'UPLOADING', ?, ?, ?)`,
    [id, lesson.id, DEMO_SOURCE_NAME, `videos/${id}`, lesson.instructor_id],
  );
  expect(await markUploaded(t.orm.em.fork(), id)).toBe(true);
  const until = Date.now() + 150_000;
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
}, 200_000);

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const MiB = 1024 * 1024;

async function waitUntil<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 150_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * PATCHes `bytes` of an upload that announce the whole `length`, on a real socket, and drops the
 * connection once `dropWhen` says so (the browser's tab closed or the network lost mid-way).
 */
async function patchAndDrop(
  base: string,
  location: string,
  cookie: string,
  length: number,
  bytes: Buffer,
  dropWhen: () => Promise<boolean>,
) {
  const req = http.request(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...TUS,
      cookie,
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(length),
    },
  });
  const ended = new Promise<void>((resolve, reject) => {
    req.on('error', () => resolve());
    req.on('response', (res) => reject(new Error(`the server answered ${res.statusCode} before the drop`)));
  });
  req.write(bytes);
  await waitUntil('the bytes to reach the store', async () => ((await dropWhen()) ? true : undefined));
  req.destroy();
  await ended;
}

it('with S3: a tus upload dropped mid-way resumes where the bucket has it (HEAD, then PATCH at the offset), then processes and plays', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-s3-tus-'));
  const file = path.join(tmp, 'clip.mp4');
  // ~11 MB: more than one 8 MB part of the S3 store's multipart upload.
  await generateTestClip(file, { seconds: 3, width: 640, height: 360, cbrKbps: 30_000 });
  const clip = fs.readFileSync(file);
  fs.rmSync(tmp, { recursive: true, force: true });
  expect(clip.length).toBeGreaterThan(10 * MiB);

  const { as } = await signInDemoUsers(t);
  const conn = t.orm.em.fork().getConnection();
  const [lesson] = await conn.execute(
    `select l.id from lessons l join course_modules m on m.id = l.module_id join courses c on c.id = m.course_id
      where c.title = ? order by m.position, l.position offset 1 limit 1`,
    [FOUNDATIONS],
  );
  const created = await as.instructor
    .post('/api/videos/uploads')
    .set(TUS)
    .set('Upload-Length', String(clip.length))
    .set(
      'Upload-Metadata',
      `lessonId ${b64(lesson.id)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
    );
  expect(created.status, created.text).toBe(201);
  const location = created.headers.location as string;
  const id = location.split('/').at(-1)!;
  // The multipart upload the store began in the bucket (its id is on the upload's `.info` object).
  const info = await s3.client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: `${id}.info` }));
  const uploadId = info.Metadata!['upload-id'];
  const parts = async () =>
    (await s3.client.send(new ListPartsCommand({ Bucket: s3.config.bucket, Key: id, UploadId: uploadId })))
      .Parts ?? [];
  expect(await parts()).toEqual([]);

  // 9 MiB of the file on a real socket (the app listening), dropped once the first part is in the bucket.
  const server = http.createServer(t.handle.app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'instructor', password: PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await patchAndDrop(base, location, cookie, clip.length, clip.subarray(0, 9 * MiB), async () => {
      return (await parts()).length === 1;
    });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }

  // HEAD tells where it stopped: the 8 MiB part plus what came after it (kept as the `.part` object).
  const offset = await waitUntil('the dropped PATCH to be stored', async () => {
    const head = await as.instructor.head(location).set(TUS);
    expect(head.status).toBe(200);
    const n = Number(head.headers['upload-offset']);
    return n > 8 * MiB ? n : undefined;
  });
  expect(offset).toBeLessThanOrEqual(9 * MiB);
  const [part] = await parts();
  expect(part).toMatchObject({ PartNumber: 1, Size: 8 * MiB });
  if (offset > 8 * MiB) expect(await s3.keys(`${id}.part`)).toEqual([`${id}.part`]);
  expect((await conn.execute(`select status from lesson_videos where id = ?`, [id]))[0].status).toBe(
    'UPLOADING',
  );

  // The rest from there completes the multipart upload; the bucket's object is the whole file.
  const done = await as.instructor
    .patch(location)
    .set(TUS)
    .set('Upload-Offset', String(offset))
    .set('Content-Type', 'application/offset+octet-stream')
    .send(clip.subarray(offset));
  expect(done.status, done.text).toBe(204);

  const row = await waitUntil('processing', async () => {
    const [r] = await conn.execute(
      `select status, failure_reason, duration_seconds from lesson_videos where id = ?`,
      [id],
    );
    return r.status === 'READY' || r.status === 'FAILED' ? r : undefined;
  });
  expect(row).toMatchObject({ status: 'READY', failure_reason: null });
  expect(Number(row.duration_seconds)).toBeCloseTo(3, 0);
  const keys = await s3.keys(`private/videos/${id}/`);
  expect(keys).toContain(`private/videos/${id}/hls/master.m3u8`);
  // The original is removed from the bucket once processed (the object, its `.info` and `.part`):
  // right after the row is READY (video-processing.ts), so a moment after the test sees READY.
  expect(
    await waitUntil(
      'the original removed',
      async () => ((await s3.keys(id)).length === 0 ? [] : undefined),
      10_000,
    ),
  ).toEqual([]);

  const data = await t.gql(
    as.instructor,
    `query ($id: ID!) { lesson(id: $id) { hostedVideo { id playlistUrl } } }`,
    {
      id: lesson.id,
    },
  );
  expect(data.data.lesson.hostedVideo.id).toBe(id);
  const url = data.data.lesson.hostedVideo.playlistUrl as string;
  const master = await as.instructor.get(url);
  expect(master.status).toBe(200);
  const variant = master.text.split('\n').find((l) => l.startsWith('360p/'))!;
  const playlistBase = url.slice(0, url.indexOf('hls/') + 4);
  const media = await as.instructor.get(playlistBase + variant);
  expect(media.status).toBe(200);
  const segment = media.text.split('\n').find((l) => l.startsWith('seg_'))!;
  const seg = await as.instructor.get(`${playlistBase}360p/${segment}`).buffer(true);
  expect(seg.status).toBe(200);
  expect(seg.body.length).toBeGreaterThan(1000);
}, 300_000);
