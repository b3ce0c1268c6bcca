import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInByApi, useBrowser } from '../support/browser';
import { gql } from '../support/graphql';

/**
 * Recording an assignment in the browser (MediaRecorder): Chromium's fake camera and microphone (a
 * moving test pattern and a beep) stand in for the learner's, and the permission prompt is
 * answered yes. A recording is a WebM without a duration in its header (how MediaRecorder writes
 * it), which processing must still read.
 */
const b = useBrowser({
  args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
const COURSE = 'Foundations of Teaching Dance'; // free, taught by the demo instructor
const SHOTS = path.join(os.tmpdir(), 'drx-assignments-e2e');

describe('recording an assignment in the browser', () => {
  it('a learner records with the camera, submits, and the recording plays once processed', async () => {
    const instructor = await b.page();
    await signInByApi(instructor, 'instructor');
    const { myTaughtCourses } = await gql<{
      myTaughtCourses: { course: { id: string; title: string; curriculum: { id: string }[] } }[];
    }>(instructor, '{ myTaughtCourses { course { id title curriculum { id } } } }');
    const course = myTaughtCourses.map((t) => t.course).find((c) => c.title === COURSE)!;
    expect(course?.curriculum.length).toBeGreaterThan(0);
    const title = `Recorded combination ${Date.now().toString(36)}`;
    const { assignmentCreate } = await gql<{
      assignmentCreate: { assignment: { id: string } | null; userErrors: { message: string }[] };
    }>(
      instructor,
      `mutation ($input: AssignmentCreateInput!) {
        assignmentCreate(input: $input) { assignment { id } userErrors { message } }
      }`,
      { input: { moduleId: course.curriculum[0].id, title, instructions: 'Film it in one take' } },
    );
    expect(assignmentCreate.userErrors).toEqual([]);
    const assignmentId = assignmentCreate.assignment!.id;

    try {
      const learner = await b.page({ permissions: ['camera', 'microphone'] });
      const username = `recorder${Date.now().toString(36)}`;
      expect(
        (
          await learner.request.post('/api/register', {
            data: { username, password: 'recording-e2e-pw-2026', firstName: 'Rae' },
          })
        ).status(),
      ).toBe(201);
      expect(
        (await learner.request.post('/api/enrollments', { data: { courseId: course.id } })).status(),
      ).toBe(201);
      await learner.goto(`/assignments/${assignmentId}`);

      await learner.getByRole('button', { name: 'Record with camera' }).click();
      const preview = learner.getByLabel('Camera preview');
      await preview.waitFor();
      // The live preview shows the (fake) camera: frames are arriving.
      await learner.waitForFunction(() => {
        const v = document.querySelector('video[aria-label="Camera preview"]') as HTMLVideoElement | null;
        return !!v && v.videoWidth > 0 && v.currentTime > 0;
      });
      await learner.getByRole('button', { name: 'Start recording' }).click();
      await learner.getByRole('button', { name: 'Stop' }).waitFor();
      await learner.waitForTimeout(2_500); // a short take
      await learner.getByRole('button', { name: 'Stop' }).click();
      await learner.getByRole('button', { name: 'Submit recording' }).click();

      // The attempt appears and, once processed, plays in the practice player with a duration.
      await learner.getByTestId('attempt-1').waitFor({ timeout: 60_000 });
      await learner
        .waitForFunction(
          () => {
            const v = document.querySelector(
              '[data-testid="practice-player"] video',
            ) as HTMLVideoElement | null;
            return !!v && v.readyState >= 1 && Number.isFinite(v.duration) && v.duration > 1;
          },
          undefined,
          { timeout: 120_000, polling: 250 },
        )
        .catch(async (error) => {
          fs.mkdirSync(SHOTS, { recursive: true });
          await learner.screenshot({
            path: path.join(SHOTS, 'learner-recording-failed.png'),
            fullPage: true,
          });
          throw new Error(
            `${(error as Error).message}\nthe attempt: ${await learner.getByTestId('attempt-1').innerText()}`,
          );
        });
      fs.mkdirSync(SHOTS, { recursive: true });
      await learner.screenshot({ path: path.join(SHOTS, 'learner-recorded.png'), fullPage: true });

      // The instructor finds it waiting for review.
      await instructor.goto(`/instructor/courses/${course.id}/reviews`);
      await instructor.getByTestId('review-queue-item').filter({ hasText: 'Rae' }).first().waitFor();
    } finally {
      await instructor.request
        .post('/graphql', {
          data: {
            query: 'mutation ($id: ID!) { assignmentRemove(id: $id) { removedAssignmentId } }',
            variables: { id: assignmentId },
          },
        })
        .catch(() => undefined);
    }
  }, 300_000);
});
