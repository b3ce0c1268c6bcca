// Test helpers only (the .test.ts suffix keeps this file out of the production build).
import type request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';

/** Shared helpers of the learning integration tests (demo users and the demo catalogue). */

export type Agent = ReturnType<typeof request.agent>;

export const PASSWORD = 'drx-demo-2026';
export const json = { 'content-type': 'application/json' };
export const DEMO = ['admin', 'officer', 'seller', 'instructor', 'member', 'multi'] as const;
export type DemoName = (typeof DEMO)[number];

export const FREE = 'Foundations of Teaching Dance';
export const BALLET = 'Teaching Classical Ballet: Grades 1–3'; // paid, 2 attempts, instructor
export const HIP_HOP = 'Hip Hop Choreography for Teens'; // paid, unlimited attempts, taught by multi
export const TAP = 'Tap Rhythms and Musicality'; // member-only

export interface QuestionRow {
  id: string;
  kind: 'single' | 'multiple' | 'true_false';
  options: { id: string; text: string }[];
  correct: string[];
  explanation: string | null;
}
export interface CourseStructure {
  id: string;
  lessons: { id: string; moduleId: string }[];
  quizzes: {
    id: string;
    moduleId: string;
    attemptsAllowed: number;
    passMark: number;
    questions: QuestionRow[];
  }[];
}

export function db(t: TestApp) {
  return t.orm.em.fork().getConnection();
}

export async function signIn(t: TestApp, username: string, password = PASSWORD): Promise<Agent> {
  const browser = t.agent();
  const res = await browser.post('/api/login').set(json).send({ username, password });
  expect(res.status).toBe(200);
  return browser;
}

let registered = 0;
/** A new member, signed in. */
export async function newMember(t: TestApp, prefix = 'learner'): Promise<{ browser: Agent; id: string }> {
  registered += 1;
  const browser = t.agent();
  const username = `${prefix}${registered}_${Date.now().toString(36)}`;
  const res = await browser.post('/api/register').set(json).send({ username, password: 'learning-test-pw' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { browser, id: res.body.id };
}

export async function courseId(t: TestApp, title: string): Promise<string> {
  const rows: { id: string }[] = await db(t).execute('select id from courses where title = ?', [title]);
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

export async function userId(t: TestApp, username: string): Promise<string> {
  const rows: { id: string }[] = await db(t).execute('select id from users where username_key = ?', [
    username.toLowerCase(),
  ]);
  return rows[0].id;
}

/** A course's lessons and quizzes in learning order, with the correct answers (from the database). */
export async function structureOf(t: TestApp, title: string): Promise<CourseStructure> {
  const id = await courseId(t, title);
  const conn = db(t);
  const lessons: { id: string; module_id: string }[] = await conn.execute(
    `select l.id, l.module_id from lessons l join course_modules m on m.id = l.module_id
      where m.course_id = ? order by m.position, l.position`,
    [id],
  );
  const quizzes: { id: string; module_id: string; attempts_allowed: number; pass_mark_percent: number }[] =
    await conn.execute(
      `select q.id, q.module_id, q.attempts_allowed, q.pass_mark_percent from quizzes q
         join course_modules m on m.id = q.module_id where m.course_id = ? order by m.position, q.position`,
      [id],
    );
  const questions: {
    id: string;
    quiz_id: string;
    kind: QuestionRow['kind'];
    options: QuestionRow['options'];
    correct_option_ids: string[];
    explanation: string | null;
  }[] = await conn.execute(
    `select qq.id, qq.quiz_id, qq.kind, qq.options, qq.correct_option_ids, qq.explanation
       from quiz_questions qq join quizzes q on q.id = qq.quiz_id join course_modules m on m.id = q.module_id
      where m.course_id = ? order by qq.position`,
    [id],
  );
  return {
    id,
    lessons: lessons.map((l) => ({ id: l.id, moduleId: l.module_id })),
    quizzes: quizzes.map((q) => ({
      id: q.id,
      moduleId: q.module_id,
      attemptsAllowed: q.attempts_allowed,
      passMark: q.pass_mark_percent,
      questions: questions
        .filter((qq) => qq.quiz_id === q.id)
        .map((qq) => ({
          id: qq.id,
          kind: qq.kind,
          options: qq.options,
          correct: qq.correct_option_ids,
          explanation: qq.explanation,
        })),
    })),
  };
}

export function correctAnswers(questions: QuestionRow[]) {
  return questions.map((q) => ({ questionId: q.id, optionIds: q.correct }));
}

/** One wrong option for a question (a single option not in the correct set). */
export function wrongOption(q: QuestionRow): string {
  return q.options.find((o) => !q.correct.includes(o.id))!.id;
}

export function wrongAnswers(questions: QuestionRow[]) {
  return questions.map((q) => ({ questionId: q.id, optionIds: [wrongOption(q)] }));
}

export function codes(res: { errors?: { extensions?: { code?: string } }[] }) {
  return res.errors?.map((e) => e.extensions?.code);
}

export const ENROLL = `mutation E($input: CourseEnrollInput!) {
  courseEnroll(input: $input) {
    enrollment { id source createdAt completedAt course { id title } user { id username } }
    userErrors { code field message } } }`;
export const GRANT = `mutation G($input: EnrollmentGrantInput!) {
  enrollmentGrant(input: $input) { enrollment { id source user { id } course { id } } userErrors { code field message } } }`;
export const LESSON = `query L($id: ID!) { lesson(id: $id) {
  id title position durationMinutes videoUrl body completed previousLessonId nextLessonId
  previous { kind id moduleId title completed } next { kind id moduleId title completed }
  module { id title } course { id title } } }`;
export const MODULE = `query M($courseId: ID!, $moduleId: ID!) { courseModule(courseId: $courseId, moduleId: $moduleId) {
  id title position previousModuleId nextModuleId course { id title }
  lessons { id title position durationMinutes completed } quizzes { id title passMarkPercent questionCount passed } } }`;
export const QUIZ = `query Q($id: ID!) { quiz(id: $id) {
  id title passMarkPercent attemptsAllowed attemptsUsed attemptsLeft bestScorePercent passed canSubmit
  questions { id prompt kind options { id text } }
  attempts { id scorePercent passed createdAt }
  module { id title } course { id title } } }`;
export const COMPLETE = `mutation C($input: LessonProgressInput!) { lessonComplete(input: $input) {
  lesson { id completed } course { id viewerProgress { completedLessons totalLessons passedQuizzes totalQuizzes percent completed } }
  courseCompleted certificate { id number } userErrors { code field message } } }`;
export const INCOMPLETE = `mutation I($input: LessonProgressInput!) { lessonIncomplete(input: $input) {
  lesson { id completed } courseCompleted userErrors { code field message } } }`;
export const SUBMIT = `mutation S($input: QuizSubmitInput!) { quizSubmit(input: $input) {
  attempt { id scorePercent passed createdAt }
  results { questionId correct chosenOptionIds correctOptionIds explanation } answersShown
  quiz { id attemptsUsed attemptsLeft bestScorePercent passed canSubmit }
  courseCompleted certificate { id number } userErrors { code field message } } }`;
export const VIEWER = `query V($id: ID!) { course(id: $id) { id
  viewerEnrollment { id source completedAt }
  viewerProgress { completedLessons totalLessons passedQuizzes totalQuizzes percent completed
    nextStep { kind id moduleId title completed } } } }`;
