import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDatabase } from '../support/app-database';
import { pathOf, signIn, signInByApi, useBrowser } from '../support/browser';
import { makeTestClip } from '../support/clips';
import { gql } from '../support/graphql';

// The header's notifications bell (issue 34): an instructor passes a learner's assignment video;
// the learner sees the bell's badge, opens its panel, follows the notification to the assignment,
// and the badge is gone; on a phone the bell is in the bar and its panel fits the screen.

const b = useBrowser();
const COURSE = 'Foundations of Teaching Dance'; // free, taught by the demo instructor
const SHOTS = path.join(os.tmpdir(), 'drx-notifications-e2e');

let dir: string;
let clip: string;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-notifications-e2e-'));
  clip = path.join(dir, 'combination.mp4');
  makeTestClip({ seconds: 3 }, clip);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the notifications bell', () => {
  it('tells the learner their assignment was passed and takes them to it, on a laptop and a phone', async () => {
    const instructor = await b.page();
    await signInByApi(instructor, 'instructor');
    const { myTaughtCourses } = await gql<{
      myTaughtCourses: { course: { id: string; title: string; modules: { id: string }[] } }[];
    }>(instructor, '{ myTaughtCourses { course { id title modules { id } } } }');
    const course = myTaughtCourses.map((t) => t.course).find((c) => c.title === COURSE)!;
    expect(course?.modules.length).toBeGreaterThan(0);

    // The instructor adds an assignment (through the graph: the editor is assignments.e2e.ts's).
    const title = `Bell ${Date.now().toString(36)}`;
    const created = await gql<{
      assignmentCreate: { assignment: { id: string } | null; userErrors: unknown[] };
    }>(
      instructor,
      `mutation ($input: AssignmentCreateInput!) {
        assignmentCreate(input: $input) { assignment { id } userErrors { code message } } }`,
      { input: { moduleId: course.modules[0].id, title, instructions: 'Film the combination once' } },
    );
    expect(created.assignmentCreate.userErrors).toEqual([]);
    const assignmentId = created.assignmentCreate.assignment!.id;

    try {
      // A new learner enrols and submits a video on the assignment's page.
      const learner = await b.page();
      const username = `belle${Date.now().toString(36)}`;
      const registered = await learner.request.post('/api/register', {
        data: { username, password: 'notifications-e2e-pw-2026', firstName: 'Belle' },
      });
      expect(registered.status()).toBe(201);
      expect(
        (await learner.request.post('/api/enrollments', { data: { courseId: course.id } })).status(),
      ).toBe(201);
      await learner.goto(`/assignments/${assignmentId}`);
      await learner.getByLabel('Submission video file').setInputFiles(clip);
      await learner.getByTestId('attempt-1').waitFor({ timeout: 60_000 });

      // No notification yet: the bell has no badge.
      const bell = learner.getByTestId('notifications-button');
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
      expect(await learner.getByTestId('notifications-unread-count').count()).toBe(0);

      // The instructor passes it once its video is processed (a review needs it READY).
      type Queue = {
        assignmentReviewQueue: { id: string; learnerName: string; video: { status: string } | null }[];
      };
      let submissionId = '';
      await expect
        .poll(
          async () => {
            const { assignmentReviewQueue } = await gql<Queue>(
              instructor,
              'query ($id: ID!) { assignmentReviewQueue(courseId: $id) { id learnerName video { status } } }',
              { id: course.id },
            );
            const mine = assignmentReviewQueue.find((s) => s.learnerName.startsWith('Belle'));
            submissionId = mine?.id ?? '';
            return mine?.video?.status;
          },
          { timeout: 120_000, interval: 1000 },
        )
        .toBe('READY');
      const reviewed = await gql<{ assignmentReview: { userErrors: unknown[] } }>(
        instructor,
        `mutation ($id: ID!) { assignmentReview(submissionId: $id, verdict: PASSED, note: "Clean turns, well spotted") {
          userErrors { code message } } }`,
        { id: submissionId },
      );
      expect(reviewed.assignmentReview.userErrors).toEqual([]);

      // The learner's bell shows it (here on coming back to the tab; else within its 30 s poll).
      await learner.goto('/my-courses');
      await expect
        .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('Notifications, 1 unread');
      expect(await learner.getByTestId('notifications-unread-count').textContent()).toBe('1');

      await bell.click();
      const panel = learner.getByTestId('notifications-panel');
      const item = panel.getByTestId('notification-item').filter({ hasText: `Passed: ${title}` });
      await item.waitFor();
      expect(await item.getAttribute('data-unread')).toBe('');
      expect(await item.textContent()).toContain('Clean turns, well spotted');
      expect(await item.textContent()).toContain('Unread');
      await panel.getByRole('button', { name: 'Mark all as read' }).waitFor();
      await panel.getByRole('link', { name: 'See all notifications' }).waitFor();
      await shot(learner, 'desktop-panel-open');

      await item.getByRole('link').click();
      await learner.waitForURL((url) => url.pathname === `/assignments/${assignmentId}`);
      expect(pathOf(learner)).toBe(`/assignments/${assignmentId}`);
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
      expect(await learner.getByTestId('notifications-unread-count').count()).toBe(0);
      await expect.poll(() => panel.count()).toBe(0); // the panel closed on the way (after its exit animation)

      // The server agrees it is read.
      const after = await gql<{ unreadNotificationCount: number }>(learner, '{ unreadNotificationCount }');
      expect(after.unreadNotificationCount).toBe(0);

      // A phone: the bell stays in the bar, its panel fits the screen and "See all" opens the page.
      const phone = await b.page({
        viewport: { width: 390, height: 844 },
        storageState: await learner.context().storageState(),
        isMobile: true,
        hasTouch: true,
      });
      await phone.goto('/my-courses');
      const phoneBell = phone.getByTestId('notifications-button');
      await phoneBell.waitFor();
      const bellBox = (await phoneBell.boundingBox())!;
      expect(bellBox.x + bellBox.width).toBeLessThanOrEqual(390);
      await phoneBell.tap();
      const phonePanel = phone.getByTestId('notifications-panel');
      await phonePanel
        .getByTestId('notification-item')
        .filter({ hasText: `Passed: ${title}` })
        .waitFor();
      const panelBox = (await phonePanel.boundingBox())!;
      expect(panelBox.x).toBeGreaterThanOrEqual(0);
      expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
      expect(
        await phonePanel.getByTestId('notification-item').first().getAttribute('data-unread'),
      ).toBeNull();
      await shot(phone, 'phone-panel-open');
      await phonePanel.getByRole('link', { name: 'See all notifications' }).tap();
      await phone.waitForURL((url) => url.pathname === '/notifications');
      await phone.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await expect.poll(() => phonePanel.count()).toBe(0); // closed (after its exit animation)
      await phone
        .locator('#main')
        .getByTestId('notification-item')
        .filter({ hasText: `Passed: ${title}` })
        .waitFor();
      await shot(phone, 'phone-page');
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

  it('is in the instructor’s workspace bar too, on a laptop and a phone', async () => {
    // An unread notification for the instructor (what a review or a due date would leave).
    const db = await appDatabase();
    const title = `Workspace bell ${Date.now().toString(36)}`;
    const id = randomUUID();
    try {
      await db.query(
        `insert into in_app_notifications (id, user_id, title, body, link)
         select $1, id, $2, 'Seen from the workspace', '/instructor/dashboard' from users where username = 'instructor'`,
        [id, title],
      );
      const page = await b.page();
      await signIn(page, 'instructor');
      await page.waitForURL('**/instructor/dashboard');
      // The workspace layout (its sidebar), not the public header.
      await page.getByRole('complementary', { name: 'Sidebar' }).waitFor();
      const bell = page.getByTestId('notifications-button');
      await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/);
      await bell.click();
      const item = page
        .getByTestId('notifications-panel')
        .getByTestId('notification-item')
        .filter({ hasText: title });
      await item.waitFor();
      await shot(page, 'workspace-panel-open');

      const phone = await b.page({
        viewport: { width: 390, height: 844 },
        storageState: await page.context().storageState(),
        isMobile: true,
        hasTouch: true,
      });
      await phone.goto('/instructor/dashboard');
      const phoneBell = phone.getByTestId('notifications-button');
      await phoneBell.waitFor();
      const box = (await phoneBell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await phoneBell.tap();
      const panel = phone.getByTestId('notifications-panel');
      await panel.getByTestId('notification-item').filter({ hasText: title }).waitFor();
      const panelBox = (await panel.boundingBox())!;
      expect(panelBox.x).toBeGreaterThanOrEqual(0);
      expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
      await shot(phone, 'workspace-phone-panel-open');
    } finally {
      await db.query('delete from in_app_notifications where id = $1', [id]);
      await db.end();
    }
  }, 120_000);
});
