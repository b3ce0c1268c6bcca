import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  db,
  ENROLL,
  FREE,
  json,
  newMember,
  PASSWORD,
  signIn,
  structureOf,
} from '../learning/learning-fixtures.test';

const SAVE = `mutation S($lessonId: ID!, $input: PracticeStateInput!) { savePracticeState(lessonId: $lessonId, input: $input) {
  practice { positionSeconds watched watchedShare }
  userErrors { code field message } } }`;
const STATS = `query V($courseId: ID!) { courseVideoStats(courseId: $courseId) {
  lessonId lessonTitle durationSeconds viewers plays averageWatchedShare watchedCount
  buckets { index watchers loops leaves } } }`;

let t: TestApp;
let courseId: string;
let lessonId: string;
let instructorName: string;

beforeAll(async () => {
  t = await startTestApp();
  const free = await structureOf(t, FREE);
  courseId = free.id;
  lessonId = free.lessons[free.lessons.length - 1].id;
  await db(t).execute(`update lessons set video_url = 'http://127.0.0.1/videos/stats.mp4' where id = ?`, [
    lessonId,
  ]);
  const rows = await db(t).execute<{ username: string }[]>(
    'select u.username from courses c join users u on u.id = c.instructor_id where c.id = ?',
    [courseId],
  );
  instructorName = rows[0].username;
});
afterAll(() => t.close());

async function enrolledLearner() {
  const member = await newMember(t, 'stats');
  await t.gql(member.browser, ENROLL, { input: { courseId } });
  return member;
}

/** A beacon from the learner's browser (a same-origin POST, as navigator.sendBeacon sends it). */
function beacon(browser: Awaited<ReturnType<typeof enrolledLearner>>['browser'], body: object) {
  return browser
    .post(`/api/lessons/${lessonId}/practice`)
    .set(json)
    .set('sec-fetch-site', 'same-origin')
    .send(body);
}

describe('watching summed across devices', () => {
  it('adds device A’s 0–50% and device B’s 50–95% up to watched', async () => {
    const learner = await enrolledLearner();
    // Device A by the beacon, device B through the graph: each reports only its own visit's ranges.
    const a = await beacon(learner.browser, {
      positionSeconds: 100,
      durationSeconds: 200,
      watchedSeconds: 100,
      watchedRanges: [{ start: 0, end: 100 }],
      played: true,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ watched: false, watchedShare: 0.5 });

    const b = await t.gql(learner.browser, SAVE, {
      lessonId,
      input: {
        positionSeconds: 190,
        durationSeconds: 200,
        watchedSeconds: 90, // this visit alone: 45%
        watchedRanges: [{ start: 100, end: 190 }],
        played: true,
      },
    });
    expect(b.data.savePracticeState.userErrors).toEqual([]);
    expect(b.data.savePracticeState.practice).toMatchObject({ watched: true, watchedShare: 0.95 });

    // Sending the same ranges again changes nothing (a union, not a sum).
    const again = await beacon(learner.browser, {
      positionSeconds: 190,
      durationSeconds: 200,
      watchedRanges: [{ start: 0, end: 100 }],
    });
    expect(again.body.watchedShare).toBe(0.95);
  });

  it('works with two signed-in sessions of the same learner (two devices)', async () => {
    const learner = await enrolledLearner();
    const username = (
      await db(t).execute<{ username: string }[]>('select username from users where id = ?', [learner.id])
    )[0].username;
    // The second device: another sign-in of the same learner (its own session cookie).
    const second = await signIn(t, username, 'learning-test-pw');
    await beacon(learner.browser, {
      positionSeconds: 60,
      durationSeconds: 120,
      watchedRanges: [{ start: 0, end: 60 }],
      played: true,
    });
    const res = await beacon(second, {
      positionSeconds: 115,
      durationSeconds: 120,
      watchedRanges: [{ start: 60, end: 115 }],
      played: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.watched).toBe(true);
    // The other device reads the position to offer "Resume at".
    const read = await t.gql(
      learner.browser,
      `query L($id: ID!) { lesson(id: $id) { myPractice { positionSeconds watched } } }`,
      { id: lessonId },
    );
    expect(read.data.lesson.myPractice).toEqual({ positionSeconds: 115, watched: true });
  });
});

describe('bounds', () => {
  it('refuses absurd values with 400 and a message, storing nothing', async () => {
    const learner = await enrolledLearner();
    const cases: [object, string][] = [
      [
        { positionSeconds: 1, durationSeconds: 100, watchedRanges: [{ start: 0, end: 5000 }] },
        'past the video',
      ],
      [
        { positionSeconds: 1, durationSeconds: 100, watchedRanges: [{ start: 50, end: 10 }] },
        'end after it starts',
      ],
      [{ positionSeconds: 1, watchedRanges: [{ start: 0, end: 10 }] }, 'duration'],
      [
        {
          positionSeconds: 1,
          durationSeconds: 100,
          watchedRanges: Array.from({ length: 101 }, (_, i) => ({ start: i * 0.5, end: i * 0.5 + 0.1 })),
        },
        'At most 100',
      ],
      [{ positionSeconds: 1, durationSeconds: 100, leftAtSeconds: 1e9 }, 'at most 86400'],
      [{ positionSeconds: 1, durationSeconds: 100, leftAtSeconds: 500 }, 'past the video'],
      [{ positionSeconds: 1, durationSeconds: 100, loopSet: true }, 'loop'],
      [{ positionSeconds: 1, durationSeconds: 100, watchedRanges: [{ start: -3, end: 2 }] }, 'negative'],
    ];
    for (const [body, message] of cases) {
      const res = await beacon(learner.browser, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const rows = await db(t).execute('select 1 from lesson_practice_states where user_id = ?', [learner.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('courseVideoStats', () => {
  it('aggregates views, plays, average watched, loops and leaves for the course’s instructor', async () => {
    const before = await signIn(t, instructorName, PASSWORD);
    const start = (await t.gql(before, STATS, { courseId })).data.courseVideoStats.find(
      (s: { lessonId: string }) => s.lessonId === lessonId,
    );
    const learner = await enrolledLearner();
    await beacon(learner.browser, {
      positionSeconds: 40,
      durationSeconds: 200,
      watchedRanges: [{ start: 0, end: 40 }],
      played: true,
      loopA: 20,
      loopB: 30,
      loopSet: true,
    });
    const left = await beacon(learner.browser, {
      positionSeconds: 41,
      durationSeconds: 200,
      watchedRanges: [{ start: 0, end: 41 }],
      leftAtSeconds: 41,
    });
    expect(left.status).toBe(200);

    const stats = await t.gql(before, STATS, { courseId });
    expect(stats.errors).toBeUndefined();
    const mine = stats.data.courseVideoStats.find((s: { lessonId: string }) => s.lessonId === lessonId);
    expect(mine.viewers).toBe(start.viewers + 1);
    expect(mine.plays).toBe(start.plays + 1);
    expect(mine.buckets).toHaveLength(100);
    // The loop 20–30 s of 200 s covers buckets 10–14; the leave at 41 s is bucket 20.
    for (let i = 10; i <= 14; i++) expect(mine.buckets[i].loops).toBe(start.buckets[i].loops + 1);
    expect(mine.buckets[15].loops).toBe(start.buckets[15].loops);
    expect(mine.buckets[20].leaves).toBe(start.buckets[20].leaves + 1);
    expect(mine.buckets[0].watchers).toBe(start.buckets[0].watchers + 1);
    expect(mine.buckets[50].watchers).toBe(start.buckets[50].watchers);
    expect(mine.averageWatchedShare).toBeGreaterThan(0);
    expect(mine.averageWatchedShare).toBeLessThanOrEqual(1);
  });

  it('is refused to learners, other instructors and guests', async () => {
    const learner = await enrolledLearner();
    const asLearner = await t.gql(learner.browser, STATS, { courseId });
    expect(asLearner.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const stranger = instructorName === 'multi' ? 'instructor' : 'multi';
    const other = await signIn(t, stranger, PASSWORD);
    const asStranger = await t.gql(other, STATS, { courseId });
    expect(asStranger.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const guest = await t.gql(t.agent(), STATS, { courseId });
    expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const admin = await signIn(t, 'admin', PASSWORD);
    const asStaff = await t.gql(admin, STATS, { courseId });
    expect(asStaff.errors).toBeUndefined();
    const unknown = await t.gql(admin, STATS, { courseId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.data.courseVideoStats).toBeNull();
  });
});

describe('stats per video', () => {
  it('a replaced video’s counts stay apart: the new video starts from zero', async () => {
    const free = await structureOf(t, FREE);
    const lesson = free.lessons[0].id;
    const first = '11111111-1111-4111-8111-111111111111';
    const second = '22222222-2222-4222-8222-222222222222';
    await db(t).execute(
      `insert into lesson_videos (id, lesson_id, status, storage_prefix, duration_seconds, renditions)
       values (?, ?, 'READY', ?, 100, '[{"name": "360p"}]')`,
      [first, lesson, `videos/${first}`],
    );
    const instructor = await signIn(t, instructorName, PASSWORD);
    const statsOf = async () =>
      (await t.gql(instructor, STATS, { courseId })).data.courseVideoStats.find(
        (s: { lessonId: string }) => s.lessonId === lesson,
      );
    const watch = async (body: object) => {
      const learner = await enrolledLearner();
      const res = await learner.browser
        .post(`/api/lessons/${lesson}/practice`)
        .set(json)
        .set('sec-fetch-site', 'same-origin')
        .send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return learner;
    };
    // Two learners watch the first video (one loops 10–20 s, one leaves at 80 s).
    await watch({
      positionSeconds: 80,
      durationSeconds: 100,
      watchedRanges: [{ start: 0, end: 80 }],
      played: true,
      loopA: 10,
      loopB: 20,
      loopSet: true,
      leftAtSeconds: 80,
    });
    const both = await watch({
      positionSeconds: 95,
      durationSeconds: 100,
      watchedRanges: [{ start: 0, end: 95 }],
      played: true,
    });
    const old = await statsOf();
    expect(old).toMatchObject({ viewers: 2, plays: 2, watchedCount: 1, durationSeconds: 100 });
    expect(old.buckets[10].loops).toBe(1);
    expect(old.buckets[80].leaves).toBe(1);
    expect(old.buckets[5].watchers).toBe(2);

    // The instructor uploads another video: the first is replaced (as the upload route does).
    await db(t).execute(`update lesson_videos set replaced_at = now() where id = ?`, [first]);
    await db(t).execute(
      `insert into lesson_videos (id, lesson_id, status, storage_prefix, duration_seconds, renditions)
       values (?, ?, 'READY', ?, 60, '[{"name": "360p"}]')`,
      [second, lesson, `videos/${second}`],
    );
    const fresh = await statsOf();
    expect(fresh).toMatchObject({ viewers: 0, plays: 0, watchedCount: 0, averageWatchedShare: 0 });
    expect(fresh.durationSeconds).toBe(60);
    expect(
      fresh.buckets.every(
        (b: { watchers: number; loops: number; leaves: number }) => !b.watchers && !b.loops && !b.leaves,
      ),
    ).toBe(true);

    // One learner (who had watched the first) plays 30 of the new 60 s: only that counts.
    const res = await both.browser
      .post(`/api/lessons/${lesson}/practice`)
      .set(json)
      .set('sec-fetch-site', 'same-origin')
      .send({
        positionSeconds: 30,
        durationSeconds: 60,
        watchedRanges: [{ start: 0, end: 30 }],
        played: true,
      });
    expect(res.status).toBe(200);
    const now = await statsOf();
    expect(now).toMatchObject({ viewers: 1, plays: 1, watchedCount: 0, averageWatchedShare: 0.5 });
    expect(now.buckets[10].loops).toBe(0);
    expect(now.buckets[80].leaves).toBe(0);
    expect(now.buckets[60].watchers).toBe(0);

    // The first video's counts are kept, under its own id.
    const kept = await db(t).execute<{ video_key: string; n: string }[]>(
      `select video_key, count(*) as n from lesson_video_watches where lesson_id = ? group by video_key order by video_key`,
      [lesson],
    );
    expect(kept.map((r) => [r.video_key, Number(r.n)])).toEqual([
      [first, 2],
      [second, 1],
    ]);
    const loops = await db(t).execute<{ n: string }[]>(
      `select count(*) as n from lesson_video_buckets where lesson_id = ? and video_key = ? and loops > 0`,
      [lesson, first],
    );
    expect(Number(loops[0].n)).toBeGreaterThanOrEqual(10);
  });

  it('a save names its video: one for a replaced video counts for it, a removed one is dropped', async () => {
    const free = await structureOf(t, FREE);
    const lesson = free.lessons[1].id;
    const old = '33333333-3333-4333-8333-333333333333';
    const current = '44444444-4444-4444-8444-444444444444';
    const removed = '55555555-5555-4555-8555-555555555555';
    await db(t).execute(
      `insert into lesson_videos (id, lesson_id, status, storage_prefix, duration_seconds, renditions, replaced_at)
       values (?, ?, 'READY', ?, 100, '[{"name": "360p"}]', now()),
              (?, ?, 'READY', ?, 60, '[{"name": "360p"}]', null)`,
      [old, lesson, `videos/${old}`, current, lesson, `videos/${current}`],
    );
    const learner = await enrolledLearner();
    const save = (body: object) =>
      learner.browser
        .post(`/api/lessons/${lesson}/practice`)
        .set(json)
        .set('sec-fetch-site', 'same-origin')
        .send({ positionSeconds: 40, durationSeconds: 100, played: true, ...body });
    const counted = async () =>
      (
        await db(t).execute<{ video_key: string; plays: number; loops: string }[]>(
          `select w.video_key, w.plays,
                  (select coalesce(sum(b.loops), 0) from lesson_video_buckets b
                    where b.lesson_id = w.lesson_id and b.video_key = w.video_key) as loops
             from lesson_video_watches w where w.lesson_id = ? order by w.video_key`,
          [lesson],
        )
      ).map((r) => [r.video_key, r.plays, Number(r.loops)]);

    // A page opened before the replacement still plays the old video: its saves count for it.
    let res = await save({
      videoId: old,
      watchedRanges: [{ start: 0, end: 40 }],
      loopA: 10,
      loopB: 12,
      loopSet: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await counted()).toEqual([[old, 1, 2]]);
    // The new video's page sends its id; the lesson's link (null) has its own key ''.
    res = await save({ videoId: current, durationSeconds: 60, watchedRanges: [{ start: 0, end: 30 }] });
    expect(res.status).toBe(200);
    res = await save({ videoId: null });
    expect(res.status).toBe(200);
    expect(await counted()).toEqual([
      ['', 1, 0],
      [old, 1, 2],
      [current, 1, 0],
    ]);
    // The instructor's stats show the current video only.
    const instructor = await signIn(t, instructorName, PASSWORD);
    const stats = (await t.gql(instructor, STATS, { courseId })).data.courseVideoStats.find(
      (s: { lessonId: string }) => s.lessonId === lesson,
    );
    expect(stats).toMatchObject({ viewers: 1, plays: 1, durationSeconds: 60 });

    // A removed video (the cleanup job deleted its row): the position is saved, no stats counted.
    res = await save({
      videoId: removed,
      positionSeconds: 50,
      loopA: 1,
      loopB: 2,
      loopSet: true,
      leftAtSeconds: 50,
    });
    expect(res.status).toBe(200);
    expect(res.body.positionSeconds).toBe(50);
    expect(await counted()).toEqual([
      ['', 1, 0],
      [old, 1, 2],
      [current, 1, 0],
    ]);

    // Another lesson's video, or not an id: refused with a message, nothing saved.
    const elsewhere = '66666666-6666-4666-8666-666666666666';
    await db(t).execute(
      `insert into lesson_videos (id, lesson_id, status, storage_prefix, duration_seconds, renditions, replaced_at)
       values (?, ?, 'READY', ?, 10, '[{"name": "360p"}]', now())`,
      [elsewhere, free.lessons[0].id, `videos/${elsewhere}`],
    );
    for (const videoId of [elsewhere, 'not-a-video']) {
      res = await save({ videoId, positionSeconds: 70 });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/not the lesson’s/);
    }
    const [state] = await db(t).execute<{ position_seconds: number }[]>(
      `select position_seconds from lesson_practice_states where lesson_id = ?`,
      [lesson],
    );
    expect(state.position_seconds).toBe(50);
  });
});
