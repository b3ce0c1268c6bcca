import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  BALLET,
  codes,
  correctAnswers,
  type CourseStructure,
  courseId,
  db,
  DEMO,
  type DemoName,
  ENROLL,
  FREE,
  GRANT,
  HIP_HOP,
  INCOMPLETE,
  LESSON,
  MODULE,
  newMember,
  QUIZ,
  signIn,
  structureOf,
  SUBMIT,
  TAP,
  VIEWER,
  wrongAnswers,
  wrongOption,
} from './learning-fixtures.test';
import { queriesDuring as countQueries } from '../../test/query-count';

let t: TestApp;
const as = {} as Record<DemoName, Agent>;
let free: CourseStructure;
let ballet: CourseStructure;
let hipHop: CourseStructure;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of DEMO) as[name] = await signIn(t, name);
  [free, ballet, hipHop] = await Promise.all([
    structureOf(t, FREE),
    structureOf(t, BALLET),
    structureOf(t, HIP_HOP),
  ]);
});
afterAll(() => t.close());

async function enrollmentRows(courseTitle: string, user: string) {
  return db(t).execute<{ id: string; source: string }[]>(
    'select id, source from enrollments where course_id = ? and user_id = ?',
    [await courseId(t, courseTitle), user],
  );
}

/** Grants a user access to a course as the admin (for paid courses in these tests). */
async function grant(course: string, user: string) {
  const res = await t.gql(as.admin, GRANT, { input: { courseId: course, userId: user } });
  expect(res.data.enrollmentGrant.userErrors).toEqual([]);
}

describe('enrollment', () => {
  it('enrolls a member in the free course, once, even when asked twice', async () => {
    // given a new member
    const { browser, id } = await newMember(t);
    // when they enroll twice in the free course
    const first = await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const again = await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    // then both answers are the same enrollment, from source 'free', not completed
    expect(first.data.courseEnroll.userErrors).toEqual([]);
    const enrollment = first.data.courseEnroll.enrollment;
    expect(enrollment).toMatchObject({
      source: 'free',
      completedAt: null,
      course: { id: free.id, title: FREE },
      user: { id },
    });
    expect(again.data.courseEnroll.enrollment.id).toBe(enrollment.id);
    expect(await enrollmentRows(FREE, id)).toHaveLength(1);
  });

  it('stores one enrollment under 10 concurrent requests', async () => {
    const { browser, id } = await newMember(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.gql(browser, ENROLL, { input: { courseId: free.id } })),
    );
    const ids = new Set(answers.map((a) => a.data.courseEnroll.enrollment?.id));
    expect(answers.every((a) => a.data.courseEnroll.userErrors.length === 0)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await enrollmentRows(FREE, id)).toHaveLength(1);
  });

  it('refuses a paid course with PAYMENT_REQUIRED', async () => {
    const { browser, id } = await newMember(t);
    const res = await t.gql(browser, ENROLL, { input: { courseId: ballet.id } });
    expect(res.data.courseEnroll).toEqual({
      enrollment: null,
      userErrors: [{ code: 'PAYMENT_REQUIRED', field: 'courseId', message: 'This course must be purchased' }],
    });
    expect(await enrollmentRows(BALLET, id)).toHaveLength(0);
  });

  it('refuses a member-only course with MEMBERSHIP_REQUIRED, but lets staff in', async () => {
    const tap = await courseId(t, TAP);
    const member = await t.gql(as.member, ENROLL, { input: { courseId: tap } });
    expect(member.data.courseEnroll.userErrors).toEqual([
      {
        code: 'MEMBERSHIP_REQUIRED',
        field: 'courseId',
        message: 'This course is included with a membership',
      },
    ]);
    const officer = await t.gql(as.officer, ENROLL, { input: { courseId: tap } });
    expect(officer.data.courseEnroll.userErrors).toEqual([]);
    expect(officer.data.courseEnroll.enrollment.source).toBe('granted');
  });

  it('answers NOT_FOUND for an unpublished, unknown or malformed course', async () => {
    // given a free course the instructor has not published
    const draft = await courseId(t, FREE);
    const draftId = crypto.randomUUID();
    await db(t).execute(
      `insert into courses (id, title, slug, instructor_id, published, price_cents)
       select ?, 'Draft free course', 'draft-free-course', instructor_id, false, 0 from courses where id = ?`,
      [draftId, draft],
    );
    for (const id of [draftId, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await t.gql(as.member, ENROLL, { input: { courseId: id } });
      expect(res.data.courseEnroll.userErrors, id).toEqual([
        { code: 'NOT_FOUND', field: 'courseId', message: 'Course not found' },
      ]);
    }
  });

  it('refuses guests with UNAUTHENTICATED', async () => {
    const res = await t.gql(t.agent(), ENROLL, { input: { courseId: free.id } });
    expect(codes(res)).toEqual(['UNAUTHENTICATED']);
  });

  it("lets staff and the course's instructor grant access, and nobody else", async () => {
    const { id } = await newMember(t);
    // a member may not grant at all
    const byMember = await t.gql(as.member, GRANT, { input: { courseId: ballet.id, userId: id } });
    expect(codes(byMember)).toEqual(['FORBIDDEN']);
    // multi teaches another course
    const byOther = await t.gql(as.multi, GRANT, { input: { courseId: ballet.id, userId: id } });
    expect(byOther.data.enrollmentGrant.userErrors[0]).toMatchObject({
      code: 'FORBIDDEN',
      field: 'courseId',
    });
    expect(await enrollmentRows(BALLET, id)).toHaveLength(0);
    // the ballet course's instructor may, and granting twice is one enrollment
    const byInstructor = await t.gql(as.instructor, GRANT, { input: { courseId: ballet.id, userId: id } });
    expect(byInstructor.data.enrollmentGrant.enrollment).toMatchObject({ source: 'granted', user: { id } });
    await t.gql(as.instructor, GRANT, { input: { courseId: ballet.id, userId: id } });
    expect(await enrollmentRows(BALLET, id)).toHaveLength(1);
    // an unknown user
    const unknown = await t.gql(as.admin, GRANT, {
      input: { courseId: ballet.id, userId: crypto.randomUUID() },
    });
    expect(unknown.data.enrollmentGrant.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'userId' });
  });

  it('shows viewerEnrollment and viewerProgress on the course only to the enrolled viewer', async () => {
    const { browser } = await newMember(t);
    const before = await t.gql(browser, VIEWER, { id: free.id });
    expect(before.errors).toBeUndefined();
    expect(before.data.course).toMatchObject({ viewerEnrollment: null, viewerProgress: null });
    const guest = await t.gql(t.agent(), VIEWER, { id: free.id });
    expect(guest.data.course).toMatchObject({ viewerEnrollment: null, viewerProgress: null });

    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const after = await t.gql(browser, VIEWER, { id: free.id });
    expect(after.data.course.viewerEnrollment).toMatchObject({ source: 'free', completedAt: null });
    expect(after.data.course.viewerProgress).toEqual({
      completedLessons: 0,
      totalLessons: free.lessons.length,
      passedQuizzes: 0,
      totalQuizzes: free.quizzes.length,
      percent: 0,
      completed: false,
      nextStep: expect.objectContaining({ kind: 'lesson', id: free.lessons[0].id, completed: false }),
    });
  });
});

describe('REST /api/enrollments', () => {
  it('enrolls in a free course (201) and lists my enrollments', async () => {
    const { browser } = await newMember(t);
    const created = await browser.post('/api/enrollments').set('content-type', 'application/json').send({
      courseId: free.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source: 'free', course: { id: free.id, title: FREE } });
    const list = await browser.get('/api/enrollments');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      totalCount: 1,
      pageInfo: { hasNextPage: false },
      items: [{ id: created.body.id, progress: { percent: 0, completed: false } }],
    });
  });

  it('maps refusals to HTTP statuses', async () => {
    const { browser } = await newMember(t);
    const post = (courseId: unknown) =>
      browser.post('/api/enrollments').set('content-type', 'application/json').send({ courseId });
    expect((await post(ballet.id)).status).toBe(402);
    const tap = await post(await courseId(t, TAP));
    expect(tap.status).toBe(403);
    expect(tap.body).toMatchObject({
      code: 'MEMBERSHIP_REQUIRED',
      message: 'This course is included with a membership',
    });
    expect((await post(crypto.randomUUID())).status).toBe(404);
    expect((await post(undefined)).status).toBe(400);
    expect((await t.agent().get('/api/enrollments')).status).toBe(401);
    expect(
      (
        await t
          .agent()
          .post('/api/enrollments')
          .set('content-type', 'application/json')
          .send({ courseId: free.id })
      ).status,
    ).toBe(401);
  });
});

describe('lesson access', () => {
  it('serves the lesson content to an enrolled member, in course order across modules', async () => {
    const { browser } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const [l1, l2, l3] = free.lessons;
    const res = await t.gql(browser, LESSON, { id: l2.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.lesson).toMatchObject({
      id: l2.id,
      title: 'Warm-ups that work',
      body: expect.stringContaining('A warm-up raises the heart rate'),
      videoUrl: null,
      completed: false,
      previousLessonId: l1.id,
      nextLessonId: l3.id,
      previous: { kind: 'lesson', id: l1.id },
      next: { kind: 'lesson', id: l3.id, moduleId: l3.moduleId },
      course: { id: free.id, title: FREE },
    });
    const last = await t.gql(browser, LESSON, { id: l3.id });
    expect(last.data.lesson).toMatchObject({
      nextLessonId: null,
      previousLessonId: l2.id,
      next: { kind: 'quiz', id: free.quizzes[0].id },
    });
    const first = await t.gql(browser, LESSON, { id: l1.id });
    expect(first.data.lesson.videoUrl).toBe('https://www.youtube.com/embed/2Vv-BfVoq4g');
    expect(first.data.lesson.previousLessonId).toBeNull();
  });

  it('refuses a signed-in member who is not enrolled with FORBIDDEN and no content', async () => {
    const { browser } = await newMember(t);
    for (const [query, variables] of [
      [LESSON, { id: free.lessons[0].id }],
      [MODULE, { courseId: free.id, moduleId: free.lessons[0].moduleId }],
      [QUIZ, { id: free.quizzes[0].id }],
    ] as const) {
      const res = await t.gql(browser, query, variables);
      expect(codes(res)).toEqual(['FORBIDDEN']);
      expect(res.data).toEqual({ [Object.keys(res.data)[0]]: null });
      expect(JSON.stringify(res)).not.toContain('warm-up');
    }
    const res = await t.gql(browser, LESSON, { id: free.lessons[0].id });
    expect(res.errors?.[0].message).toBe('Enroll in this course to see its lessons');
  });

  it('refuses guests with UNAUTHENTICATED', async () => {
    const res = await t.gql(t.agent(), LESSON, { id: free.lessons[0].id });
    expect(codes(res)).toEqual(['UNAUTHENTICATED']);
    expect(res.data).toEqual({ lesson: null });
  });

  it("serves it to the course's instructor and staff, not to another instructor", async () => {
    const lesson = ballet.lessons[0].id;
    for (const name of ['instructor', 'admin', 'officer'] as const) {
      const res = await t.gql(as[name], LESSON, { id: lesson });
      expect(res.errors, name).toBeUndefined();
      expect(res.data.lesson.body, name).toContain('Stack the joints');
    }
    const other = await t.gql(as.multi, LESSON, { id: lesson });
    expect(codes(other)).toEqual(['FORBIDDEN']);
  });

  it('answers null for unknown ids and for lessons of unpublished courses of others', async () => {
    expect((await t.gql(as.member, LESSON, { id: crypto.randomUUID() })).data.lesson).toBeNull();
    expect((await t.gql(as.member, LESSON, { id: 'nope' })).data.lesson).toBeNull();
    const hipHopId = hipHop.id;
    await db(t).execute('update courses set published = false where id = ?', [hipHopId]);
    try {
      const res = await t.gql(as.member, LESSON, { id: hipHop.lessons[0].id });
      expect(res.errors).toBeUndefined();
      expect(res.data.lesson).toBeNull();
      // its instructor still sees it
      expect((await t.gql(as.multi, LESSON, { id: hipHop.lessons[0].id })).data.lesson).not.toBeNull();
    } finally {
      await db(t).execute('update courses set published = true where id = ?', [hipHopId]);
    }
  });

  it('serves a module page with completed and passed flags', async () => {
    const { browser } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const [, , l3] = free.lessons;
    await t.gql(
      browser,
      `mutation($id: ID!) { lessonComplete(input: { lessonId: $id }) { userErrors { code } } }`,
      {
        id: l3.id,
      },
    );
    const res = await t.gql(browser, MODULE, { courseId: free.id, moduleId: l3.moduleId });
    expect(res.errors).toBeUndefined();
    expect(res.data.courseModule).toMatchObject({
      id: l3.moduleId,
      title: 'Leading the room',
      previousModuleId: free.lessons[0].moduleId,
      nextModuleId: null,
      lessons: [{ id: l3.id, title: 'Giving feedback', completed: true }],
      quizzes: [{ id: free.quizzes[0].id, title: 'Foundations check', questionCount: 3, passed: false }],
    });
    // a module id of another course is unknown here
    const mixed = await t.gql(browser, MODULE, { courseId: free.id, moduleId: ballet.lessons[0].moduleId });
    expect(mixed.data.courseModule).toBeNull();
  });
});

describe('progress', () => {
  it('marks a lesson complete idempotently, and incomplete again', async () => {
    const { browser, id } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const lesson = free.lessons[0].id;
    const COMPLETE_ONLY = `mutation($id: ID!) { lessonComplete(input: { lessonId: $id }) {
      lesson { id completed } course { viewerProgress { completedLessons percent } } courseCompleted userErrors { code } } }`;
    const once = await t.gql(browser, COMPLETE_ONLY, { id: lesson });
    const twice = await t.gql(browser, COMPLETE_ONLY, { id: lesson });
    for (const res of [once, twice]) {
      expect(res.data.lessonComplete).toEqual({
        lesson: { id: lesson, completed: true },
        course: { viewerProgress: { completedLessons: 1, percent: 25 } },
        courseCompleted: false,
        userErrors: [],
      });
    }
    const rows = await db(t).execute('select 1 from lesson_progress where user_id = ? and lesson_id = ?', [
      id,
      lesson,
    ]);
    expect(rows).toHaveLength(1);
    const undo = await t.gql(browser, INCOMPLETE, { input: { lessonId: lesson } });
    expect(undo.data.lessonIncomplete).toEqual({
      lesson: { id: lesson, completed: false },
      courseCompleted: false,
      userErrors: [],
    });
  });

  it('refuses progress to a member who is not enrolled, and to a teacher who is not', async () => {
    const { browser } = await newMember(t);
    const lesson = free.lessons[0].id;
    for (const who of [browser, as.instructor]) {
      const res = await t.gql(who, INCOMPLETE.replace('lessonIncomplete', 'lessonComplete'), {
        input: { lessonId: lesson },
      });
      expect(res.data.lessonComplete.userErrors).toEqual([
        { code: 'FORBIDDEN', field: null, message: 'Enroll in this course to track your progress' },
      ]);
    }
    const unknown = await t.gql(browser, INCOMPLETE, { input: { lessonId: crypto.randomUUID() } });
    expect(unknown.data.lessonIncomplete.userErrors[0]).toMatchObject({
      code: 'NOT_FOUND',
      field: 'lessonId',
    });
  });
});

describe('quizzes', () => {
  it('never sends the correct answers or explanations before submission', async () => {
    const { browser } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const res = await t.gql(browser, QUIZ, { id: free.quizzes[0].id });
    expect(res.errors).toBeUndefined();
    const quiz = res.data.quiz;
    expect(quiz).toMatchObject({
      title: 'Foundations check',
      passMarkPercent: 60,
      attemptsAllowed: 3,
      attemptsUsed: 0,
      attemptsLeft: 3,
      bestScorePercent: null,
      passed: false,
      canSubmit: true,
      attempts: [],
    });
    expect(quiz.questions.map((q: { kind: string }) => q.kind)).toEqual(['single', 'multiple', 'true_false']);
    const text = JSON.stringify(res);
    expect(text).not.toContain('give every class its shape'); // an explanation
    // no field of the learner's quiz type carries answers
    const asking = await t.gql(
      browser,
      `query($id: ID!) { quiz(id: $id) { questions { correctOptionIds } } }`,
      {
        id: free.quizzes[0].id,
      },
    );
    expect(codes(asking)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const explaining = await t.gql(
      browser,
      `query($id: ID!) { quiz(id: $id) { questions { explanation } } }`,
      {
        id: free.quizzes[0].id,
      },
    );
    expect(codes(explaining)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('scores single, multiple (exact set) and true/false questions on the server', async () => {
    const { browser, id } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const quiz = free.quizzes[0];
    const [single, multiple, trueFalse] = quiz.questions;
    // the single right, the multiple with one correct option missing (wrong), the true/false wrong
    const res = await t.gql(browser, SUBMIT, {
      input: {
        quizId: quiz.id,
        answers: [
          { questionId: single.id, optionIds: single.correct },
          { questionId: multiple.id, optionIds: multiple.correct.slice(0, 2) },
          { questionId: trueFalse.id, optionIds: [wrongOption(trueFalse)] },
        ],
      },
    });
    const submitted = res.data.quizSubmit;
    expect(submitted.userErrors).toEqual([]);
    expect(submitted.attempt).toMatchObject({ scorePercent: 33, passed: false });
    // failed with attempts left: which answers were wrong, not the right ones (AFTER_PASSING)
    expect(submitted.answersShown).toBe(false);
    expect(submitted.results).toEqual([
      {
        questionId: single.id,
        correct: true,
        chosenOptionIds: single.correct,
        correctOptionIds: null,
        explanation: single.explanation,
      },
      {
        questionId: multiple.id,
        correct: false,
        chosenOptionIds: multiple.correct.slice(0, 2),
        correctOptionIds: null,
        explanation: null,
      },
      {
        questionId: trueFalse.id,
        correct: false,
        chosenOptionIds: [wrongOption(trueFalse)],
        correctOptionIds: null,
        explanation: null,
      },
    ]);
    expect(JSON.stringify(res)).not.toContain(trueFalse.correct[0]);
    expect(submitted.quiz).toEqual({
      id: quiz.id,
      attemptsUsed: 1,
      attemptsLeft: 2,
      bestScorePercent: 33,
      passed: false,
      canSubmit: true,
    });
    expect(submitted.courseCompleted).toBe(false);

    // a multiple-choice answer with an extra wrong option is wrong too; all right otherwise → 67 %, passed (60)
    const extra = [...multiple.correct, multiple.options.find((o) => !multiple.correct.includes(o.id))!.id];
    const second = await t.gql(browser, SUBMIT, {
      input: {
        quizId: quiz.id,
        answers: [
          { questionId: single.id, optionIds: single.correct },
          { questionId: multiple.id, optionIds: extra },
          { questionId: trueFalse.id, optionIds: trueFalse.correct },
        ],
      },
    });
    expect(second.data.quizSubmit.attempt).toMatchObject({ scorePercent: 67, passed: true });
    expect(second.data.quizSubmit.results.map((r: { correct: boolean }) => r.correct)).toEqual([
      true,
      false,
      true,
    ]);
    // passed: now the correct answers are shown
    expect(second.data.quizSubmit.answersShown).toBe(true);
    expect(
      second.data.quizSubmit.results.map((r: { correctOptionIds: string[] }) => r.correctOptionIds),
    ).toEqual([single.correct, multiple.correct, trueFalse.correct]);
    expect(second.data.quizSubmit.quiz).toMatchObject({
      passed: true,
      canSubmit: false,
      bestScorePercent: 67,
    });

    // once passed, no more attempts are taken
    const third = await t.gql(browser, SUBMIT, {
      input: { quizId: quiz.id, answers: correctAnswers(quiz.questions) },
    });
    expect(third.data.quizSubmit.userErrors).toEqual([
      { code: 'ALREADY_PASSED', field: 'quizId', message: 'You have already passed this quiz' },
    ]);
    const stored = await db(t).execute<{ score_percent: number }[]>(
      'select score_percent from quiz_attempts where quiz_id = ? and user_id = ? order by created_at',
      [quiz.id, id],
    );
    expect(stored.map((r) => r.score_percent)).toEqual([33, 67]);
  });

  it('validates the answers: unknown questions or options, missing answers, several for a single choice', async () => {
    const { browser, id } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const quiz = free.quizzes[0];
    const right = correctAnswers(quiz.questions);
    const submit = async (answers: unknown) =>
      (await t.gql(browser, SUBMIT, { input: { quizId: quiz.id, answers } })).data.quizSubmit.userErrors;

    expect(await submit([...right, { questionId: crypto.randomUUID(), optionIds: ['x'] }])).toEqual([
      expect.objectContaining({
        code: 'INVALID_INPUT',
        field: 'answers',
        message: expect.stringMatching(/^Unknown question/),
      }),
    ]);
    expect(
      await submit([{ questionId: right[0].questionId, optionIds: ['nope'] }, ...right.slice(1)]),
    ).toEqual([
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^Unknown option for question 1/),
      }),
    ]);
    expect(await submit(right.slice(0, 2))).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'answers',
        message: 'Answer question 3 ("A warm-up should start at full intensity.")',
      },
    ]);
    expect(await submit([right[0], { ...right[1], optionIds: [] }, right[2]])).toEqual([
      expect.objectContaining({ message: 'Answer question 2 ("Good feedback is… (choose all that apply)")' }),
    ]);
    const tf = quiz.questions[2];
    expect(
      await submit([right[0], right[1], { questionId: tf.id, optionIds: tf.options.map((o) => o.id) }]),
    ).toEqual([
      expect.objectContaining({
        message: 'Choose one answer for question 3 ("A warm-up should start at full intensity.")',
      }),
    ]);
    expect(await submit([...right, right[0]])).toEqual([
      expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('only once') }),
    ]);
    // nothing was stored
    const rows = await db(t).execute('select 1 from quiz_attempts where user_id = ?', [id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a member who is not enrolled, and unknown quizzes', async () => {
    const { browser } = await newMember(t);
    const quiz = free.quizzes[0];
    const res = await t.gql(browser, SUBMIT, {
      input: { quizId: quiz.id, answers: correctAnswers(quiz.questions) },
    });
    expect(res.data.quizSubmit.userErrors).toEqual([
      { code: 'FORBIDDEN', field: null, message: 'Enroll in this course to take its quizzes' },
    ]);
    const unknown = await t.gql(browser, SUBMIT, { input: { quizId: crypto.randomUUID(), answers: [] } });
    expect(unknown.data.quizSubmit.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'quizId' });
  });

  it('stops at the attempts limit, also under 10 concurrent submissions', async () => {
    // given a learner of the ballet course, whose quiz allows 2 attempts
    const { browser, id } = await newMember(t);
    await grant(ballet.id, id);
    const quiz = ballet.quizzes[0];
    expect(quiz.attemptsAllowed).toBe(2);
    // when 10 failing attempts are submitted at once
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.gql(browser, SUBMIT, { input: { quizId: quiz.id, answers: wrongAnswers(quiz.questions) } }),
      ),
    );
    // then exactly 2 were stored and 8 refused
    const errors = answers.map((a) => a.data.quizSubmit.userErrors[0]?.code ?? 'OK').sort();
    expect(errors).toEqual(['ATTEMPTS_EXHAUSTED', ...Array(7).fill('ATTEMPTS_EXHAUSTED'), 'OK', 'OK'].sort());
    const rows = await db(t).execute('select 1 from quiz_attempts where quiz_id = ? and user_id = ?', [
      quiz.id,
      id,
    ]);
    expect(rows).toHaveLength(2);
    const refused = answers.find((a) => a.data.quizSubmit.userErrors.length)!;
    expect(refused.data.quizSubmit.userErrors[0]).toEqual({
      code: 'ATTEMPTS_EXHAUSTED',
      field: 'quizId',
      message: 'No attempts left for this quiz',
    });
    const view = await t.gql(browser, QUIZ, { id: quiz.id });
    expect(view.data.quiz).toMatchObject({
      attemptsUsed: 2,
      attemptsLeft: 0,
      canSubmit: false,
      passed: false,
    });
  });

  it('allows unlimited attempts when attemptsAllowed is 0', async () => {
    const { browser, id } = await newMember(t);
    await grant(hipHop.id, id);
    const quiz = hipHop.quizzes[0];
    expect(quiz.attemptsAllowed).toBe(0);
    for (let i = 0; i < 4; i += 1) {
      const res = await t.gql(browser, SUBMIT, {
        input: { quizId: quiz.id, answers: wrongAnswers(quiz.questions) },
      });
      expect(res.data.quizSubmit.userErrors).toEqual([]);
      expect(res.data.quizSubmit.quiz.attemptsLeft).toBeNull();
    }
  });
});

describe('quiz answer key (showAnswers)', () => {
  const SET = `mutation($input: QuizUpdateInput!) { quizUpdate(input: $input) {
    quiz { id showAnswers } userErrors { code field message } } }`;

  /** Sets a demo quiz's showAnswers as staff through the authoring graph; returns the undo. */
  async function setShowAnswers(quizId: string, showAnswers: string) {
    const res = await t.gql(as.admin, SET, { input: { quizId, showAnswers } });
    expect(res.data.quizUpdate.userErrors).toEqual([]);
    expect(res.data.quizUpdate.quiz.showAnswers).toBe(showAnswers);
    return async () => {
      await t.gql(as.admin, SET, { input: { quizId, showAnswers: 'AFTER_PASSING' } });
    };
  }

  /** Every correct option id of a quiz that the learner did not choose (what a leak would carry). */
  function unchosenKey(questions: CourseStructure['quizzes'][number]['questions'], chosen: string[]) {
    return questions.flatMap((q) => q.correct).filter((id) => !chosen.includes(id));
  }

  it('a failed attempt never carries the answer key, so a second attempt cannot copy it (default AFTER_PASSING)', async () => {
    const { browser } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const quiz = free.quizzes[0];
    const view = await t.gql(browser, QUIZ.replace('canSubmit', 'canSubmit showAnswers'), { id: quiz.id });
    expect(view.data.quiz.showAnswers).toBe('AFTER_PASSING');
    const wrong = wrongAnswers(quiz.questions);
    const res = await t.gql(browser, SUBMIT, { input: { quizId: quiz.id, answers: wrong } });
    const submitted = res.data.quizSubmit;
    expect(submitted.attempt.passed).toBe(false);
    expect(submitted.answersShown).toBe(false);
    expect(submitted.results.map((r: { correct: boolean }) => r.correct)).toEqual([false, false, false]);
    expect(submitted.results.every((r: { correctOptionIds: unknown }) => r.correctOptionIds === null)).toBe(
      true,
    );
    // no explanation of a wrong answer either (it would give the answer away)
    expect(submitted.results.every((r: { explanation: unknown }) => r.explanation === null)).toBe(true);
    const body = JSON.stringify(res);
    for (const id of unchosenKey(
      quiz.questions,
      wrong.flatMap((a) => a.optionIds),
    )) {
      expect(body).not.toContain(id);
    }
    expect(body).not.toContain('give every class its shape');
  });

  it('AFTER_LAST_ATTEMPT shows the answers with the last allowed attempt, not before', async () => {
    const quiz = ballet.quizzes[0];
    expect(quiz.attemptsAllowed).toBe(2);
    const undo = await setShowAnswers(quiz.id, 'AFTER_LAST_ATTEMPT');
    try {
      const { browser, id } = await newMember(t);
      await grant(ballet.id, id);
      const wrong = wrongAnswers(quiz.questions);
      const first = await t.gql(browser, SUBMIT, { input: { quizId: quiz.id, answers: wrong } });
      expect(first.data.quizSubmit).toMatchObject({ answersShown: false, quiz: { attemptsLeft: 1 } });
      for (const id of unchosenKey(
        quiz.questions,
        wrong.flatMap((a) => a.optionIds),
      )) {
        expect(JSON.stringify(first)).not.toContain(id);
      }
      const last = await t.gql(browser, SUBMIT, { input: { quizId: quiz.id, answers: wrong } });
      expect(last.data.quizSubmit).toMatchObject({ answersShown: true, quiz: { attemptsLeft: 0 } });
      expect(
        last.data.quizSubmit.results.map((r: { correctOptionIds: string[] }) => r.correctOptionIds),
      ).toEqual(quiz.questions.map((q) => q.correct));
    } finally {
      await undo();
    }
  });

  it('AFTER_LAST_ATTEMPT with unlimited attempts shows them only on passing; NEVER not even then', async () => {
    const quiz = hipHop.quizzes[0];
    expect(quiz.attemptsAllowed).toBe(0);
    const { browser, id } = await newMember(t);
    await grant(hipHop.id, id);
    let undo = await setShowAnswers(quiz.id, 'AFTER_LAST_ATTEMPT');
    try {
      const failed = await t.gql(browser, SUBMIT, {
        input: { quizId: quiz.id, answers: wrongAnswers(quiz.questions) },
      });
      expect(failed.data.quizSubmit.answersShown).toBe(false);
      expect(failed.data.quizSubmit.results[0].correctOptionIds).toBeNull();
    } finally {
      await undo();
    }
    undo = await setShowAnswers(quiz.id, 'NEVER');
    try {
      const view = await t.gql(browser, QUIZ.replace('canSubmit', 'canSubmit showAnswers'), { id: quiz.id });
      expect(view.data.quiz.showAnswers).toBe('NEVER');
      const passed = await t.gql(browser, SUBMIT, {
        input: { quizId: quiz.id, answers: correctAnswers(quiz.questions) },
      });
      expect(passed.data.quizSubmit.attempt.passed).toBe(true);
      expect(passed.data.quizSubmit.answersShown).toBe(false);
      expect(
        passed.data.quizSubmit.results.every(
          (r: { correct: boolean; correctOptionIds: unknown }) => r.correct && r.correctOptionIds === null,
        ),
      ).toBe(true);
    } finally {
      await undo();
    }
  });
});

describe('lists', () => {
  const MY = `query($first: Int, $after: String) { myEnrollments(first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id source createdAt completedAt course { id title } progress { percent totalLessons completed nextStep { id } } } } }`;
  const STUDENTS = `query($courseId: ID, $first: Int, $after: String) { instructorStudents(courseId: $courseId, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id completedAt user { id username displayName } course { id title } progress { percent completedLessons totalLessons } } } }`;
  const ATTEMPTS = `query($courseId: ID, $first: Int) { instructorQuizAttempts(courseId: $courseId, first: $first) {
    totalCount nodes { id scorePercent passed createdAt quizId quizTitle user { id username } course { id title } } } }`;

  it('lists my enrollments newest first with progress, paged', async () => {
    const { browser, id } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    await grant(ballet.id, id);
    await grant(hipHop.id, id);
    const page1 = (await t.gql(browser, MY, { first: 2 })).data.myEnrollments;
    expect(page1.totalCount).toBe(3);
    expect(page1.nodes.map((n: { course: { title: string } }) => n.course.title)).toEqual([HIP_HOP, BALLET]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await t.gql(browser, MY, { first: 2, after: page1.pageInfo.endCursor })).data
      .myEnrollments;
    expect(page2.nodes).toHaveLength(1);
    expect(page2.nodes[0]).toMatchObject({
      source: 'free',
      course: { title: FREE },
      progress: { percent: 0, totalLessons: 3, completed: false, nextStep: { id: free.lessons[0].id } },
    });
    const bad = await t.gql(browser, MY, { after: 'garbage' });
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
  });

  it("lists the students of an instructor's courses only (staff: all), with a course filter", async () => {
    const { browser, id } = await newMember(t, 'student');
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    await grant(hipHop.id, id);
    const forInstructor = (await t.gql(as.instructor, STUDENTS, { first: 100 })).data.instructorStudents;
    const titles = new Set(forInstructor.nodes.map((n: { course: { title: string } }) => n.course.title));
    expect(titles.has(FREE)).toBe(true);
    expect(titles.has(HIP_HOP)).toBe(false);
    const forMulti = (await t.gql(as.multi, STUDENTS, { first: 100 })).data.instructorStudents;
    expect(forMulti.nodes.every((n: { course: { title: string } }) => n.course.title === HIP_HOP)).toBe(true);
    expect(forMulti.nodes.some((n: { user: { id: string } }) => n.user.id === id)).toBe(true);
    const filtered = (await t.gql(as.admin, STUDENTS, { first: 100, courseId: hipHop.id })).data
      .instructorStudents;
    expect(filtered.nodes.length).toBeGreaterThan(0);
    expect(filtered.nodes.every((n: { course: { id: string } }) => n.course.id === hipHop.id)).toBe(true);
    // an instructor filtering on someone else's course sees nothing
    const notMine = (await t.gql(as.instructor, STUDENTS, { courseId: hipHop.id })).data.instructorStudents;
    expect(notMine.totalCount).toBe(0);
    // a student whose access a refund took away is no longer one
    await t.orm.em
      .fork()
      .getConnection()
      .execute('update enrollments set access_revoked_at = now() where user_id = ? and course_id = ?', [
        id,
        hipHop.id,
      ]);
    const afterRefund = (await t.gql(as.multi, STUDENTS, { first: 100 })).data.instructorStudents;
    expect(afterRefund.nodes.some((n: { user: { id: string } }) => n.user.id === id)).toBe(false);
    expect(afterRefund.totalCount).toBe(forMulti.totalCount - 1);
    // the instructor's filter options
    const options = await t.gql(as.multi, `{ instructorLearningCourses { id title } }`);
    expect(options.data.instructorLearningCourses).toEqual([{ id: hipHop.id, title: HIP_HOP }]);
  });

  it('lists quiz attempts on my courses with the quiz title and learner', async () => {
    const { browser, id } = await newMember(t, 'attempter');
    await grant(hipHop.id, id);
    const quiz = hipHop.quizzes[0];
    await t.gql(browser, SUBMIT, { input: { quizId: quiz.id, answers: wrongAnswers(quiz.questions) } });
    const forMulti = (await t.gql(as.multi, ATTEMPTS, { first: 100 })).data.instructorQuizAttempts;
    const mine = forMulti.nodes.find((n: { user: { id: string } }) => n.user.id === id);
    expect(mine).toMatchObject({
      quizId: quiz.id,
      quizTitle: 'Groove check',
      passed: false,
      course: { title: HIP_HOP },
    });
    const forInstructor = (await t.gql(as.instructor, ATTEMPTS, { first: 100 })).data.instructorQuizAttempts;
    expect(forInstructor.nodes.some((n: { quizId: string }) => n.quizId === quiz.id)).toBe(false);
    const forOfficer = (await t.gql(as.officer, ATTEMPTS, { first: 100, courseId: hipHop.id })).data
      .instructorQuizAttempts;
    expect(forOfficer.nodes.some((n: { user: { id: string } }) => n.user.id === id)).toBe(true);
  });

  it('refuses the instructor lists and grants to members and sellers', async () => {
    for (const who of [as.member, as.seller]) {
      expect(codes(await t.gql(who, STUDENTS, {}))).toEqual(['FORBIDDEN']);
      expect(codes(await t.gql(who, ATTEMPTS, {}))).toEqual(['FORBIDDEN']);
      expect(codes(await t.gql(who, `{ instructorLearningCourses { id } }`))).toEqual(['FORBIDDEN']);
    }
    expect(codes(await t.gql(t.agent(), STUDENTS, {}))).toEqual(['UNAUTHENTICATED']);
    expect(codes(await t.gql(t.agent(), MY, {}))).toEqual(['UNAUTHENTICATED']);
  });

  describe('SQL cost', () => {
    const queriesDuring = (work: () => Promise<unknown>) => countQueries(t.orm, work);

    /** Inserts `count` learners enrolled in the free course, each with a completed lesson and an attempt. */
    async function addLearners(count: number) {
      const conn = db(t);
      const quiz = free.quizzes[0];
      for (let i = 0; i < count; i += 1) {
        const user = crypto.randomUUID();
        await conn.execute(
          `insert into users (id, username, username_key, password_hash, role, roles, created_at, updated_at)
           values (?, ?, ?, 'x', 'user', '{user}', now(), now())`,
          [user, `bulk_${user.slice(0, 8)}`, `bulk_${user.slice(0, 8)}`],
        );
        await conn.execute(
          `insert into enrollments (id, user_id, course_id, source, created_at) values (?, ?, ?, 'free', clock_timestamp())`,
          [crypto.randomUUID(), user, free.id],
        );
        await conn.execute(`insert into lesson_progress (id, user_id, lesson_id) values (?, ?, ?)`, [
          crypto.randomUUID(),
          user,
          free.lessons[0].id,
        ]);
        await conn.execute(
          `insert into quiz_attempts (id, quiz_id, user_id, answers, score_percent, passed, created_at)
           values (?, ?, ?, '{}', 50, false, clock_timestamp())`,
          [crypto.randomUUID(), quiz.id, user],
        );
      }
    }

    it('costs the same few queries for 5 and 50 students, attempts and enrollments', async () => {
      await addLearners(55);
      for (const query of [STUDENTS, ATTEMPTS]) {
        let small = 0;
        let large = 0;
        const five = await queriesDuring(async () => {
          const res = await t.gql(as.instructor, query, { first: 5 });
          small = (Object.values(res.data)[0] as { nodes: unknown[] }).nodes.length;
        });
        const fifty = await queriesDuring(async () => {
          const res = await t.gql(as.instructor, query, { first: 50 });
          large = (Object.values(res.data)[0] as { nodes: unknown[] }).nodes.length;
        });
        expect([small, large]).toEqual([5, 50]);
        expect(fifty.length, fifty.join('\n')).toBe(five.length);
        expect(five.length).toBeGreaterThan(0);
        expect(five.length, five.join('\n')).toBeLessThanOrEqual(6);
      }
    });

    it("costs the same for 1 and 6 courses of the catalogue with the viewer's fields", async () => {
      // a learner enrolled in several courses
      const { browser, id } = await newMember(t);
      await t.gql(browser, ENROLL, { input: { courseId: free.id } });
      await grant(ballet.id, id);
      await grant(hipHop.id, id);
      const CATALOGUE = `query($first: Int) { courses(first: $first) { nodes { id
        viewerEnrollment { id source } viewerProgress { percent nextStep { id } } } } }`;
      const MINE = `query($first: Int) { myEnrollments(first: $first) { nodes { id course { id title viewerProgress { percent } } progress { percent } } } }`;
      for (const [query, sizes] of [
        [CATALOGUE, [1, 6]],
        [MINE, [1, 3]],
      ] as const) {
        const counts: number[] = [];
        for (const first of sizes) {
          const log = await queriesDuring(async () => {
            const res = await t.gql(browser, query, { first });
            expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
            expect((Object.values(res.data)[0] as { nodes: unknown[] }).nodes).toHaveLength(first);
          });
          counts.push(log.length);
        }
        expect(counts[1], query).toBe(counts[0]);
      }
    });
  });
});
