import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, useBrowser } from '../support/browser';
import { makeTestClip } from '../support/clips';
import { gql } from '../support/graphql';

const b = useBrowser();
const COURSE = 'Foundations of Teaching Dance'; // free, taught by the demo instructor
const SHOTS = path.join(os.tmpdir(), 'drx-assignments-e2e');

let dir: string;
let clip: string;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Waits until the page's practice player has loaded its video (its duration is known). */
async function playerLoaded(page: Page) {
  const video = page.locator('[data-testid="practice-player"] video').first();
  await video.waitFor({ timeout: 120_000 });
  await page.waitForFunction(
    () => {
      const v = document.querySelector('[data-testid="practice-player"] video') as HTMLVideoElement | null;
      return !!v && v.readyState >= 1 && Number.isFinite(v.duration) && v.duration > 0;
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-assignment-e2e-'));
  clip = path.join(dir, 'combination.mp4');
  makeTestClip({ seconds: 4 }, clip);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('video assignments', () => {
  it("a learner submits an assignment video and the instructor's time-coded comment appears on their timeline", async () => {
    const instructor = await b.page();
    await signInByApi(instructor, 'instructor');
    const { myTaughtCourses } = await gql<{ myTaughtCourses: { course: { id: string; title: string } }[] }>(
      instructor,
      '{ myTaughtCourses { course { id title } } }',
    );
    const course = myTaughtCourses.map((t) => t.course).find((c) => c.title === COURSE)!;
    expect(course).toBeTruthy();

    // The instructor adds the assignment in the curriculum editor.
    const title = `Combination ${Date.now().toString(36)}`;
    await instructor.goto(`/instructor/courses/${course.id}`);
    const editor = instructor.getByTestId('module-assignments').first();
    await editor.getByRole('button', { name: 'Add assignment' }).click();
    await editor.getByLabel('Assignment title').fill(title);
    await editor
      .getByLabel('Instructions')
      .fill('Perform the combination at full speed, front and side view');
    await editor.getByRole('button', { name: 'Add assignment' }).click();
    await editor.getByTestId('assignment-row').filter({ hasText: title }).waitFor();
    await shot(instructor, 'editor');
    const { courseAssignments } = await gql<{ courseAssignments: { id: string; title: string }[] }>(
      instructor,
      'query ($id: ID!) { courseAssignments(courseId: $id) { id title } }',
      { id: course.id },
    );
    const assignmentId = courseAssignments.find((a) => a.title === title)!.id;

    try {
      // A new learner enrols and submits a video on the assignment's page.
      const learner = await b.page();
      const username = `assignee${Date.now().toString(36)}`;
      const registered = await learner.request.post('/api/register', {
        data: { username, password: 'assignment-e2e-pw-2026', firstName: 'Ada' },
      });
      expect(registered.status()).toBe(201);
      expect(
        (await learner.request.post('/api/enrollments', { data: { courseId: course.id } })).status(),
      ).toBe(201);
      await learner.goto(`/assignments/${assignmentId}`);
      await learner.getByLabel('Submission video file').setInputFiles(clip);
      await learner.getByTestId('attempt-1').waitFor({ timeout: 60_000 });
      await playerLoaded(learner).catch(async (error) => {
        await shot(learner, 'learner-not-loaded');
        throw error;
      });
      await shot(learner, 'learner-submitted');

      // The instructor opens it from "Reviews waiting" (the assignment's row of figures keeps its
      // waiting ones) and comments at the player's current time.
      await instructor.goto(`/instructor/courses/${course.id}/reviews`);
      await instructor
        .getByTestId('assignment-stats-row')
        .filter({ hasText: title })
        .getByRole('link', { name: title })
        .click();
      await instructor.waitForURL(`**/reviews?assignment=${assignmentId}`);
      await shot(instructor, 'reviews');
      await instructor.getByTestId('review-queue-item').filter({ hasText: 'Ada' }).first().click();
      await playerLoaded(instructor);
      await instructor.evaluate(() => {
        const v = document.querySelector('[data-testid="practice-player"] video') as HTMLVideoElement;
        v.currentTime = 2.3;
      });
      await instructor.getByText('Comment at 0:02').waitFor();
      await instructor.getByRole('textbox', { name: /Comment at/ }).fill('watch your spot');
      await instructor.getByRole('button', { name: 'Add comment at current time' }).click();
      await instructor.getByTestId('submission-comments').getByText('watch your spot').waitFor();
      await shot(instructor, 'review');

      // The learner sees the comment as a marker on the player's timeline and in the list.
      await learner.reload();
      await playerLoaded(learner);
      const marker = learner.getByTestId('marker-timeline').getByLabel('Timeline: watch your spot 0:02');
      await marker.waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => learner.getByTestId('submission-comments').textContent())
        .toContain('0:02 — watch your spot');
      await shot(learner, 'learner-comment-on-timeline');
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
