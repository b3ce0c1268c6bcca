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

let instructor: Page;
let course: { id: string; title: string };
let module: { id: string; lessons: { id: string; title: string }[] };
let lesson: { id: string; title: string };
let replaced: { id: string; status: string } | null;

const videoOf = async (lessonId: string) =>
  (
    await gql<{ lesson: { hostedVideo: { id: string; status: string } | null } }>(
      instructor,
      'query ($id: ID!) { lesson(id: $id) { hostedVideo { id status } } }',
      { id: lessonId },
    )
  ).lesson.hostedVideo;
const currentVideo = () => videoOf(lesson.id);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-video-e2e-'));
  clip = path.join(dir, 'combination.mp4');
  // 640×360: one rendition (360p) to transcode, not two of a 720p clip. The app's ffmpeg runs at a
  // low priority (VIDEO_NICE) beside the demo clips' transcodes and the spec running alongside.
  makeTestClip({ seconds: 3, width: 640, height: 360 }, clip);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// What the upload replaces: the seed's demo video of the lesson, READY. The run's fresh app makes
// and transcodes the two demo clips (8 s, 720p) in the background after its start, one after the
// other (its job worker runs one video at a time), at a low CPU priority (VIDEO_NICE). Beside
// another spec on a slow machine that took most of the test's 60 s before its own work began, and
// the upload was then processed after the other demo clip. So both demo videos are waited for
// here, within the hook's 120 s (a demo video that never gets READY still fails the spec), and the
// test's time is its own upload's.
beforeAll(async () => {
  instructor = await b.page();
  await signInByApi(instructor, 'instructor');
  const { myTaughtCourses } = await gql<{
    myTaughtCourses: { course: { id: string; title: string } }[];
  }>(instructor, '{ myTaughtCourses { course { id title } } }');
  course = myTaughtCourses.map((t) => t.course).find((c) => c.title === COURSE)!;
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
  module = instructorCourse.curriculum[0];
  // The seed gave this lesson a demo video (npm start's demo): the upload replaces it, and the
  // editor must show the upload's own result, not the video it replaces.
  lesson = module.lessons.at(-1)!;
  // Replacing a READY video is the case to cover (the demo video is processed in the background).
  // The demo's two videos are its first two lessons' (api/src/modules/videos/demo-videos.ts).
  const demoLessons = instructorCourse.curriculum.flatMap((m) => m.lessons).slice(0, 2);
  expect(demoLessons.map((l) => l.id)).toContain(lesson.id);
  // (expect.poll is for tests only: a loop of its own.)
  const started = Date.now();
  for (;;) {
    const demos = await Promise.all(demoLessons.map((l) => videoOf(l.id)));
    if (demos.every((v) => v?.status === 'READY')) break;
    if (Date.now() - started > 100_000) {
      throw new Error(
        `the demo videos are ${demos.map((v) => v?.status ?? 'missing').join(', ')} after 100 s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  replaced = await currentVideo();
  console.info(
    `lesson-videos.e2e: the demo videos were READY ${((Date.now() - started) / 1000).toFixed(1)} s into the spec`,
  );
}, 120_000);

describe('lesson videos', () => {
  it('an instructor uploads a clip and sees it processed; an enrolled member plays it; others get 403', async () => {
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
      .poll(async () => (uploadedId = (await currentVideo())?.id ?? ''), { timeout: 20_000 })
      .not.toBe(replaced?.id ?? '');
    const uploadStarted = Date.now();
    const statuses: string[] = [];
    await expect
      .poll(
        async () => {
          const status = (await currentVideo())?.status ?? 'none';
          if (statuses.at(-1)?.startsWith(status) !== true)
            statuses.push(`${status} at ${((Date.now() - uploadStarted) / 1000).toFixed(1)} s`);
          return status;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toMatch(/READY|FAILED/);
    console.info(`lesson-videos.e2e: the upload was ${statuses.join(', ')}`);
    expect(statuses.at(-1), statuses.join(', ')).toMatch(/^READY/);
    // The editor polls every 2 s.
    const ready = uploader.locator(`[data-testid="video-ready"][data-video-id="${uploadedId}"]`);
    await ready.waitFor({ timeout: 10_000 });
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
    // 90 s, not the run's 60: the app's job worker processes one video at a time at a low CPU
    // priority, and a spec running beside this one may upload a video of its own (assignments,
    // lesson-video-extras, practice-player, video-stats) that is processed first. Alone on a slow
    // machine the test took 33 s, 13 s of them this upload's processing.
  }, 90_000);
});
