import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { makeTestClip } from '../support/clips';
import { gql } from '../support/graphql';

const b = useBrowser();
const COURSE = 'Foundations of Teaching Dance'; // free, taught by the demo instructor

let dir: string;
let clip: string;

async function newMember(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}`;
  const res = await page.request.post('/api/register', {
    data: { username, password: 'video-e2e-pw-2026', firstName: 'Vera' },
  });
  expect(res.status()).toBe(201);
  return username;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-video-e2e-'));
  clip = path.join(dir, 'combination.mp4');
  makeTestClip({ seconds: 4, width: 1280, height: 720 }, clip);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lesson videos', () => {
  it('an instructor uploads a clip and sees it processed; an enrolled member plays it; others get 403', async () => {
    const instructor = await b.page();
    await signIn(instructor, 'instructor');
    await instructor.waitForURL('**/instructor/dashboard');
    const { myTaughtCourses } = await gql<{
      myTaughtCourses: { course: { id: string; title: string } }[];
    }>(instructor, '{ myTaughtCourses { course { id title } } }');
    const course = myTaughtCourses.map((t) => t.course).find((c) => c.title === COURSE)!;
    expect(course).toBeTruthy();
    const { instructorCourse } = await gql<{
      instructorCourse: { curriculum: { id: string; lessons: { id: string; title: string }[] }[] };
    }>(
      instructor,
      'query ($id: ID!) { instructorCourse(id: $id) { curriculum { id lessons { id title } } } }',
      {
        id: course.id,
      },
    );
    const module = instructorCourse.curriculum[0];
    // The seed gave this lesson a demo video (npm start's demo): the upload replaces it, and the
    // editor must show the upload's own result, not the video it replaces.
    const lesson = module.lessons.at(-1)!;
    const currentVideo = async () =>
      (
        await gql<{ lesson: { hostedVideo: { id: string; status: string } | null } }>(
          instructor,
          'query ($id: ID!) { lesson(id: $id) { hostedVideo { id status } } }',
          { id: lesson.id },
        )
      ).lesson.hostedVideo;
    // Replacing a READY video is the case to cover (the demo video is processed in the background).
    await expect
      .poll(async () => (await currentVideo())?.status, { timeout: 120_000, interval: 1000 })
      .toBe('READY');
    const replaced = await currentVideo();

    await instructor.goto(`/instructor/courses/${course.id}`);
    const item = instructor.getByTestId('lesson-item').filter({ hasText: lesson.title }).first();
    await item
      .getByRole('button', { name: new RegExp(lesson.title) })
      .first()
      .click();
    const uploader = item.getByTestId('lesson-video-upload');
    await uploader.getByLabel('Video file').setInputFiles(clip);
    // The upload replaces the lesson's video as soon as tus creates it; then Uploading (progress) →
    // Processing… → ready with the poster, of that video (not of the one it replaced).
    let uploadedId = '';
    await expect
      .poll(async () => (uploadedId = (await currentVideo())?.id ?? ''), { timeout: 60_000 })
      .not.toBe(replaced?.id ?? '');
    const ready = uploader.locator(`[data-testid="video-ready"][data-video-id="${uploadedId}"]`);
    await ready.waitFor({ timeout: 90_000 });
    const poster = ready.getByRole('img', { name: 'Poster frame of the lesson video' });
    await poster.waitFor();
    expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await currentVideo()).toMatchObject({ id: uploadedId, status: 'READY' });

    // An enrolled member opens the lesson and the video's time advances.
    const member = await b.page();
    await newMember(member, 'videolearner');
    expect((await member.request.post('/api/enrollments', { data: { courseId: course.id } })).status()).toBe(
      201,
    );
    await member.goto(`/courses/${course.id}/modules/${module.id}/lessons/${lesson.id}`);
    const before = await gql<{
      lesson: { hostedVideo: { status: string; playlistUrl: string | null } | null };
    }>(member, 'query ($id: ID!) { lesson(id: $id) { hostedVideo { status playlistUrl } } }', {
      id: lesson.id,
    });
    expect(before.lesson.hostedVideo?.playlistUrl, JSON.stringify(before)).toBeTruthy();
    // The lesson page plays it in the practice player.
    const video = member.locator('[data-testid="practice-player"] video');
    await video.waitFor({ timeout: 30_000 }).catch(async (error) => {
      await member.screenshot({ path: path.join(os.tmpdir(), 'drx-lesson-video-e2e.png') });
      throw error;
    });
    // Muted play, asked again until hls.js has attached its source; then the time must advance.
    await member.waitForFunction(
      () => {
        const v = document.querySelector('[data-testid="practice-player"] video') as HTMLVideoElement;
        v.muted = true;
        if (v.paused && v.readyState >= 1) v.play().catch(() => undefined);
        return v.currentTime > 0.5;
      },
      undefined,
      { timeout: 30_000, polling: 250 },
    );

    // The member's signed playlist URL; a member who is not enrolled cannot use it or forge one.
    const { lesson: seen } = await gql<{ lesson: { hostedVideo: { id: string; playlistUrl: string } } }>(
      member,
      'query ($id: ID!) { lesson(id: $id) { hostedVideo { id playlistUrl } } }',
      { id: lesson.id },
    );
    const url = seen.hostedVideo.playlistUrl;
    expect((await member.request.get(url)).status()).toBe(200);
    const outsider = await b.page();
    await newMember(outsider, 'videooutsider');
    const me = await gql<{ me: { id: string } }>(outsider, '{ me { id } }');
    const { course: syllabus } = await gql<{
      course: {
        modules: { lessons: { id: string; hostedVideo: { playlistUrl: string | null } | null }[] }[];
      };
    }>(
      outsider,
      'query ($id: ID!) { course(id: $id) { modules { lessons { id hostedVideo { playlistUrl } } } } }',
      {
        id: course.id,
      },
    );
    const listed = syllabus.modules.flatMap((m) => m.lessons).find((l) => l.id === lesson.id)!;
    expect(listed.hostedVideo?.playlistUrl ?? null).toBeNull();
    const forged = url.replace(/u=[^&]+/, `u=${me.me.id}`);
    expect((await outsider.request.get(forged)).status()).toBe(403);
    expect((await outsider.request.get(url.split('?')[0])).status()).toBe(403);
  });
});
