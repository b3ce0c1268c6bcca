import { Cursor, type FilterQuery, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { emitEnrollmentEvent } from './enrollment-webhook-events';
import { invalidCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import type { Certificate } from '../certificates';
import { courseAccessRefusal, courseStepsSql } from '../courses';
import { enrollmentOpenSql, hasMemberCourseAccess } from '../memberships';
import { Course } from '../courses';
import { CourseModule } from '../courses';
import { Lesson } from '../courses';
import { Quiz, type QuizShowAnswers } from '../courses';
import { hasAnyRole, STAFF_ROLES } from '../users';
import { User } from '../users';
import { isUuid } from '../../lib/ids';
import { Batcher } from '../../lib/batcher';
import { grantEnrollment } from './enrollment-grants';
import { Enrollment, type EnrollmentSource } from './enrollment.entity';
import { answersShown, withholdAnswerKey } from './quiz-answer-key';
import { QuizAttempt } from './quiz-attempt.entity';
import { type QuestionOutcome, scoreQuiz, validateAnswers, type SubmittedAnswer } from './quiz-scoring';
import { reinstateCertificatesAfterRefund } from '../certificates';
import { notWatchedError, watchingPendingCondition } from '../practice';

/**
 * Where: an enrollment that opens its course now (enrollment_open: not taken back by a refund, and one made
 * through the membership only while the membership gives access). A new fragment per query: MikroORM
 * forgets a raw fragment once used.
 */
const openEnrollment = () =>
  ({ [raw((alias: string) => enrollmentOpenSql(alias))]: true }) as Record<string, boolean>;

/** What the learning module needs from the certificates module (engineer C's service). */
export interface CertificateIssuer {
  issueForCompletionWhenDue(userId: string, courseId: string): Promise<Certificate | null>;
}

export const LESSONS_LOCKED = 'Enroll in this course to see its lessons';
export const QUIZZES_LOCKED = 'Enroll in this course to take its quizzes';
export const PROGRESS_LOCKED = 'Enroll in this course to track your progress';

export interface Step {
  kind: 'lesson' | 'quiz';
  id: string;
  moduleId: string;
  title: string;
  completed: boolean;
}

export interface Progress {
  completedLessons: number;
  totalLessons: number;
  passedQuizzes: number;
  totalQuizzes: number;
  percent: number;
  completed: boolean;
  nextStep: Step | null;
}

/** A learner's steps through one course (in learning order) and when they completed it. */
interface ProgressData {
  steps: Step[];
  completedAt: Date | null;
}

export interface LessonView {
  id: string;
  title: string;
  position: number;
  durationMinutes: number;
  videoUrl: string | null;
  body: string;
  module: CourseModule;
  course: Course;
  previousLessonId: string | null;
  nextLessonId: string | null;
  previous: Step | null;
  next: Step | null;
  completed: boolean;
}

export interface ModuleView {
  id: string;
  title: string;
  position: number;
  course: Course;
  lessons: { id: string; title: string; position: number; durationMinutes: number; completed: boolean }[];
  quizzes: { id: string; title: string; passMarkPercent: number; questionCount: number; passed: boolean }[];
  previousModuleId: string | null;
  nextModuleId: string | null;
}

export interface QuizView {
  id: string;
  title: string;
  passMarkPercent: number;
  attemptsAllowed: number;
  showAnswers: QuizShowAnswers;
  attemptsUsed: number;
  attemptsLeft: number | null;
  bestScorePercent: number | null;
  passed: boolean;
  canSubmit: boolean;
  questions: { id: string; prompt: string; kind: string; options: { id: string; text: string }[] }[];
  attempts: QuizAttempt[];
  module: CourseModule;
  course: Course;
}

export interface Completion {
  course: Course;
  courseCompleted: boolean;
  certificate: Certificate | null;
}

export interface ListPage {
  first: number;
  after?: string | null;
  courseId?: string | null;
}

const key = (userId: string, courseId: string) => `${userId}|${courseId}`;

/** Progress figures from a learner's steps. */
export function progressOf(data: ProgressData): Progress {
  const lessons = data.steps.filter((s) => s.kind === 'lesson');
  const quizzes = data.steps.filter((s) => s.kind === 'quiz');
  const done = data.steps.filter((s) => s.completed).length;
  const total = data.steps.length;
  const allDone = total > 0 && done === total;
  return {
    completedLessons: lessons.filter((s) => s.completed).length,
    totalLessons: lessons.length,
    passedQuizzes: quizzes.filter((s) => s.completed).length,
    totalQuizzes: quizzes.length,
    percent: total ? Math.round((100 * done) / total) : 0,
    completed: allDone || data.completedAt !== null,
    nextStep: data.steps.find((s) => !s.completed) ?? data.steps[0] ?? null,
  };
}

/** A cursor of these lists is exactly [createdAt, id]; anything else is refused up front. */
function isDateIdCursor(cursor: string): boolean {
  let values: unknown;
  try {
    values = Cursor.decode(cursor);
  } catch {
    return false;
  }
  return (
    Array.isArray(values) &&
    values.length === 2 &&
    (typeof values[0] === 'string' || values[0] instanceof Date) &&
    !Number.isNaN(new Date(values[0] as string).getTime()) &&
    isUuid(values[1])
  );
}

/**
 * Learning: enrollment, lesson and quiz access, progress, quiz attempts and course completion.
 * One instance per request (it batches the progress and enrollment look-ups of a GraphQL response).
 */
export class LearningService {
  private readonly progressLoader = new Batcher<ProgressData>((keys) => this.loadProgress(keys));
  private readonly enrollmentLoader = new Batcher<Enrollment | null>((keys) => this.loadEnrollments(keys));

  constructor(
    private readonly em: EntityManager,
    private readonly certificates: () => CertificateIssuer,
  ) {}

  // ---------------------------------------------------------------- roles and access

  isStaff(user: User): boolean {
    return hasAnyRole(user, STAFF_ROLES);
  }

  /** Staff, or the course's own instructor. */
  teaches(user: User, course: Course): boolean {
    return this.isStaff(user) || course.instructor.id === user.id;
  }

  /**
   * Who may read a course's lessons and quizzes: its enrolled learners, its instructor and staff.
   * Returns the viewer's enrollment (null for a teacher who is not enrolled), null when the course
   * should look unknown (unpublished, and the viewer neither enrolled nor teaching it), and throws
   * FORBIDDEN for a member who is not enrolled.
   */
  private async readAccess(
    user: User,
    course: Course,
    lockedMessage: string,
  ): Promise<{ enrollment: Enrollment | null } | null> {
    const enrollment = await this.findEnrollment(user.id, course.id);
    if (enrollment || this.teaches(user, course)) return { enrollment };
    if (!course.published) return null;
    throw new DomainError('FORBIDDEN', lockedMessage);
  }

  /** The enrollment a learner needs to record progress or submit a quiz (not batched: fresh). */
  private async requireEnrollment(user: User, course: Course, lockedMessage: string): Promise<Enrollment> {
    const enrollment = await this.findEnrollment(user.id, course.id);
    if (enrollment) return enrollment;
    if (!course.published && !this.teaches(user, course)) {
      throw new DomainError('NOT_FOUND', 'Course not found');
    }
    throw new DomainError('FORBIDDEN', lockedMessage);
  }

  /** An enrollment that still opens the course (a refunded purchase's has `accessRevokedAt`). */
  private findEnrollment(userId: string, courseId: string): Promise<Enrollment | null> {
    return this.em.findOne(Enrollment, { user: userId, course: courseId, ...openEnrollment() });
  }

  // ---------------------------------------------------------------- batched look-ups (no N+1)

  /** The enrollment of a user in a course, batched across one GraphQL response. */
  enrollmentFor(userId: string, courseId: string): Promise<Enrollment | null> {
    return this.enrollmentLoader.load(key(userId, courseId));
  }

  /** The progress of a user in a course, batched across one GraphQL response. */
  async progressFor(userId: string, courseId: string): Promise<Progress> {
    return progressOf(await this.progressLoader.load(key(userId, courseId)));
  }

  /** My progress in a course I am enrolled in; null when I am not. */
  async viewerProgress(user: User | null, courseId: string): Promise<Progress | null> {
    if (!user) return null;
    const enrollment = await this.enrollmentFor(user.id, courseId);
    return enrollment ? this.progressFor(user.id, courseId) : null;
  }

  private async loadEnrollments(keys: string[]): Promise<Map<string, Enrollment | null>> {
    const byUser = new Map<string, string[]>();
    for (const k of keys) {
      const [userId, courseId] = k.split('|');
      byUser.set(userId, [...(byUser.get(userId) ?? []), courseId]);
    }
    const result = new Map<string, Enrollment | null>(keys.map((k) => [k, null]));
    for (const [userId, courseIds] of byUser) {
      // refresh: a completion earlier in this request updated completed_at with SQL.
      const found = await this.em.find(
        Enrollment,
        { user: userId, course: { $in: courseIds }, ...openEnrollment() },
        { refresh: true },
      );
      for (const e of found) result.set(key(userId, e.course.id), e);
    }
    return result;
  }

  /**
   * The steps of each (user, course) pair with the user's completion of each, in one query: lessons
   * then quizzes, module by module, in position order.
   */
  private async loadProgress(keys: string[]): Promise<Map<string, ProgressData>> {
    const pairs = keys.map((k) => k.split('|') as [string, string]);
    const rows = await this.em.execute<
      {
        user_id: string;
        course_id: string;
        completed_at: Date | null;
        kind: 'lesson' | 'quiz' | null;
        step_id: string | null;
        module_id: string | null;
        title: string | null;
        done: boolean | null;
      }[]
    >(
      `with pairs (user_id, course_id) as (values ${pairs.map(() => '(?::uuid, ?::uuid)').join(', ')}),
       steps as (${courseStepsSql('select course_id from pairs')})
       select p.user_id, p.course_id, e.completed_at, s.kind, s.id as step_id, s.module_id, s.title,
              case when s.kind = 'lesson'
                   then exists (select 1 from lesson_progress lp where lp.user_id = p.user_id and lp.lesson_id = s.id)
                   else exists (select 1 from quiz_attempts a
                                 where a.user_id = p.user_id and a.quiz_id = s.id and a.passed)
              end as done
         from pairs p
         left join enrollments e on e.user_id = p.user_id and e.course_id = p.course_id
         left join steps s on s.course_id = p.course_id
        order by p.user_id, p.course_id, s.module_position, s.module_id, s.kind_order, s.position, s.id`,
      pairs.flat(),
    );
    const result = new Map<string, ProgressData>(keys.map((k) => [k, { steps: [], completedAt: null }]));
    for (const row of rows) {
      const data = result.get(key(row.user_id, row.course_id));
      if (!data) continue;
      data.completedAt = row.completed_at ? new Date(row.completed_at) : null;
      if (row.step_id && row.kind && row.module_id) {
        data.steps.push({
          kind: row.kind,
          id: row.step_id,
          moduleId: row.module_id,
          title: row.title ?? '',
          completed: !!row.done,
        });
      }
    }
    return result;
  }

  // ---------------------------------------------------------------- enrollment

  /**
   * Enrolls me in a published course: free courses at once; member-only courses need a membership
   * (staff may enter them); paid courses are bought through the cart. Enrolling twice returns the
   * enrollment I have (the unique (user, course) index settles concurrent requests).
   */
  async enroll(user: User, courseId: string): Promise<Enrollment> {
    if (!courseId) throw new DomainError('INVALID_INPUT', 'Choose a course to enroll in', 'courseId');
    const course = isUuid(courseId) ? await this.em.findOne(Course, { id: courseId, published: true }) : null;
    if (!course) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
    const existing = await this.findEnrollment(user.id, course.id);
    if (existing) return existing;
    // The same rule as the cart and checkout (course-access.ts): member-only needs a membership.
    const refusal = await courseAccessRefusal(this.em, user, course);
    if (refusal) throw refusal;
    let source: EnrollmentSource;
    if (course.memberOnly) {
      // Through the membership: open while it gives access (enrollment_open); staff: granted.
      source = (await hasMemberCourseAccess(this.em, user.id)) ? 'membership' : 'granted';
    } else if (course.priceCents > 0) {
      throw new DomainError('PAYMENT_REQUIRED', 'This course must be purchased', 'courseId');
    } else {
      source = 'free';
    }
    return this.insertEnrollment(user.id, course.id, source);
  }

  /** Gives a user access to a course (its instructor or staff); idempotent. */
  async grant(actor: User, courseId: string, userId: string): Promise<Enrollment> {
    const course = isUuid(courseId) ? await this.em.findOne(Course, { id: courseId }) : null;
    if (!course) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
    if (!this.teaches(actor, course)) {
      throw new DomainError(
        'FORBIDDEN',
        'Only the instructor of this course or staff can grant access',
        'courseId',
      );
    }
    const learner = isUuid(userId) ? await this.em.findOne(User, { id: userId }) : null;
    if (!learner) throw new DomainError('NOT_FOUND', 'User not found', 'userId');
    return this.insertEnrollment(learner.id, course.id, 'granted');
  }

  /** A new enrollment (or access given back) and its `enrollment.created` webhook commit together. */
  private async insertEnrollment(userId: string, courseId: string, source: EnrollmentSource) {
    await this.em.transactional(async (tem) => {
      const enrolled = await grantEnrollment(tem, { userId, courseId, source });
      await reinstateCertificatesAfterRefund(tem, userId, [courseId]);
      if (enrolled) await emitEnrollmentEvent(tem, 'enrollment.created', { userId, courseId });
    });
    return this.em.findOneOrFail(Enrollment, { user: userId, course: courseId }, { populate: ['course'] });
  }

  // ---------------------------------------------------------------- lessons and modules

  /** A lesson with its content, for its course's learners, instructor and staff; null if unknown. */
  async lesson(user: User, lessonId: string): Promise<LessonView | null> {
    const lesson = isUuid(lessonId)
      ? await this.em.findOne(Lesson, { id: lessonId }, { populate: ['module.course'] })
      : null;
    if (!lesson) return null;
    const access = await this.readAccess(user, lesson.module.course, LESSONS_LOCKED);
    if (!access) return null;
    return this.lessonView(user, lesson);
  }

  private async lessonView(user: User, lesson: Lesson): Promise<LessonView> {
    const course = lesson.module.course;
    const data = (await this.loadProgress([key(user.id, course.id)])).get(key(user.id, course.id))!;
    const steps = data.steps;
    const at = steps.findIndex((s) => s.kind === 'lesson' && s.id === lesson.id);
    const lessons = steps.filter((s) => s.kind === 'lesson');
    const li = lessons.findIndex((s) => s.id === lesson.id);
    return {
      id: lesson.id,
      title: lesson.title,
      position: lesson.position,
      durationMinutes: lesson.durationMinutes,
      videoUrl: lesson.videoUrl ?? null,
      body: lesson.body,
      module: lesson.module,
      course,
      previousLessonId: li > 0 ? lessons[li - 1].id : null,
      nextLessonId: li >= 0 && li + 1 < lessons.length ? lessons[li + 1].id : null,
      previous: at > 0 ? steps[at - 1] : null,
      next: at >= 0 && at + 1 < steps.length ? steps[at + 1] : null,
      completed: at >= 0 ? steps[at].completed : false,
    };
  }

  /** A module of a course with its lessons and quizzes and my progress in them; null if unknown. */
  async courseModule(user: User, courseId: string, moduleId: string): Promise<ModuleView | null> {
    if (!isUuid(courseId) || !isUuid(moduleId)) return null;
    const module = await this.em.findOne(
      CourseModule,
      { id: moduleId, course: courseId },
      { populate: ['course', 'lessons', 'quizzes', 'quizzes.questions'] },
    );
    if (!module) return null;
    const course = module.course;
    const access = await this.readAccess(user, course, LESSONS_LOCKED);
    if (!access) return null;
    const [data, modules] = await Promise.all([
      this.loadProgress([key(user.id, course.id)]).then((m) => m.get(key(user.id, course.id))!),
      this.em.find(CourseModule, { course }, { orderBy: { position: 'asc', id: 'asc' }, fields: ['id'] }),
    ]);
    const done = new Set(data.steps.filter((s) => s.completed).map((s) => s.id));
    const at = modules.findIndex((m) => m.id === module.id);
    return {
      id: module.id,
      title: module.title,
      position: module.position,
      course,
      lessons: module.lessons.getItems().map((l) => ({
        id: l.id,
        title: l.title,
        position: l.position,
        durationMinutes: l.durationMinutes,
        completed: done.has(l.id),
      })),
      quizzes: module.quizzes.getItems().map((q) => ({
        id: q.id,
        title: q.title,
        passMarkPercent: q.passMarkPercent,
        questionCount: q.questions.count(),
        passed: done.has(q.id),
      })),
      previousModuleId: at > 0 ? modules[at - 1].id : null,
      nextModuleId: at >= 0 && at + 1 < modules.length ? modules[at + 1].id : null,
    };
  }

  // ---------------------------------------------------------------- progress and completion

  /** Marks a lesson complete for me (idempotent); completes the course when it was the last step. */
  async completeLesson(user: User, lessonId: string): Promise<Completion & { lesson: LessonView }> {
    const lesson = await this.lessonForProgress(lessonId);
    await this.requireEnrollment(user, lesson.module.course, PROGRESS_LOCKED);
    // One statement: completes only while the course's "require watching" rule is met (a hosted or
    // linked video the player tracks, watched 90%); already complete stays complete.
    const pending = watchingPendingCondition(user.id, lesson);
    const inserted = await this.em.execute<{ id: string }[]>(
      `insert into lesson_progress (id, user_id, lesson_id, completed_at)
       select ?, ?, ?, clock_timestamp() where not ${pending.sql}
       on conflict (user_id, lesson_id) do nothing
       returning id`,
      [randomUUID(), user.id, lesson.id, ...pending.params],
    );
    if (!inserted.length) {
      const done = await this.em.execute(
        'select 1 from lesson_progress where user_id = ? and lesson_id = ?',
        [user.id, lesson.id],
      );
      if (!done.length) throw notWatchedError();
    }
    const completion = await this.completeIfDone(user, lesson.module.course);
    return { ...completion, lesson: await this.lessonView(user, lesson) };
  }

  /**
   * Marks a lesson not complete for me. A course already completed stays completed (its
   * completedAt and certificate are kept).
   */
  async uncompleteLesson(user: User, lessonId: string): Promise<Completion & { lesson: LessonView }> {
    const lesson = await this.lessonForProgress(lessonId);
    const course = lesson.module.course;
    await this.requireEnrollment(user, course, PROGRESS_LOCKED);
    await this.em.execute('delete from lesson_progress where user_id = ? and lesson_id = ?', [
      user.id,
      lesson.id,
    ]);
    return { course, courseCompleted: false, certificate: null, lesson: await this.lessonView(user, lesson) };
  }

  private async lessonForProgress(lessonId: string): Promise<Lesson> {
    const lesson = isUuid(lessonId)
      ? await this.em.findOne(Lesson, { id: lessonId }, { populate: ['module.course'] })
      : null;
    if (!lesson) throw new DomainError('NOT_FOUND', 'Lesson not found', 'lessonId');
    return lesson;
  }

  /**
   * When every lesson of the course is complete and every quiz passed: issues the certificate
   * (the certificates service is idempotent and race-safe) and sets the enrollment's completedAt
   * once (a conditional update, so concurrent completions agree).
   */
  private async completeIfDone(user: User, course: Course): Promise<Completion> {
    const data = (await this.loadProgress([key(user.id, course.id)])).get(key(user.id, course.id))!;
    const allDone = data.steps.length > 0 && data.steps.every((s) => s.completed);
    if (!allDone) return { course, courseCompleted: false, certificate: null };
    const certificate = await this.certificates().issueForCompletionWhenDue(user.id, course.id);
    await this.em.transactional(async (tem) => {
      const completed = await tem.execute<{ id: string }[]>(
        `update enrollments set completed_at = clock_timestamp()
          where user_id = ? and course_id = ? and completed_at is null returning id`,
        [user.id, course.id],
      );
      if (completed.length) {
        await emitEnrollmentEvent(tem, 'enrollment.completed', { userId: user.id, courseId: course.id });
      }
    });
    return { course, courseCompleted: true, certificate };
  }

  // ---------------------------------------------------------------- quizzes

  /** A quiz to take: questions without their answers, and my attempts; null if unknown. */
  async quiz(user: User, quizId: string): Promise<QuizView | null> {
    const quiz = isUuid(quizId) ? await this.loadQuiz(quizId) : null;
    if (!quiz) return null;
    const access = await this.readAccess(user, quiz.module.course, QUIZZES_LOCKED);
    if (!access) return null;
    return this.quizView(user, quiz, !!access.enrollment);
  }

  private loadQuiz(quizId: string): Promise<Quiz | null> {
    return this.em.findOne(Quiz, { id: quizId }, { populate: ['questions', 'module.course'] });
  }

  private async quizView(user: User, quiz: Quiz, enrolled: boolean): Promise<QuizView> {
    const attempts = await this.em.find(
      QuizAttempt,
      { quiz: quiz.id, user: user.id },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const passed = attempts.some((a) => a.passed);
    const used = attempts.length;
    const left = quiz.attemptsAllowed > 0 ? Math.max(0, quiz.attemptsAllowed - used) : null;
    return {
      id: quiz.id,
      title: quiz.title,
      passMarkPercent: quiz.passMarkPercent,
      attemptsAllowed: quiz.attemptsAllowed,
      showAnswers: quiz.showAnswers,
      attemptsUsed: used,
      attemptsLeft: left,
      bestScorePercent: used ? Math.max(...attempts.map((a) => a.scorePercent)) : null,
      passed,
      canSubmit: enrolled && !passed && left !== 0,
      questions: quiz.questions.getItems().map((q) => ({
        id: q.id,
        prompt: q.prompt,
        kind: q.kind,
        options: q.options.map((o) => ({ id: o.id, text: o.text })),
      })),
      attempts,
      module: quiz.module,
      course: quiz.module.course,
    };
  }

  /**
   * Scores my answers on the server and stores the attempt. A passed quiz takes no more attempts
   * (retakes are for improving a failed score only); the attempts limit holds under concurrent
   * submissions because the enrollment row is locked while attempts are counted and stored.
   * The results say which answers were wrong; the correct ones only when the quiz's `showAnswers`
   * allows it for this attempt (decided from the attempts counted under that lock).
   */
  async submitQuiz(
    user: User,
    quizId: string,
    answers: SubmittedAnswer[],
  ): Promise<
    Completion & {
      attempt: QuizAttempt;
      results: QuestionOutcome[];
      answersShown: boolean;
      quiz: QuizView;
    }
  > {
    const quiz = isUuid(quizId) ? await this.loadQuiz(quizId) : null;
    if (!quiz) throw new DomainError('NOT_FOUND', 'Quiz not found', 'quizId');
    const course = quiz.module.course;
    const enrollment = await this.requireEnrollment(user, course, QUIZZES_LOCKED);
    const questions = quiz.questions.getItems();
    const chosen = validateAnswers(questions, answers);
    const score = scoreQuiz(questions, chosen, quiz.passMarkPercent);

    const attemptId = randomUUID();
    const attemptsLeft = await this.em.transactional(async (tem) => {
      await tem.execute('select id from enrollments where id = ? for update', [enrollment.id]);
      const [counts] = await tem.execute<{ used: number; passed: boolean }[]>(
        `select count(*)::int as used, coalesce(bool_or(passed), false) as passed
           from quiz_attempts where quiz_id = ? and user_id = ?`,
        [quiz.id, user.id],
      );
      if (counts.passed)
        throw new DomainError('ALREADY_PASSED', 'You have already passed this quiz', 'quizId');
      if (quiz.attemptsAllowed > 0 && Number(counts.used) >= quiz.attemptsAllowed) {
        throw new DomainError('ATTEMPTS_EXHAUSTED', 'No attempts left for this quiz', 'quizId');
      }
      await tem.execute(
        `insert into quiz_attempts (id, quiz_id, user_id, answers, score_percent, passed, created_at)
         values (?, ?, ?, ?::jsonb, ?, ?, clock_timestamp())`,
        [
          attemptId,
          quiz.id,
          user.id,
          JSON.stringify(Object.fromEntries(chosen)),
          score.scorePercent,
          score.passed,
        ],
      );
      return quiz.attemptsAllowed > 0 ? quiz.attemptsAllowed - Number(counts.used) - 1 : null;
    });
    const shown = answersShown(quiz.showAnswers, score.passed, attemptsLeft);

    const completion = score.passed
      ? await this.completeIfDone(user, course)
      : { course, courseCompleted: false, certificate: null };
    const view = await this.quizView(user, quiz, true);
    const attempt = view.attempts.find((a) => a.id === attemptId)!;
    return {
      ...completion,
      attempt,
      results: shown ? score.results : withholdAnswerKey(score.results),
      answersShown: shown,
      quiz: view,
    };
  }

  // ---------------------------------------------------------------- lists

  /** My enrollments, newest first. */
  myEnrollments(user: User, page: ListPage) {
    if (page.after && !isDateIdCursor(page.after)) throw invalidCursor();
    return this.em.findByCursor(
      Enrollment,
      { user: user.id, ...openEnrollment() },
      {
        first: page.first,
        after: page.after ?? undefined,
        orderBy: { createdAt: 'desc', id: 'desc' },
        includeCount: true,
        populate: ['course'],
      },
    );
  }

  /**
   * Enrollments in my courses (staff: all courses), newest first; optionally of one course. An
   * enrollment whose access a refund took away is not a student's (it comes back with the access).
   */
  instructorStudents(actor: User, page: ListPage) {
    if (page.after && !isDateIdCursor(page.after)) throw invalidCursor();
    const course: FilterQuery<Course> = {};
    if (!this.isStaff(actor)) course.instructor = actor.id;
    if (page.courseId) {
      // An id that cannot name a course matches nothing.
      course.id = isUuid(page.courseId) ? page.courseId : '00000000-0000-0000-0000-000000000000';
    }
    return this.em.findByCursor(
      Enrollment,
      { course, ...openEnrollment() },
      {
        first: page.first,
        after: page.after ?? undefined,
        orderBy: { createdAt: 'desc', id: 'desc' },
        includeCount: true,
        populate: ['course', 'user'],
      },
    );
  }

  /** Attempts at the quizzes of my courses (staff: all courses), newest first; optionally of one course. */
  instructorQuizAttempts(actor: User, page: ListPage) {
    if (page.after && !isDateIdCursor(page.after)) throw invalidCursor();
    const course: FilterQuery<Course> = {};
    if (!this.isStaff(actor)) course.instructor = actor.id;
    if (page.courseId) {
      course.id = isUuid(page.courseId) ? page.courseId : '00000000-0000-0000-0000-000000000000';
    }
    return this.em.findByCursor(
      QuizAttempt,
      { quiz: { module: { course } } },
      {
        first: page.first,
        after: page.after ?? undefined,
        orderBy: { createdAt: 'desc', id: 'desc' },
        includeCount: true,
        populate: ['quiz.module.course', 'user'],
      },
    );
  }

  /** The courses whose learners I may list: mine (staff: all), by title. */
  teachingCourses(actor: User): Promise<Course[]> {
    return this.em.find(Course, this.isStaff(actor) ? {} : { instructor: actor.id }, {
      orderBy: { title: 'asc', id: 'asc' },
    });
  }
}
