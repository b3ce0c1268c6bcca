import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { startTestApp, type TestApp } from '../../test/test-app';
import { type Agent, FOUNDATIONS, signInDemoUsers } from '../courses/course-fixtures.test';
import { cleanUpVideos } from './video-cleanup';

// Issue 34: "disk or bucket space of abandoned uploads is reclaimed", on the bucket. An upload in the
// S3 store is a multipart upload (its 8 MiB parts), the `<id>.info` object (its tus state) and the
// `<id>.part` object (bytes after the last whole part). The clean-up job must leave none of them.
const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const MiB = 1024 * 1024;
const DAY_AND_AN_HOUR_AGO = () => new Date(Date.now() - 25 * 60 * 60 * 1000);

let s3: TestS3;
let t: TestApp;
let as: Record<string, Agent>;
let lessonIds: string[];
const sql = () => t.orm.em.fork().getConnection();
const em = () => t.orm.em.fork() as EntityManager;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ s3: s3.config });
  ({ as } = await signInDemoUsers(t));
  const rows = await sql().execute(
    `select l.id from lessons l join course_modules m on m.id = l.module_id join courses c on c.id = m.course_id
      where c.title = ? order by m.position, l.position`,
    [FOUNDATIONS],
  );
  lessonIds = rows.map((r) => String(r.id));
  expect(lessonIds.length).toBeGreaterThanOrEqual(2);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/**
 * Starts a tus upload of 12 MiB for a lesson and sends 9 MiB of it, then stops (the tab closed):
 * the bucket holds one part of the multipart upload, the `.info` and a 1 MiB `.part`. Its video id
 * and the multipart upload's id.
 */
async function abandonUpload(lessonId: string): Promise<{ id: string; location: string; uploadId: string }> {
  const created = await as.instructor
    .post('/api/videos/uploads')
    .set(TUS)
    .set('Upload-Length', String(12 * MiB))
    .set(
      'Upload-Metadata',
      `lessonId ${b64(lessonId)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
    );
  expect(created.status, created.text).toBe(201);
  const location = created.headers.location as string;
  const id = location.split('/').at(-1)!;
  const sent = await as.instructor
    .patch(location)
    .set(TUS)
    .set('Upload-Offset', '0')
    .set('Content-Type', 'application/offset+octet-stream')
    .send(Buffer.alloc(9 * MiB, 7));
  expect(sent.status, sent.text).toBe(204);
  expect(sent.headers['upload-offset']).toBe(String(9 * MiB));

  const info = await s3.client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: `${id}.info` }));
  const uploadId = info.Metadata!['upload-id'];
  expect(await s3.keys(id)).toEqual([`${id}.info`, `${id}.part`]);
  expect((await s3.multipartUploads()).filter((u) => u.key === id)).toMatchObject([{ uploadId }]);
  return { id, location, uploadId };
}

/** What the bucket still holds of upload `id`: its objects and its unfinished multipart uploads. */
async function leftOf(id: string) {
  return {
    objects: await s3.keys(id),
    multipartUploads: (await s3.multipartUploads()).filter((u) => u.key === id).map((u) => u.uploadId),
  };
}

it('with S3: an upload not finished within 24 hours is failed and the bucket keeps nothing of it', async () => {
  const { id, location } = await abandonUpload(lessonIds[0]);
  const row = async () =>
    (await sql().execute(`select status, failure_reason from lesson_videos where id = ?`, [id]))[0];

  // Within its day the job leaves it alone (the uploader may come back and resume).
  await cleanUpVideos(em(), t.config);
  expect(await row()).toMatchObject({ status: 'UPLOADING', failure_reason: null });
  expect((await leftOf(id)).objects).toHaveLength(2);

  // A day and an hour later by the row (the job's rule). The multipart upload is left young, so
  // tus's own expiry (the next test) does not find it: the job's removal alone must clear the bucket.
  await sql().execute(`update lesson_videos set created_at = now() - interval '25 hours' where id = ?`, [id]);
  await cleanUpVideos(em(), t.config);

  expect(await row()).toMatchObject({
    status: 'FAILED',
    failure_reason: 'The upload was not finished within 24 hours. Upload the video again.',
  });
  expect(await leftOf(id)).toEqual({ objects: [], multipartUploads: [] });
  // tus knows it no more.
  const head = await as.instructor.head(location).set(TUS);
  expect(head.status).toBe(404);
}, 120_000);

it('with S3: the upload of a lesson deleted mid-way (its row went with it) is removed once expired', async () => {
  const { id, uploadId } = await abandonUpload(lessonIds[1]);
  const deleted = await t.gql(
    as.instructor,
    `mutation ($id: ID!) { lessonDelete(input: { lessonId: $id }) { deletedId userErrors { message } } }`,
    { id: lessonIds[1] },
  );
  expect(deleted.data.lessonDelete).toEqual({ deletedId: lessonIds[1], userErrors: [] });
  expect(await sql().execute(`select id from lesson_videos where id = ?`, [id])).toEqual([]);

  // No row names it: only tus's expiry (the multipart upload's initiation) finds it.
  await cleanUpVideos(em(), t.config);
  expect((await leftOf(id)).multipartUploads).toEqual([uploadId]);
  s3.backdateMultipartUpload(uploadId, DAY_AND_AN_HOUR_AGO());
  await cleanUpVideos(em(), t.config);
  expect(await leftOf(id)).toEqual({ objects: [], multipartUploads: [] });
}, 120_000);
