import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  COMPLETE,
  correctAnswers,
  type CourseStructure,
  db,
  ENROLL,
  FREE,
  INCOMPLETE,
  newMember,
  structureOf,
  SUBMIT,
  VIEWER,
  wrongAnswers,
} from './learning-fixtures.test';

// Course completion issues the certificate through the certificates module (engineer C's
// CertificatesService.issueForCompletion).

let t: TestApp;
let free: CourseStructure;

beforeAll(async () => {
  t = await startTestApp();
  free = await structureOf(t, FREE);
});
afterAll(() => t.close());

const SUBMIT_SEEING_ENROLLMENT = SUBMIT.replace(
  'courseCompleted',
  'course { id viewerEnrollment { id completedAt } } courseCompleted',
);

async function certificatesOf(userId: string) {
  return db(t).execute<{ id: string; number: string }[]>(
    'select id, number from certificates where user_id = ? and course_id = ?',
    [userId, free.id],
  );
}

async function completedAtOf(userId: string): Promise<string | null> {
  const rows = await db(t).execute<{ completed_at: string | null }[]>(
    'select completed_at from enrollments where user_id = ? and course_id = ?',
    [userId, free.id],
  );
  return rows[0].completed_at;
}

describe('course completion', () => {
  it('completes the course with the last step, sets completedAt and issues one certificate', async () => {
    // given a member enrolled in the free course
    const { browser, id } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const quiz = free.quizzes[0];

    // when they complete every lesson, the course is not complete yet (the quiz is not passed)
    for (const lesson of free.lessons) {
      const res = await t.gql(browser, COMPLETE, { input: { lessonId: lesson.id } });
      expect(res.data.lessonComplete).toMatchObject({
        userErrors: [],
        courseCompleted: false,
        certificate: null,
      });
    }
    // a failed quiz does not complete it either
    const failed = await t.gql(browser, SUBMIT, {
      input: { quizId: quiz.id, answers: wrongAnswers(quiz.questions) },
    });
    expect(failed.data.quizSubmit).toMatchObject({ courseCompleted: false, certificate: null });
    expect(await completedAtOf(id)).toBeNull();

    // then passing the quiz completes it and issues the certificate
    const passed = await t.gql(browser, SUBMIT_SEEING_ENROLLMENT, {
      input: { quizId: quiz.id, answers: correctAnswers(quiz.questions) },
    });
    // the same answer already shows the completed enrollment
    expect(passed.data.quizSubmit.course.viewerEnrollment.completedAt).not.toBeNull();
    expect(passed.data.quizSubmit.userErrors).toEqual([]);
    expect(passed.data.quizSubmit.attempt).toMatchObject({ scorePercent: 100, passed: true });
    expect(passed.data.quizSubmit.courseCompleted).toBe(true);
    const certificate = passed.data.quizSubmit.certificate;
    expect(certificate).toEqual({ id: expect.any(String), number: expect.any(String) });
    expect(await certificatesOf(id)).toEqual([certificate]);
    expect(await completedAtOf(id)).not.toBeNull();

    const viewer = await t.gql(browser, VIEWER, { id: free.id });
    expect(viewer.data.course.viewerEnrollment.completedAt).not.toBeNull();
    expect(viewer.data.course.viewerProgress).toMatchObject({ percent: 100, completed: true });
  });

  it('issues exactly one certificate under 20 concurrent completions, and sets completedAt once', async () => {
    // given a learner with the quiz passed and every lesson but the last complete
    const { browser, id } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const quiz = free.quizzes[0];
    const pass = await t.gql(browser, SUBMIT, {
      input: { quizId: quiz.id, answers: correctAnswers(quiz.questions) },
    });
    expect(pass.data.quizSubmit.courseCompleted).toBe(false);
    const last = free.lessons[free.lessons.length - 1];
    for (const lesson of free.lessons.slice(0, -1)) {
      await t.gql(browser, COMPLETE, { input: { lessonId: lesson.id } });
    }
    // when the last lesson is marked complete 20 times at once
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.gql(browser, COMPLETE, { input: { lessonId: last.id } })),
    );
    // then every answer reports the completed course with the same certificate, and one exists
    for (const res of answers) {
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      expect(res.data.lessonComplete.userErrors).toEqual([]);
      expect(res.data.lessonComplete.courseCompleted).toBe(true);
    }
    const ids = new Set(answers.map((a) => a.data.lessonComplete.certificate.id));
    expect(ids.size).toBe(1);
    const stored = await certificatesOf(id);
    expect(stored).toHaveLength(1);
    expect(stored[0].id).toBe([...ids][0]);
    const completedAt = await completedAtOf(id);
    expect(completedAt).not.toBeNull();

    // and later completions change neither completedAt nor the certificate
    const again = await t.gql(browser, COMPLETE, { input: { lessonId: last.id } });
    expect(again.data.lessonComplete.certificate.id).toBe(stored[0].id);
    expect(await completedAtOf(id)).toEqual(completedAt);
  });

  it('keeps a completed course completed when a lesson is marked incomplete', async () => {
    const { browser, id } = await newMember(t);
    await t.gql(browser, ENROLL, { input: { courseId: free.id } });
    const quiz = free.quizzes[0];
    for (const lesson of free.lessons) await t.gql(browser, COMPLETE, { input: { lessonId: lesson.id } });
    await t.gql(browser, SUBMIT, { input: { quizId: quiz.id, answers: correctAnswers(quiz.questions) } });
    const completedAt = await completedAtOf(id);
    expect(completedAt).not.toBeNull();

    await t.gql(browser, INCOMPLETE, { input: { lessonId: free.lessons[0].id } });
    expect(await completedAtOf(id)).toEqual(completedAt);
    expect(await certificatesOf(id)).toHaveLength(1);
    const viewer = await t.gql(browser, VIEWER, { id: free.id });
    expect(viewer.data.course.viewerProgress).toMatchObject({ completed: true, percent: 75 });
    expect(viewer.data.course.viewerProgress.nextStep).toMatchObject({ id: free.lessons[0].id });
  });
});
