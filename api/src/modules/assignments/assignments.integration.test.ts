import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/test-app';
import { type Agent, db, FOUNDATIONS, idByTitle, ok, signInDemoUsers } from '../courses/course-fixtures.test';
import { generateTestClip } from '../videos';
import { grantQuery, signPlayback } from '../videos/video-signing';
import {
  createSubmissionUpload,
  processed,
  REVIEW,
  SUBMISSION,
  submitVideo,
} from './assignment-fixtures.test';

let t: TestApp;
let as: Record<string, Agent>;
let idOf: Record<string, string>;
let clip: Buffer;
let tmp: string;
let courseId: string;
let assignmentId: string;

const CREATE = `mutation ($input: AssignmentCreateInput!) { assignmentCreate(input: $input) {
  assignment { id title instructions dueDaysAfterEnrollment dueAt } userErrors { code field message } } }`;
const ISSUE = `mutation ($courseId: ID!, $userId: ID!) { certificateIssue(input: { courseId: $courseId, userId: $userId }) {
  certificate { id } userErrors { code message } } }`;

/** The learner's current submission id. */
async function currentSubmission(): Promise<string> {
  const rows = await db(t).execute(
    `select id from assignment_submissions where assignment_id = ? and learner_id = ? and superseded_at is null`,
    [assignmentId, idOf.member],
  );
  return rows[0].id;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-assignment-test-'));
  const file = path.join(tmp, 'take.mp4');
  await generateTestClip(file, { seconds: 2, width: 640, height: 360 });
  clip = fs.readFileSync(file);
  t = await startTestApp();
  ({ as, idOf } = await signInDemoUsers(t));
  courseId = await idByTitle(t, FOUNDATIONS);
  await ok(
    t,
    as.member,
    `mutation ($id: ID!) { courseEnroll(input: { courseId: $id }) { userErrors { code } } }`,
    {
      id: courseId,
    },
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('video assignments', () => {
  it('the instructor adds an assignment to a module and requires assignments for the certificate', async () => {
    const modules = await db(t).execute(
      `select id from course_modules where course_id = ? order by position`,
      [courseId],
    );
    const bad = await ok(t, as.instructor, CREATE, {
      input: { moduleId: modules[0].id, title: '  ', dueDaysAfterEnrollment: 0 },
    });
    expect(bad.assignmentCreate.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'title' });
    const other = await ok(t, as.multi, CREATE, { input: { moduleId: modules[0].id, title: 'Mine' } });
    expect(other.assignmentCreate.userErrors[0].code).toBe('FORBIDDEN');
    const made = await ok(t, as.instructor, CREATE, {
      input: {
        moduleId: modules[0].id,
        title: 'Combination at full speed',
        instructions: 'Perform the combination at full speed, front and side view',
        dueDaysAfterEnrollment: 14,
      },
    });
    expect(made.assignmentCreate.userErrors).toEqual([]);
    assignmentId = made.assignmentCreate.assignment.id;
    const rule = await ok(
      t,
      as.instructor,
      `mutation ($id: ID!) { setCourseRequireAssignments(courseId: $id, required: true) { requirePassed userErrors { code } } }`,
      { id: courseId },
    );
    expect(rule.setCourseRequireAssignments.requirePassed).toBe(true);

    const learner = await ok(
      t,
      as.member,
      `query ($id: ID!) { courseAssignments(courseId: $id) { id title dueAt } }`,
      {
        id: courseId,
      },
    );
    expect(learner.courseAssignments).toHaveLength(1);
    expect(learner.courseAssignments[0].dueAt).not.toBeNull();
    const stranger = await ok(t, as.seller, `query ($id: ID!) { courseAssignments(courseId: $id) { id } }`, {
      id: courseId,
    });
    expect(stranger.courseAssignments).toEqual([]);
  });

  it('refuses submissions from people not enrolled, of other types and over 2 GB', async () => {
    expect((await createSubmissionUpload(as.seller, assignmentId, clip.length)).status).toBe(403);
    expect(
      (await createSubmissionUpload(as.member, assignmentId, 10, 'application/pdf', 'notes.pdf')).status,
    ).toBe(415);
    expect((await createSubmissionUpload(as.member, assignmentId, 3 * 1024 ** 3)).status).toBe(413);
    expect((await createSubmissionUpload(as.member, '00000000-0000-4000-8000-000000000000', 5)).status).toBe(
      404,
    );
    const rows = await db(t).execute(`select count(*)::int as n from assignment_submissions`);
    expect(rows[0].n).toBe(0);
  });

  let firstId: string;

  it('a learner submits a video: processed to READY, played by them and the instructor, 403 for a stranger', async () => {
    const videoId = await submitVideo(as.member, assignmentId, clip);
    expect(await processed(t, videoId)).toBe('READY');
    firstId = await currentSubmission();
    const mine = await ok(t, as.member, SUBMISSION, { id: firstId });
    expect(mine.assignmentSubmission).toMatchObject({ attempt: 1, status: 'WAITING', current: true });
    expect(mine.assignmentSubmission.video.status).toBe('READY');
    const playlist = mine.assignmentSubmission.video.playlistUrl as string;
    const master = await as.member.get(playlist);
    expect(master.status).toBe(200);
    const rendition = master.text.split('\n').find((l) => l.includes('.m3u8'))!;
    const media = await as.member.get(`/api/videos/${videoId}/hls/${rendition}`);
    expect(media.status).toBe(200);
    const segment = media.text.split('\n').find((l) => l.includes('.ts'))!;
    const segmentUrl = `/api/videos/${videoId}/hls/${rendition.split('/')[0]}/${segment}`;
    expect((await as.member.get(segmentUrl)).status).toBe(200);

    // The instructor sees it in the queue and plays it with their own grant.
    const queue = await ok(
      t,
      as.instructor,
      `query ($id: ID!) { assignmentReviewQueue(courseId: $id) { id learnerName } }`,
      {
        id: courseId,
      },
    );
    expect(queue.assignmentReviewQueue.map((s: { id: string }) => s.id)).toEqual([firstId]);
    const theirs = await ok(t, as.instructor, SUBMISSION, { id: firstId });
    expect((await as.instructor.get(theirs.assignmentSubmission.video.playlistUrl)).status).toBe(200);

    // A stranger: no submission, no video in the graph, and 403 on the playlist and segments with their own grant.
    expect((await ok(t, as.seller, SUBMISSION, { id: firstId })).assignmentSubmission).toBeNull();
    const strangerGrant = grantQuery(signPlayback(t.config.sessionSecret, videoId, idOf.seller));
    expect((await as.seller.get(`/api/videos/${videoId}/hls/master.m3u8?${strangerGrant}`)).status).toBe(403);
    const segmentPath = segmentUrl.split('?')[0];
    expect((await as.seller.get(`${segmentPath}?${strangerGrant}`)).status).toBe(403);
    // Another course's instructor likewise.
    const multiGrant = grantQuery(signPlayback(t.config.sessionSecret, videoId, idOf.multi));
    expect((await as.multi.get(`/api/videos/${videoId}/hls/master.m3u8?${multiGrant}`)).status).toBe(403);
  });

  it('the instructor comments at a time and asks for a resubmission; the learner is told and sees it', async () => {
    const added = await ok(
      t,
      as.instructor,
      `mutation ($id: ID!) { assignmentCommentAdd(submissionId: $id, atSeconds: 0.8, body: "watch your spot") {
         comment { atSeconds body } userErrors { code } } }`,
      { id: firstId },
    );
    expect(added.assignmentCommentAdd.comment).toEqual({ atSeconds: 0.8, body: 'watch your spot' });
    const stranger = await t.gql(
      as.member,
      `mutation ($id: ID!) { assignmentCommentAdd(submissionId: $id, atSeconds: 1, body: "x") { userErrors { code } } }`,
      { id: firstId },
    );
    expect(stranger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const noNote = await ok(t, as.instructor, REVIEW, { id: firstId, verdict: 'RESUBMIT' });
    expect(noNote.assignmentReview.userErrors[0].code).toBe('INVALID_INPUT');
    const asked = await ok(t, as.instructor, REVIEW, {
      id: firstId,
      verdict: 'RESUBMIT',
      note: 'Keep your arms up',
    });
    expect(asked.assignmentReview.submission).toMatchObject({
      status: 'RESUBMIT',
      reviewNote: 'Keep your arms up',
    });

    const seen = await ok(t, as.member, SUBMISSION, { id: firstId });
    expect(seen.assignmentSubmission.comments).toEqual([
      { atSeconds: 0.8, body: 'watch your spot', authorName: expect.any(String) },
    ]);
    const mail = await db(t).execute(
      `select subject from mail_outbox where "to" like ? and subject like 'Please submit again%'`,
      ['%'],
    );
    expect(mail.length).toBe(1);
    const inApp = await ok(t, as.member, `{ myNotifications { title link readAt } }`);
    expect(inApp.myNotifications[0]).toMatchObject({
      title: expect.stringContaining('Please submit again'),
      link: `/assignments/${assignmentId}`,
      readAt: null,
    });
    // A second decision on the same attempt is refused.
    const again = await ok(t, as.instructor, REVIEW, { id: firstId, verdict: 'PASSED' });
    expect(again.assignmentReview.userErrors[0].code).toBe('CONFLICT');
  });

  it('the certificate waits for the pass; a resubmission is a new attempt; a double pass is refused', async () => {
    const refused = await ok(t, as.instructor, ISSUE, { courseId, userId: idOf.member });
    expect(refused.certificateIssue.userErrors[0].message).toMatch(/assignments passed first: 1 assignment/);
    // The learner completed the course meanwhile: the pass will issue the certificate.
    await db(t).execute(`update enrollments set completed_at = now() where user_id = ? and course_id = ?`, [
      idOf.member,
      courseId,
    ]);

    const videoId = await submitVideo(as.member, assignmentId, clip);
    expect(await processed(t, videoId)).toBe('READY');
    const secondId = await currentSubmission();
    expect(secondId).not.toBe(firstId);
    const history = await ok(
      t,
      as.member,
      `query ($id: ID!) { assignment(id: $id) { mySubmissions { attempt status current } } }`,
      { id: assignmentId },
    );
    expect(history.assignment.mySubmissions).toEqual([
      { attempt: 2, status: 'WAITING', current: true },
      { attempt: 1, status: 'RESUBMIT', current: false },
    ]);

    const [a, b] = await Promise.all([
      ok(t, as.instructor, REVIEW, { id: secondId, verdict: 'PASSED' }),
      ok(t, as.admin, REVIEW, { id: secondId, verdict: 'PASSED' }),
    ]);
    const outcomes = [a, b].map((r) => r.assignmentReview.userErrors[0]?.code ?? 'OK').sort();
    expect(outcomes).toEqual(['CONFLICT', 'OK']);
    const certificates = await db(t).execute(
      `select id from certificates where user_id = ? and course_id = ?`,
      [idOf.member, courseId],
    );
    expect(certificates).toHaveLength(1);
    // Passed: no more attempts.
    expect((await createSubmissionUpload(as.member, assignmentId, clip.length)).status).toBe(409);
  });

  it('a learner who deletes their account leaves no submission, and their videos go to the clean-up', async () => {
    const videos = await db(t).execute<{ video_id: string }[]>(
      `select video_id from assignment_submissions where learner_id = ? and video_id is not null`,
      [idOf.member],
    );
    expect(videos.length).toBeGreaterThanOrEqual(2);
    const deleted = await ok(
      t,
      as.member,
      `mutation ($input: AccountDeleteInput!) { accountDelete(input: $input) { success userErrors { message } } }`,
      { input: { password: 'drx-demo-2026' } },
    );
    expect(deleted.accountDelete).toEqual({ success: true, userErrors: [] });
    expect(
      await db(t).execute(`select id from assignment_submissions where learner_id = ?`, [idOf.member]),
    ).toEqual([]);
    const retired = await db(t).execute<{ replaced_at: Date | null }[]>(
      `select replaced_at from lesson_videos where id in (?)`,
      [videos.map((v) => v.video_id)],
    );
    expect(retired).toHaveLength(videos.length);
    expect(retired.every((v) => v.replaced_at !== null)).toBe(true);
  });
});
