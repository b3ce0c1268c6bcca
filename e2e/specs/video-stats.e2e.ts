import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useBrowser } from '../support/browser';
import { makeTestClip, serveClipAt } from '../support/clips';
import { screenshotAtRest } from '../support/screens';
import { gql } from '../support/graphql';

const b = useBrowser();
const SHOTS = '/tmp/video-stats-e2e';
const stamp = Date.now().toString(36);
/** The lesson's video: a path on the app's own origin (the CSP's media-src is 'self'), served below. */
const CLIP_PATH = `/e2e-media/stats-${stamp}.mp4`;
const FOUNDATIONS = 'Foundations of Teaching Dance'; // the demo's course with a free preview video
let clip: string;

const makeClip = () => makeTestClip({ seconds: 20, pattern: 'testsrc', rate: 25, faststart: true });

const serveClip = (context: BrowserContext) => serveClipAt(context, CLIP_PATH, clip);

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** Plays the video at 2× until it reaches `until` seconds, then pauses. */
async function playUntil(page: Page, until: number) {
  await page.getByTestId('practice-player').getByLabel('Playback speed').selectOption('2');
  await page.locator('video').evaluate((v: HTMLVideoElement) => void v.play());
  await page.waitForFunction((t) => (document.querySelector('video')?.currentTime ?? 0) >= t, until, {
    timeout: 30_000,
  });
  await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
}

const PRACTICE = `query Q($id: ID!) { lesson(id: $id) { myPractice { positionSeconds watched watchedShare } } }`;

beforeAll(() => {
  clip = makeClip();
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('video stats and watching across devices', () => {
  it('a learner watches half on one device and the rest on another: watched; the instructor sees views and the heatmap', async () => {
    const teacher = await b.page();
    expect(
      (
        await teacher.request.post('/api/login', {
          data: { username: 'instructor', password: DEMO_PASSWORD },
        })
      ).status(),
    ).toBe(200);
    const { courseCreate } = await gql<{ courseCreate: { course: { id: string } } }>(
      teacher,
      `mutation C($input: CourseCreateInput!) { courseCreate(input: $input) { course { id } userErrors { message } } }`,
      { input: { title: `Bachata stats ${stamp}`, summary: 'Watching summed across devices' } },
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
          title: 'Side basic',
          videoUrl: `${b.baseURL()}${CLIP_PATH}`,
          body: 'Watch it all.',
        },
      },
    );
    const lessonId = lessonCreate.lesson.id;
    await gql(
      teacher,
      `mutation S($lessonId: ID!, $markers: [StepMarkerInput!]!) {
        setLessonStepMarkers(lessonId: $lessonId, markers: $markers) { userErrors { message } } }`,
      {
        lessonId,
        markers: [
          { label: 'Basic step', atSeconds: 2 },
          { label: 'Turn', atSeconds: 4 },
        ],
      },
    );
    await gql(
      teacher,
      `mutation P($input: CoursePublishInput!) { coursePublish(input: $input) { userErrors { message } } }`,
      { input: { courseId, published: true } },
    );
    const lessonPath = `/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}`;

    try {
      // Device A (a desktop): the learner enrols, loops the marked step once, watches to 0:10 and leaves.
      const laptop = await b.page();
      await serveClip(laptop.context());
      const username = `stats_${stamp}`;
      const password = 'stats-e2e-pw-2026';
      expect((await laptop.request.post('/api/register', { data: { username, password } })).status()).toBe(
        201,
      );
      await gql(
        laptop,
        `mutation E($input: CourseEnrollInput!) { courseEnroll(input: $input) { userErrors { message } } }`,
        { input: { courseId } },
      );
      await laptop.goto(lessonPath);
      const player = laptop.getByTestId('practice-player');
      await player.getByRole('button', { name: 'Loop Basic step (0:02–0:04)' }).waitFor();
      await laptop.locator('media-play-button').click();
      // 0:00–0:10 watched first, so the two devices' ranges meet whatever the loop's timing: a
      // loop set a moment after the start skipped 0:00–0:02 and left the sum near the 90% line.
      await playUntil(laptop, 10.5);
      await laptop.locator('video').evaluate((v: HTMLVideoElement) => void v.play());
      await player.getByRole('button', { name: 'Loop Basic step (0:02–0:04)' }).click();
      await player.getByTestId('loop-count').getByText('Loop 1').waitFor({ timeout: 15_000 });
      await laptop.keyboard.press('l'); // clears the loop
      await playUntil(laptop, 10.5);
      await laptop.goto('/my-courses'); // leaves: the beacon carries the ranges and where it left
      await expect
        .poll(
          async () =>
            (
              await gql<{ lesson: { myPractice: { positionSeconds: number } } }>(laptop, PRACTICE, {
                id: lessonId,
              })
            ).lesson.myPractice.positionSeconds,
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(10);
      const half = (
        await gql<{ lesson: { myPractice: { watched: boolean; watchedShare: number } } }>(laptop, PRACTICE, {
          id: lessonId,
        })
      ).lesson.myPractice;
      expect(half.watched).toBe(false);
      expect(half.watchedShare).toBeGreaterThan(0.4);
      expect(half.watchedShare).toBeLessThan(0.7);

      // Device B (a phone, another browser context): "Resume at 0:10", watches to the end and leaves.
      const phone = await b.page({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await serveClip(phone.context());
      expect((await phone.request.post('/api/login', { data: { username, password } })).status()).toBe(200);
      await phone.goto(lessonPath);
      const resume = phone.getByRole('button', { name: /^Resume at 0:1\d$/ });
      await resume.waitFor();
      await phone
        .locator('video')
        .evaluate(
          (v: HTMLVideoElement) =>
            new Promise((done) =>
              v.readyState >= 1 ? done(null) : v.addEventListener('loadedmetadata', done),
            ),
        );
      await resume.click();
      await phone.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 9.5);
      expect(await videoTime(phone)).toBeLessThan(13);
      await playUntil(phone, 19.6);
      await phone.goto('/my-courses');
      // Neither device played 90% of the video in its own visit; together they did.
      await expect
        .poll(
          async () =>
            (await gql<{ lesson: { myPractice: { watched: boolean } } }>(phone, PRACTICE, { id: lessonId }))
              .lesson.myPractice.watched,
          { timeout: 10_000 },
        )
        .toBe(true);

      // The instructor's video stats: one view, the heatmap's rows filled where it was watched and looped.
      await teacher.goto(`/instructor/courses/${courseId}`);
      await teacher.getByRole('link', { name: 'Video stats' }).click();
      await teacher.waitForURL(`**/instructor/courses/${courseId}/video-stats`);
      const card = teacher.getByTestId('video-stats-card').filter({ hasText: 'Side basic' });
      await card.waitFor();
      expect(await card.getByTestId('stat-views').textContent()).toBe('1');
      expect(Number(await card.getByTestId('stat-plays').textContent())).toBeGreaterThanOrEqual(2);
      expect(await card.getByTestId('stat-watched').textContent()).toBe('1');
      const values = async (layer: string) =>
        card
          .getByTestId(`heatmap-${layer}`)
          .locator('[data-value]')
          .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))));
      const watchers = await values('watchers');
      expect(watchers).toHaveLength(100);
      expect(watchers.filter((v) => v > 0).length).toBeGreaterThanOrEqual(90);
      const loops = await values('loops');
      expect(loops[10]).toBe(1); // 0:02 of 0:20
      expect(loops[50]).toBe(0);
      const leaves = await values('leaves');
      expect(leaves.reduce((a, v) => a + v, 0)).toBeGreaterThanOrEqual(2);
      await card.scrollIntoViewIfNeeded();
      await screenshotAtRest(teacher, `${SHOTS}/desktop-video-stats.png`);
      const teacherPhone = await b.page({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      expect(
        (
          await teacherPhone.request.post('/api/login', {
            data: { username: 'instructor', password: DEMO_PASSWORD },
          })
        ).status(),
      ).toBe(200);
      await teacherPhone.goto(`/instructor/courses/${courseId}/video-stats`);
      await teacherPhone.getByTestId('video-stats-card').first().waitFor();
      await screenshotAtRest(teacherPhone, `${SHOTS}/phone-video-stats.png`);

      // A learner is refused the stats.
      const refused = await laptop.request.post('/graphql', {
        data: {
          query: 'query ($id: ID!) { courseVideoStats(courseId: $id) { lessonId } }',
          variables: { id: courseId },
        },
      });
      expect((await refused.json()).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      // Published only for this test: the catalogue's specs count the demo courses.
      await gql(
        teacher,
        `mutation P($input: CoursePublishInput!) { coursePublish(input: $input) { userErrors { message } } }`,
        { input: { courseId, published: false } },
      );
    }
  }, 180_000); // two devices playing 10 s each at 2×, on a loaded machine

  it('a guest plays the free preview on the course page', async () => {
    const guest = await b.page();
    const { courses } = await gql<{ courses: { nodes: { id: string; title: string }[] } }>(
      guest,
      'query ($q: String) { courses(filter: { search: $q }) { nodes { id title } } }',
      { q: FOUNDATIONS },
    );
    const course = courses.nodes.find((c) => c.title === FOUNDATIONS)!;
    expect(course).toBeTruthy();
    // The demo's free preview video is generated in the background at start: wait until it plays.
    await expect
      .poll(
        async () => {
          const { course: c } = await gql<{
            course: {
              modules: {
                lessons: { hostedVideo: { freePreview: boolean; playlistUrl: string | null } | null }[];
              }[];
            };
          }>(
            guest,
            'query ($id: ID!) { course(id: $id) { modules { lessons { hostedVideo { freePreview playlistUrl } } } } }',
            {
              id: course.id,
            },
          );
          return c.modules.some((m) =>
            m.lessons.some((l) => l.hostedVideo?.freePreview && l.hostedVideo.playlistUrl),
          );
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(true);

    // The server renders the preview's button but no signed URL (it would go stale in a shared cache).
    const html = await (await guest.request.get(`/courses/${course.id}`)).text();
    expect(html).toContain('Watch the preview');
    expect(html).not.toContain('/api/videos/');
    await guest.goto(`/courses/${course.id}`);
    const preview = guest.getByTestId('course-preview');
    await preview.getByRole('button', { name: 'Watch the preview' }).click();
    await preview.getByTestId('practice-player').waitFor();
    await guest.locator('media-play-button').click();
    await guest.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, null, {
      timeout: 20_000,
    });
    await guest.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await preview.scrollIntoViewIfNeeded();
    await screenshotAtRest(guest, `${SHOTS}/desktop-guest-preview.png`);
  }, 180_000); // the demo's preview clip may still be generating
});
