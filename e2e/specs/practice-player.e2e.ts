import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useBrowser } from '../support/browser';
import { screenshotAtRest } from '../support/screens';

const b = useBrowser();
const SHOTS = '/tmp/practice-player-e2e';
const stamp = Date.now().toString(36);
/** Where the lesson's video lives: a path on the app's own origin (the CSP's media-src is 'self'). */
const CLIP_PATH = `/e2e-media/practice-${stamp}.mp4`;
let clip: string;

/**
 * A 20-second H.264/AAC MP4 of ffmpeg's test pattern and a sine tone, made with the ffmpeg binary of
 * the npm package @ffmpeg-installer/ffmpeg (never downloaded).
 */
function makeClip(): string {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'practice-')), 'clip.mp4');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=20:size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=20',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    out,
  ]);
  return out;
}

/**
 * Serves the clip at CLIP_PATH on the app's origin, with byte ranges as a file server would. Until
 * lessons have hosted videos (the upload pipeline of issue 34, another branch), the app serves no
 * video file (its uploads answer images only), so the browser context answers that one path itself:
 * for the page it is a same-origin MP4 like any other.
 */
async function serveClip(context: BrowserContext): Promise<void> {
  const bytes = fs.readFileSync(clip);
  await context.route(`**${CLIP_PATH}`, async (route: Route) => {
    const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers()['range'] ?? '');
    if (!range) {
      await route.fulfill({
        status: 200,
        body: bytes,
        headers: { 'content-type': 'video/mp4', 'accept-ranges': 'bytes' },
      });
      return;
    }
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    await route.fulfill({
      status: 206,
      body: bytes.subarray(start, end + 1),
      headers: {
        'content-type': 'video/mp4',
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
      },
    });
  });
}

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post('/graphql', { data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

let lessonPath = '';

beforeAll(async () => {
  clip = makeClip();
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('practice player', () => {
  it('a member plays, mirrors, slows down, loops a marked step, leaves, and resumes on another device', async () => {
    // The demo instructor makes a free course whose lesson's video is the clip, with step markers.
    const teacher = await b.page();
    const login = await teacher.request.post('/api/login', {
      data: { username: 'instructor', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const { courseCreate } = await gql<{ courseCreate: { course: { id: string } } }>(
      teacher,
      `mutation C($input: CourseCreateInput!) { courseCreate(input: $input) { course { id } userErrors { message } } }`,
      { input: { title: `Salsa practice ${stamp}`, summary: 'Practice with the player' } },
    );
    const courseId = courseCreate.course.id;
    const { moduleCreate } = await gql<{ moduleCreate: { module: { id: string } } }>(
      teacher,
      `mutation M($input: ModuleCreateInput!) { moduleCreate(input: $input) { module { id } userErrors { message } } }`,
      { input: { courseId, title: 'Basics' } },
    );
    const moduleId = moduleCreate.module.id;
    const { lessonCreate } = await gql<{ lessonCreate: { lesson: { id: string } } }>(
      teacher,
      `mutation L($input: LessonCreateInput!) { lessonCreate(input: $input) { lesson { id } userErrors { message } } }`,
      {
        input: {
          moduleId,
          title: 'The basic step',
          videoUrl: `${b.baseURL()}${CLIP_PATH}`,
          body: 'Count it out.',
        },
      },
    );
    const lessonId = lessonCreate.lesson.id;
    const markers = await gql<{ setLessonStepMarkers: { userErrors: unknown[] } }>(
      teacher,
      `mutation S($lessonId: ID!, $markers: [StepMarkerInput!]!) {
        setLessonStepMarkers(lessonId: $lessonId, markers: $markers) { userErrors { message } } }`,
      {
        lessonId,
        markers: [
          { label: 'Basic step', atSeconds: 2 },
          { label: 'Turn', atSeconds: 4 },
          { label: 'Finish', atSeconds: 14 },
        ],
      },
    );
    expect(markers.setLessonStepMarkers.userErrors).toEqual([]);
    await gql(
      teacher,
      `mutation P($input: CoursePublishInput!) { coursePublish(input: $input) { userErrors { message } } }`,
      {
        input: { courseId, published: true },
      },
    );
    lessonPath = `/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}`;

    // A member enrols and opens the lesson on a desktop.
    const page = await b.page();
    await serveClip(page.context());
    const username = `practice_${stamp}`;
    const password = 'practice-e2e-pw';
    expect((await page.request.post('/api/register', { data: { username, password } })).status()).toBe(201);
    await gql(
      page,
      `mutation E($input: CourseEnrollInput!) { courseEnroll(input: $input) { userErrors { message } } }`,
      {
        input: { courseId },
      },
    );
    await page.goto(lessonPath);
    const player = page.getByTestId('practice-player');
    await player.waitFor();
    await player.getByRole('button', { name: 'Go to Basic step 0:02' }).waitFor();
    expect(await page.getByRole('button', { name: /Resume at/ }).count()).toBe(0);

    // Plays: the video's time advances.
    await page.locator('media-play-button').click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1);

    // Mirrors.
    await player.getByRole('button', { name: 'Mirror' }).click();
    expect(await page.locator('video').evaluate((v) => getComputedStyle(v).transform)).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    );

    // 0.5×, pitch kept.
    await player.getByLabel('Playback speed').selectOption('0.5');
    expect(
      await page.locator('video').evaluate((v: HTMLVideoElement) => [v.playbackRate, v.preservesPitch]),
    ).toEqual([0.5, true]);

    // Loops the marked step (2 s – 4 s): the counter goes up and the time stays in the step.
    await player.getByRole('button', { name: 'Loop Basic step (0:02–0:04)' }).click();
    await player.getByTestId('loop-count').getByText('Loop 1').waitFor({ timeout: 15_000 });
    const inLoop = await videoTime(page);
    expect(inLoop).toBeGreaterThanOrEqual(1.9);
    expect(inLoop).toBeLessThan(4.5);
    await expect.poll(() => page.getByTestId('player-announcer').textContent()).toMatch(/Loop \d/);
    await screenshotAtRest(page, `${SHOTS}/desktop-looping.png`);

    // The count-in (I): before the next repeat the video waits for 1..8, shown and announced.
    await page.keyboard.press('i');
    await expect.poll(() => player.getByRole('checkbox', { name: 'Count-in' }).isChecked()).toBe(true);
    await player.getByTestId('count-in-beat').waitFor({ timeout: 15_000 });
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/desktop-count-in.png` });
    await player.getByTestId('count-in-beat').waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForFunction(() => !document.querySelector('video')?.paused);
    await page.keyboard.press('i');

    // Clears the loop (L), goes to 0:09, pauses, and leaves the page.
    await page.keyboard.press('l');
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 9.5;
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 9.5);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await page.goto('/my-courses');
    // Saved (on pause, and by the beacon sent as the page was left): the position is on the server.
    await expect
      .poll(
        async () =>
          (
            await gql<{
              lesson: { myPractice: { positionSeconds: number; mirror: boolean; speed: number } };
            }>(
              page,
              `query Q($id: ID!) { lesson(id: $id) { myPractice { positionSeconds mirror speed } } }`,
              { id: lessonId },
            )
          ).lesson.myPractice,
        { timeout: 10_000 },
      )
      .toMatchObject({ mirror: true, speed: 0.5, positionSeconds: expect.closeTo(9.5, 0) });

    // Another device (a phone): "Resume at 0:09" resumes there, with the mirror and 0.5× restored.
    const phone = await b.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await serveClip(phone.context());
    expect((await phone.request.post('/api/login', { data: { username, password } })).status()).toBe(200);
    await phone.goto(lessonPath);
    const resume = phone.getByRole('button', { name: /^Resume at 0:(09|1\d)$/ });
    await resume.waitFor();
    await phone
      .locator('video')
      .evaluate(
        (v: HTMLVideoElement) =>
          new Promise((done) =>
            v.readyState >= 1 ? done(null) : v.addEventListener('loadedmetadata', done),
          ),
      );
    await screenshotAtRest(phone, `${SHOTS}/phone-resume.png`);
    await resume.click();
    await phone.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 9);
    expect(await videoTime(phone)).toBeLessThan(13);
    expect(await phone.locator('video').getAttribute('data-mirrored')).toBe('true');
    expect(await phone.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.5);
    await phone.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await screenshotAtRest(phone, `${SHOTS}/phone-resumed.png`);

    // The instructor's editor: the lesson's step markers with a preview player, and Require watching.
    await serveClip(teacher.context());
    await teacher.goto(`/instructor/courses/${courseId}`);
    await teacher
      .getByRole('button', { name: /The basic step/ })
      .first()
      .click();
    const editor = teacher.getByRole('form', { name: 'Step markers' });
    await editor.getByRole('button', { name: 'Add marker at current time' }).waitFor();
    expect(await editor.getByLabel('Step 1 name').inputValue()).toBe('Basic step');
    expect(await editor.getByLabel('Step 3 time').inputValue()).toBe('0:14');
    await teacher.getByText('Require watching').waitFor();
    await editor.scrollIntoViewIfNeeded();
    await teacher.screenshot({ path: `${SHOTS}/desktop-marker-editor.png` });

    // The course was published only for this test: the catalogue's specs count the demo courses.
    await gql(
      teacher,
      `mutation P($input: CoursePublishInput!) { coursePublish(input: $input) { userErrors { message } } }`,
      { input: { courseId, published: false } },
    );
  });
});
