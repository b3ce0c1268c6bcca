import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  COMPLETE,
  type CourseStructure,
  db,
  ENROLL,
  FREE,
  json,
  newMember,
  PASSWORD,
  signIn,
  structureOf,
} from '../learning/learning-fixtures.test';

const LESSON_PRACTICE = `query L($id: ID!) { lesson(id: $id) {
  id stepMarkers { label atSeconds }
  myPractice { positionSeconds furthestSeconds watchedSeconds durationSeconds watched mirror speed loopA loopB countIn countInBpm updatedAt }
  course { id requireWatching } } }`;
const SAVE = `mutation S($lessonId: ID!, $input: PracticeStateInput!) { savePracticeState(lessonId: $lessonId, input: $input) {
  practice { positionSeconds furthestSeconds watchedSeconds watched mirror speed loopA loopB countIn countInBpm }
  userErrors { code field message } } }`;
const MARKERS = `mutation M($lessonId: ID!, $markers: [StepMarkerInput!]!) { setLessonStepMarkers(lessonId: $lessonId, markers: $markers) {
  lessonId stepMarkers { label atSeconds } userErrors { code field message } } }`;
const REQUIRE = `mutation R($courseId: ID!, $on: Boolean!) { setCourseRequireWatching(courseId: $courseId, requireWatching: $on) {
  course { id requireWatching } userErrors { code field message } } }`;

let t: TestApp;
let free: CourseStructure;
let lessonId: string;
let instructorName: string;

beforeAll(async () => {
  t = await startTestApp();
  free = await structureOf(t, FREE);
  lessonId = free.lessons[0].id;
  await db(t).execute(`update lessons set video_url = 'http://127.0.0.1/videos/clip.mp4' where id = ?`, [
    lessonId,
  ]);
  const rows = await db(t).execute<{ username: string }[]>(
    'select u.username from courses c join users u on u.id = c.instructor_id where c.id = ?',
    [free.id],
  );
  instructorName = rows[0].username;
});
afterAll(() => t.close());

async function enrolledLearner() {
  const member = await newMember(t, 'practice');
  await t.gql(member.browser, ENROLL, { input: { courseId: free.id } });
  return member;
}

describe('step markers', () => {
  it('are set by the course’s instructor, sorted, and read on the lesson', async () => {
    const instructor = await signIn(t, instructorName, PASSWORD);
    const res = await t.gql(instructor, MARKERS, {
      lessonId,
      markers: [
        { label: ' Turn ', atSeconds: 70 },
        { label: 'Basic step', atSeconds: 42 },
      ],
    });
    expect(res.data.setLessonStepMarkers).toEqual({
      lessonId,
      stepMarkers: [
        { label: 'Basic step', atSeconds: 42 },
        { label: 'Turn', atSeconds: 70 },
      ],
      userErrors: [],
    });
    const learner = await enrolledLearner();
    const read = await t.gql(learner.browser, LESSON_PRACTICE, { id: lessonId });
    expect(read.data.lesson.stepMarkers.map((m: { label: string }) => m.label)).toEqual([
      'Basic step',
      'Turn',
    ]);
  });

  it('refuses bad markers with userErrors and keeps the ones saved', async () => {
    const instructor = await signIn(t, instructorName, PASSWORD);
    const bad = await t.gql(instructor, MARKERS, {
      lessonId,
      markers: [
        { label: 'Ok', atSeconds: 1 },
        { label: '', atSeconds: 5 },
      ],
    });
    expect(bad.data.setLessonStepMarkers.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'markers.1.label', message: 'Step 2 needs a label' },
    ]);
    const negative = await t.gql(instructor, MARKERS, { lessonId, markers: [{ label: 'x', atSeconds: -1 }] });
    expect(negative.data.setLessonStepMarkers.userErrors[0].field).toBe('markers.0.atSeconds');
    const rows = await db(t).execute(
      'select label from lesson_step_markers where lesson_id = ? order by position',
      [lessonId],
    );
    expect(rows.map((r) => r.label)).toEqual(['Basic step', 'Turn']);
  });

  it('refuses members and other instructors', async () => {
    const member = await enrolledLearner();
    const res = await t.gql(member.browser, MARKERS, { lessonId, markers: [] });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('practice state', () => {
  it('is null for a teacher, defaults for a new learner, and saves per lesson', async () => {
    const instructor = await signIn(t, instructorName, PASSWORD);
    const teacherView = await t.gql(instructor, LESSON_PRACTICE, { id: lessonId });
    expect(teacherView.data.lesson.myPractice).toBeNull();

    const { browser } = await enrolledLearner();
    const fresh = await t.gql(browser, LESSON_PRACTICE, { id: lessonId });
    expect(fresh.data.lesson.myPractice).toMatchObject({
      positionSeconds: 0,
      speed: 1,
      mirror: false,
      updatedAt: null,
    });

    const saved = await t.gql(browser, SAVE, {
      lessonId,
      input: {
        positionSeconds: 192,
        watchedSeconds: 30,
        durationSeconds: 300,
        mirror: true,
        speed: 0.5,
        loopA: 42,
        loopB: 70,
        countIn: true,
        countInBpm: 96,
      },
    });
    expect(saved.data.savePracticeState).toEqual({
      practice: {
        positionSeconds: 192,
        furthestSeconds: 192,
        watchedSeconds: 30,
        watched: false,
        mirror: true,
        speed: 0.5,
        loopA: 42,
        loopB: 70,
        countIn: true,
        countInBpm: 96,
      },
      userErrors: [],
    });
    // A later save of the position only keeps the settings; furthest and watched only grow.
    const later = await t.gql(browser, SAVE, { lessonId, input: { positionSeconds: 10, watchedSeconds: 5 } });
    expect(later.data.savePracticeState.practice).toMatchObject({
      positionSeconds: 10,
      furthestSeconds: 192,
      watchedSeconds: 30,
      mirror: true,
      speed: 0.5,
      loopA: 42,
    });
    // Clearing the loop.
    const cleared = await t.gql(browser, SAVE, {
      lessonId,
      input: { positionSeconds: 11, loopA: null, loopB: null },
    });
    expect(cleared.data.savePracticeState.practice).toMatchObject({ loopA: null, loopB: null });
  });

  it('refuses bad input with userErrors, nothing stored', async () => {
    const { browser, id } = await enrolledLearner();
    const cases: [Record<string, unknown>, string][] = [
      [{ positionSeconds: -1 }, 'positionSeconds'],
      [{ positionSeconds: 1, speed: 3 }, 'speed'],
      [{ positionSeconds: 1, speed: 0.1 }, 'speed'],
      [{ positionSeconds: 1, loopA: 5, loopB: 2 }, 'loopB'],
      [{ positionSeconds: 1, loopA: 5 }, 'loopB'],
      [{ positionSeconds: 1, countInBpm: 500 }, 'countInBpm'],
    ];
    for (const [input, field] of cases) {
      const res = await t.gql(browser, SAVE, { lessonId, input });
      expect(res.data.savePracticeState.userErrors, JSON.stringify(input)).toMatchObject([
        { code: 'INVALID_INPUT', field },
      ]);
    }
    const rows = await db(t).execute('select 1 from lesson_practice_states where user_id = ?', [id]);
    expect(rows).toHaveLength(0);
  });

  it('is only for enrolled learners', async () => {
    const outsider = await newMember(t, 'outsider');
    const res = await t.gql(outsider.browser, SAVE, { lessonId, input: { positionSeconds: 3 } });
    expect(res.data.savePracticeState.userErrors).toMatchObject([{ code: 'FORBIDDEN', field: 'lessonId' }]);
    const guest = await t.gql(t.agent(), SAVE, { lessonId, input: { positionSeconds: 3 } });
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('saves through POST /api/lessons/:id/practice (sendBeacon) with the same rules', async () => {
    const { browser } = await enrolledLearner();
    const ok = await browser
      .post(`/api/lessons/${lessonId}/practice`)
      .set(json)
      .set('sec-fetch-site', 'same-origin')
      .send({ positionSeconds: 73.5, speed: 0.75, mirror: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ positionSeconds: 73.5, speed: 0.75, mirror: true });
    const bad = await browser
      .post(`/api/lessons/${lessonId}/practice`)
      .set(json)
      .send({ positionSeconds: 1, speed: 9 });
    expect(bad.status).toBe(400);
    const crossSite = await browser
      .post(`/api/lessons/${lessonId}/practice`)
      .set(json)
      .set('sec-fetch-site', 'cross-site')
      .send({ positionSeconds: 5 });
    expect(crossSite.status).toBe(403);
    const outsider = await newMember(t, 'beacon');
    const refused = await outsider.browser
      .post(`/api/lessons/${lessonId}/practice`)
      .set(json)
      .send({ positionSeconds: 5 });
    expect(refused.status).toBe(403);
    const read = await t.gql(browser, LESSON_PRACTICE, { id: lessonId });
    expect(read.data.lesson.myPractice).toMatchObject({ positionSeconds: 73.5, speed: 0.75 });
  });
});

describe('watched at 90% and requireWatching', () => {
  it('refuses completion until 90% is watched when the course requires it', async () => {
    const instructor = await signIn(t, instructorName, PASSWORD);
    const member = await enrolledLearner();
    const refusedByMember = await t.gql(member.browser, REQUIRE, { courseId: free.id, on: true });
    expect(refusedByMember.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const on = await t.gql(instructor, REQUIRE, { courseId: free.id, on: true });
    expect(on.data.setCourseRequireWatching).toEqual({
      course: { id: free.id, requireWatching: true },
      userErrors: [],
    });

    try {
      const early = await t.gql(member.browser, COMPLETE, { input: { lessonId } });
      expect(early.data.lessonComplete.userErrors).toEqual([
        {
          code: 'CONFLICT',
          field: 'lessonId',
          message: 'Watch at least 90% of this lesson’s video before marking it complete',
        },
      ]);
      // A lesson without a tracked video (none, or YouTube) is not held back.
      const other = await t.gql(member.browser, COMPLETE, { input: { lessonId: free.lessons[1].id } });
      expect(other.data.lessonComplete.userErrors).toEqual([]);

      const partly = await t.gql(member.browser, SAVE, {
        lessonId,
        input: { positionSeconds: 80, watchedSeconds: 89, durationSeconds: 100 },
      });
      expect(partly.data.savePracticeState.practice.watched).toBe(false);
      expect(
        (await t.gql(member.browser, COMPLETE, { input: { lessonId } })).data.lessonComplete.userErrors,
      ).toHaveLength(1);

      const enough = await t.gql(member.browser, SAVE, {
        lessonId,
        input: { positionSeconds: 95, watchedSeconds: 90, durationSeconds: 100 },
      });
      expect(enough.data.savePracticeState.practice.watched).toBe(true);
      const done = await t.gql(member.browser, COMPLETE, { input: { lessonId } });
      expect(done.data.lessonComplete.userErrors).toEqual([]);
      expect(done.data.lessonComplete.lesson.completed).toBe(true);
    } finally {
      await t.gql(instructor, REQUIRE, { courseId: free.id, on: false });
    }
    // Without the rule, completing needs no watching.
    const another = await enrolledLearner();
    expect(
      (await t.gql(another.browser, COMPLETE, { input: { lessonId } })).data.lessonComplete.userErrors,
    ).toEqual([]);
  });
});

describe('requireWatching holds hosted (uploaded) lesson videos', () => {
  it('refuses completing a lesson whose hosted video is not watched; 90% watched completes', async () => {
    const instructor = await signIn(t, instructorName, PASSWORD);
    expect(free.lessons.length).toBeGreaterThanOrEqual(3);
    // Lesson 3: a YouTube link (not tracked) and an uploaded video, READY: the player plays the upload.
    const hostedLesson = free.lessons[2].id;
    // Lesson 2: a YouTube link and an upload still PROCESSING: the embed plays, nothing to hold.
    const processingLesson = free.lessons[1].id;
    await db(t).execute(`update lessons set video_url = ? where id in (?, ?)`, [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      hostedLesson,
      processingLesson,
    ]);
    await db(t).execute(
      `insert into lesson_videos (id, lesson_id, status, storage_prefix, duration_seconds, renditions)
       values (gen_random_uuid(), ?, 'READY', 'videos/x', 100, '[{"name": "360p"}]'),
              (gen_random_uuid(), ?, 'PROCESSING', 'videos/y', null, '[]')`,
      [hostedLesson, processingLesson],
    );
    const member = await enrolledLearner();
    const before = await enrolledLearner();
    // Completed before the rule was turned on: stays complete, completing again is fine.
    expect(
      (await t.gql(before.browser, COMPLETE, { input: { lessonId: hostedLesson } })).data.lessonComplete
        .userErrors,
    ).toEqual([]);
    await t.gql(instructor, REQUIRE, { courseId: free.id, on: true });
    try {
      const early = await t.gql(member.browser, COMPLETE, { input: { lessonId: hostedLesson } });
      expect(early.data.lessonComplete.userErrors).toEqual([
        {
          code: 'CONFLICT',
          field: 'lessonId',
          message: 'Watch at least 90% of this lesson’s video before marking it complete',
        },
      ]);
      const progress = await db(t).execute(
        'select 1 from lesson_progress where user_id = ? and lesson_id = ?',
        [member.id, hostedLesson],
      );
      expect(progress).toHaveLength(0);
      expect(
        (await t.gql(member.browser, COMPLETE, { input: { lessonId: processingLesson } })).data.lessonComplete
          .userErrors,
      ).toEqual([]);
      expect(
        (await t.gql(before.browser, COMPLETE, { input: { lessonId: hostedLesson } })).data.lessonComplete
          .userErrors,
      ).toEqual([]);

      // Half watched (the played ranges the player reports): still refused.
      const half = await t.gql(member.browser, SAVE, {
        lessonId: hostedLesson,
        input: { positionSeconds: 50, durationSeconds: 100, watchedRanges: [{ start: 0, end: 50 }] },
      });
      expect(half.data.savePracticeState.practice.watched).toBe(false);
      expect(
        (await t.gql(member.browser, COMPLETE, { input: { lessonId: hostedLesson } })).data.lessonComplete
          .userErrors[0].code,
      ).toBe('CONFLICT');
      // Another device plays 50–95%: the union is 95%, so it completes.
      const rest = await t.gql(member.browser, SAVE, {
        lessonId: hostedLesson,
        input: { positionSeconds: 95, durationSeconds: 100, watchedRanges: [{ start: 50, end: 95 }] },
      });
      expect(rest.data.savePracticeState.practice.watched).toBe(true);
      const done = await t.gql(member.browser, COMPLETE, { input: { lessonId: hostedLesson } });
      expect(done.data.lessonComplete.userErrors).toEqual([]);
      expect(done.data.lessonComplete.lesson.completed).toBe(true);
    } finally {
      await t.gql(instructor, REQUIRE, { courseId: free.id, on: false });
    }
  });
});
