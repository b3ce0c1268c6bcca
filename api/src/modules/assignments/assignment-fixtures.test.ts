import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { type Agent, db } from '../courses/course-fixtures.test';

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Starts a tus upload for an assignment (the learner's submission). */
export function createSubmissionUpload(
  agent: Agent,
  assignmentId: string,
  size: number,
  type = 'video/mp4',
  name = 'take.mp4',
) {
  return agent
    .post('/api/videos/uploads')
    .set(TUS)
    .set('Upload-Length', String(size))
    .set('Upload-Metadata', `assignmentId ${b64(assignmentId)},filename ${b64(name)},filetype ${b64(type)}`);
}

/** Submits `bytes` whole (one PATCH); returns the video id. */
export async function submitVideo(agent: Agent, assignmentId: string, bytes: Buffer): Promise<string> {
  const created = await createSubmissionUpload(agent, assignmentId, bytes.length);
  expect(created.status, created.text).toBe(201);
  const location = created.headers.location as string;
  const done = await agent
    .patch(location)
    .set(TUS)
    .set('Upload-Offset', '0')
    .set('Content-Type', 'application/offset+octet-stream')
    .send(bytes);
  expect(done.status, done.text).toBe(204);
  return location.split('/').at(-1)!;
}

/** Waits until the video's processing ends (READY or FAILED); returns the status. */
export async function processed(t: TestApp, videoId: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db(t).execute(`select status, failure_reason from lesson_videos where id = ?`, [
      videoId,
    ]);
    if (['READY', 'FAILED'].includes(rows[0].status)) return rows[0].status;
    if (Date.now() > until) throw new Error(`video ${videoId} stayed ${rows[0].status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const SUBMISSION = `query ($id: ID!) { assignmentSubmission(id: $id) {
  id attempt status current reviewNote learnerName
  video { id status playlistUrl durationSeconds }
  comments { atSeconds body authorName } } }`;

export const REVIEW = `mutation ($id: ID!, $verdict: AssignmentReviewVerdict!, $note: String) {
  assignmentReview(submissionId: $id, verdict: $verdict, note: $note) {
    submission { id status reviewNote } userErrors { code message } } }`;
