import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/test-app';
import { type Agent, FOUNDATIONS, codes, ok, signInDemoUsers } from '../courses/course-fixtures.test';
import { grantQuery, signPlayback } from './video-signing';
import { generateTestClip } from './video-transcode';

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nFive, six, seven, eight\n';

let t: TestApp;
let as: Record<string, Agent>;
let idOf: Record<string, string>;
let tmp: string;
let lessonId: string;
let videoId: string;

const EXTRAS = `query ($id: ID!) { lesson(id: $id) { hostedVideo {
  id status posterUrl posterChoice posterCandidateUrls thumbnailsUrl captions { id srclang label url } } } }`;
const CHOOSE = `mutation ($v: ID!, $c: Int) { chooseLessonVideoPoster(videoId: $v, candidate: $c) {
  video { posterUrl posterChoice } userErrors { code field message } } }`;
const REMOVE_CAPTION = `mutation ($id: ID!) { removeLessonVideoCaption(captionId: $id) {
  removedCaptionId userErrors { code field message } } }`;

async function sql(query: string, params: unknown[] = []) {
  return t.orm.em.fork().getConnection().execute(query, params);
}

/** Uploads a generated clip to the lesson (tus, one PATCH) and waits until it is processed. */
async function uploadReady(lesson: string, bytes: Buffer): Promise<string> {
  const created = await as.instructor
    .post('/api/videos/uploads')
    .set(TUS)
    .set('Upload-Length', String(bytes.length))
    .set(
      'Upload-Metadata',
      `lessonId ${b64(lesson)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
    );
  expect(created.status, created.text).toBe(201);
  const location = created.headers.location as string;
  const done = await as.instructor
    .patch(location)
    .set(TUS)
    .set('Upload-Offset', '0')
    .set('Content-Type', 'application/offset+octet-stream')
    .send(bytes);
  expect(done.status, done.text).toBe(204);
  const id = location.split('/').at(-1)!;
  const until = Date.now() + 90_000;
  for (;;) {
    const [row] = await sql(`select status, failure_reason from lesson_videos where id = ?`, [id]);
    if (row.status === 'READY') return id;
    if (row.status === 'FAILED' || Date.now() > until)
      throw new Error(`video ${row.status}: ${row.failure_reason}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function postCaption(
  agent: Agent,
  video: string,
  fields: { srclang?: string; label?: string },
  file?: Buffer,
) {
  const req = agent.post(`/api/videos/${video}/captions`);
  if (fields.srclang !== undefined) req.field('srclang', fields.srclang);
  if (fields.label !== undefined) req.field('label', fields.label);
  if (file) req.attach('file', file, { filename: 'captions.vtt', contentType: 'text/vtt' });
  return req;
}

const hosted = async (agent: Agent) => (await ok(t, agent, EXTRAS, { id: lessonId })).lesson.hostedVideo;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-video-extras-'));
  const file = path.join(tmp, 'clip.mp4');
  await generateTestClip(file, { seconds: 4, width: 640, height: 360 });
  t = await startTestApp();
  ({ as, idOf } = await signInDemoUsers(t));
  const lessons = await sql(
    `select l.id from lessons l join course_modules m on m.id = l.module_id join courses c on c.id = m.course_id
      where c.title = ? order by m.position, l.position`,
    [FOUNDATIONS],
  );
  lessonId = String(lessons[0].id);
  const [course] = await sql(`select id from courses where title = ?`, [FOUNDATIONS]);
  await ok(
    t,
    as.member,
    `mutation ($id: ID!) { courseEnroll(input: { courseId: $id }) { userErrors { code } } }`,
    {
      id: course.id,
    },
  );
  videoId = await uploadReady(lessonId, fs.readFileSync(file));
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('candidate posters and the choice', () => {
  it('processing stores 4 candidate frames the instructor sees; learners see none', async () => {
    const [row] = await sql(
      `select poster_candidates, poster_choice, thumbnails from lesson_videos where id = ?`,
      [videoId],
    );
    expect(row).toMatchObject({ poster_candidates: 4, poster_choice: null, thumbnails: true });
    const video = await hosted(as.instructor);
    expect(video.posterCandidateUrls).toHaveLength(4);
    for (const [i, url] of (video.posterCandidateUrls as string[]).entries()) {
      expect(url).toContain(`/posters/candidate_${i}.jpg?`);
      const res = await as.instructor.get(url).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect((res.body as Buffer).subarray(0, 2).toString('hex')).toBe('ffd8');
    }
    expect((await hosted(as.member)).posterCandidateUrls).toEqual([]);
  });

  it('the choice is the poster everyone gets; a wrong candidate or another teacher is refused', async () => {
    const chosen = await ok(t, as.instructor, CHOOSE, { v: videoId, c: 2 });
    expect(chosen.chooseLessonVideoPoster.userErrors).toEqual([]);
    expect(chosen.chooseLessonVideoPoster.video.posterChoice).toBe(2);
    const seen = await hosted(as.member);
    expect(seen.posterUrl).toContain('/posters/candidate_2.jpg?');
    expect((await as.member.get(seen.posterUrl)).status).toBe(200);

    const wrong = await ok(t, as.instructor, CHOOSE, { v: videoId, c: 4 });
    expect(wrong.chooseLessonVideoPoster.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'candidate',
    });
    const other = await ok(t, as.multi, CHOOSE, { v: videoId, c: 1 });
    expect(other.chooseLessonVideoPoster.userErrors[0].code).toBe('FORBIDDEN');
    expect(codes(await t.gql(as.member, CHOOSE, { v: videoId, c: 1 }))).toEqual(['FORBIDDEN']);
    expect((await hosted(as.member)).posterChoice).toBe(2);

    const reset = await ok(t, as.instructor, CHOOSE, { v: videoId, c: null });
    expect(reset.chooseLessonVideoPoster.video.posterUrl).toContain('/poster.jpg?');
  });
});

describe('scrubbing thumbnails', () => {
  it('a sprite and its WebVTT, with signed sprite URLs, for a generated clip', async () => {
    const { thumbnailsUrl } = await hosted(as.member);
    expect(thumbnailsUrl).toContain('/thumbnails/thumbnails.vtt?');
    const vtt = await as.member.get(thumbnailsUrl);
    expect(vtt.status).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    const lines = vtt.text.split('\n');
    expect(lines[0]).toBe('WEBVTT');
    expect(lines).toContain('00:00:00.000 --> 00:00:01.000');
    const cues = lines.filter((l) => l.startsWith('sprite.jpg'));
    expect(cues.length).toBe(4);
    expect(cues[0]).toMatch(/^sprite\.jpg\?exp=\d+&u=[^&]+&sig=[^#]+#xywh=0,0,160,90$/);
    expect(cues[3]).toMatch(/#xywh=480,0,160,90$/);
    const sprite = await as.member
      .get(new URL(cues[0], `http://x${thumbnailsUrl}`).pathname + '?' + cues[0].split('?')[1].split('#')[0])
      .buffer(true);
    expect(sprite.status).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
    expect((sprite.body as Buffer).subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});

describe('captions', () => {
  let captionId: string;

  it('an instructor uploads WebVTT captions; an enrolled learner lists and reads them', async () => {
    const res = await postCaption(
      as.instructor,
      videoId,
      { srclang: 'en', label: 'English' },
      Buffer.from(VTT),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.caption).toMatchObject({ srclang: 'en', label: 'English' });
    captionId = res.body.caption.id;
    const { captions } = await hosted(as.member);
    expect(captions).toEqual([{ id: captionId, srclang: 'en', label: 'English', url: expect.any(String) }]);
    const file = await as.member.get(captions[0].url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/vtt/);
    expect(file.text).toBe(VTT);
  });

  it('refuses what is not WebVTT, has no cues, bad timings, over 1 MB, a bad language, learners and guests', async () => {
    const bad = async (
      fields: { srclang?: string; label?: string },
      file: Buffer | undefined,
      status = 400,
    ) => {
      const res = await postCaption(as.instructor, videoId, fields, file);
      expect(res.status, res.text).toBe(status);
      return res.body as { message: string; code: string; field: string };
    };
    const en = { srclang: 'en', label: 'English' };
    expect((await bad(en, Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHi\n'))).message).toMatch(
      /first line must be "WEBVTT"/,
    );
    expect((await bad(en, Buffer.from('WEBVTT\n\nNOTE nothing here\n'))).message).toMatch(/no cues/);
    expect((await bad(en, Buffer.from('WEBVTT\n\n00:00:01 --> 00:00:02\nHi\n'))).message).toMatch(
      /Line 3 is not a valid cue timing/,
    );
    expect((await bad(en, Buffer.from('WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nHi\n'))).message).toMatch(
      /end after it starts/,
    );
    expect((await bad(en, undefined)).field).toBe('file');
    const big = Buffer.concat([Buffer.from(VTT), Buffer.alloc(1024 * 1024, 'a')]);
    expect((await bad(en, big, 413)).message).toMatch(/1 MB/);
    expect((await bad({ srclang: 'english!', label: 'English' }, Buffer.from(VTT))).field).toBe('srclang');
    expect((await bad({ srclang: 'es', label: ' ' }, Buffer.from(VTT))).field).toBe('label');
    expect((await postCaption(as.member, videoId, en, Buffer.from(VTT))).status).toBe(403);
    expect((await postCaption(as.multi, videoId, en, Buffer.from(VTT))).status).toBe(403);
    expect((await postCaption(t.agent(), videoId, en, Buffer.from(VTT))).status).toBe(401);
    expect(
      (await postCaption(as.instructor, '00000000-0000-4000-8000-000000000000', en, Buffer.from(VTT))).status,
    ).toBe(404);
    const [{ count }] = await sql(`select count(*)::int as count from lesson_video_captions`);
    expect(count).toBe(1);
  });

  it('403 on the caption URL for a member who is not enrolled, or without a signature', async () => {
    const path = `/api/videos/${videoId}/captions/${captionId}.vtt`;
    const notEnrolled = grantQuery(signPlayback(t.config.sessionSecret, videoId, idOf.seller));
    expect((await as.seller.get(`${path}?${notEnrolled}`)).status).toBe(403);
    expect((await as.member.get(path)).status).toBe(403);
    expect(
      (await hosted(as.seller).catch(() => ({ captions: [] }))).captions.every(
        (c: { url: unknown }) => c.url === null,
      ),
    ).toBe(true);
  });

  it('a new file for the same language replaces it; removal takes it off and deletes the file', async () => {
    const second = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nAnd one, two\n';
    const res = await postCaption(
      as.instructor,
      videoId,
      { srclang: 'en', label: 'English (new)' },
      Buffer.from(second),
    );
    expect(res.status, res.text).toBe(201);
    const oldUrl = `/api/videos/${videoId}/captions/${captionId}.vtt?${grantQuery(signPlayback(t.config.sessionSecret, videoId, idOf.member))}`;
    expect((await as.member.get(oldUrl)).status).toBe(404);
    let { captions } = await hosted(as.member);
    expect(captions).toHaveLength(1);
    expect(captions[0]).toMatchObject({ id: res.body.caption.id, label: 'English (new)' });

    expect(codes(await t.gql(as.member, REMOVE_CAPTION, { id: captions[0].id }))).toEqual(['FORBIDDEN']);
    const other = await ok(t, as.multi, REMOVE_CAPTION, { id: captions[0].id });
    expect(other.removeLessonVideoCaption.userErrors[0].code).toBe('FORBIDDEN');
    const removed = await ok(t, as.instructor, REMOVE_CAPTION, { id: captions[0].id });
    expect(removed.removeLessonVideoCaption).toEqual({ removedCaptionId: captions[0].id, userErrors: [] });
    expect((await as.member.get(captions[0].url)).status).toBe(404);
    ({ captions } = await hosted(as.member));
    expect(captions).toEqual([]);
    const again = await ok(t, as.instructor, REMOVE_CAPTION, {
      id: removed.removeLessonVideoCaption.removedCaptionId,
    });
    expect(again.removeLessonVideoCaption.userErrors[0].code).toBe('NOT_FOUND');
  });
});
