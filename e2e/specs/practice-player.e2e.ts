import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useBrowser } from '../support/browser';
import { makeTestClip, serveClipAt } from '../support/clips';
import { screenshotAtRest } from '../support/screens';
import { gql } from '../support/graphql';

const b = useBrowser();
const SHOTS = '/tmp/practice-player-e2e';
const stamp = Date.now().toString(36);
/** Where the lesson's video lives: a path on the app's own origin (the CSP's media-src is 'self'). */
const CLIP_PATH = `/e2e-media/practice-${stamp}.mp4`;
let clip: string;

const makeClip = () => makeTestClip({ seconds: 20, pattern: 'testsrc', rate: 25, faststart: true });

const serveClip = (context: BrowserContext) => serveClipAt(context, CLIP_PATH, clip);

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
