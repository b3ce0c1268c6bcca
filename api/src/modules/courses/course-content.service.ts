import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import type { User } from '../users';
import { isUuid } from '../../lib/ids';
import { toAuthoringLesson, toAuthoringModule, toAuthoringQuestion, toAuthoringQuiz } from './authoring-view';
import { assertCanEditCourse } from './course-access';
import { CourseModule } from './course-module.entity';
import { courseStatsLoader } from './course-stats';
import * as v from './course-validation';
import type { Course } from './course.entity';
import type {
  LessonCreateInput,
  LessonUpdateInput,
  QuizCreateInput,
  QuizQuestionCreateInput,
  QuizQuestionUpdateInput,
  QuizUpdateInput,
} from './courses.inputs';
import { CoursesService } from './courses.service';
import type { AuthoringLesson, AuthoringModule, AuthoringQuiz, AuthoringQuizQuestion } from './courses.types';
import { Lesson } from './lesson.entity';
import { QuizQuestion } from './quiz-question.entity';
import { Quiz, QuizShowAnswers } from './quiz.entity';

/** Changed content and the course it belongs to. */
export interface Changed<T> {
  course: Course;
  item: T;
}

/**
 * The content of a course — modules, lessons, quizzes and questions — as its instructor (or staff)
 * writes it. Every change checks that the actor may edit the owning course.
 */
export class CourseContentService {
  private readonly courses: CoursesService;

  constructor(private readonly em: EntityManager) {
    this.courses = new CoursesService(em);
  }

  // Modules

  async createModule(actor: User, courseId: string, title: string): Promise<Changed<AuthoringModule>> {
    const course = await this.courses.loadForEdit(actor, courseId);
    const module = this.em.create(CourseModule, {
      course,
      title: v.requiredText(title, 'title', 'Module title', 200),
      position: await this.nextPosition('course_modules', 'course_id', course.id),
    });
    await this.flush();
    return { course, item: { ...toAuthoringModule(module) } };
  }

  async updateModule(actor: User, moduleId: string, title: string): Promise<Changed<AuthoringModule>> {
    const module = await this.loadModule(actor, moduleId);
    module.title = v.requiredText(title, 'title', 'Module title', 200);
    await this.flush();
    await this.em.populate(module, ['lessons', 'quizzes', 'quizzes.questions']);
    return { course: module.course, item: toAuthoringModule(module) };
  }

  async deleteModule(actor: User, moduleId: string): Promise<Changed<string>> {
    const module = await this.loadModule(actor, moduleId);
    const course = module.course;
    // Its lessons, quizzes and questions go with it (on delete cascade).
    this.em.remove(module);
    await this.flush();
    return { course, item: moduleId };
  }

  async reorderModules(actor: User, courseId: string, moduleIds: string[]): Promise<Course> {
    const course = await this.courses.loadForEdit(actor, courseId);
    const modules = await this.em.find(CourseModule, { course: course.id });
    const order = v.reorderedIds(
      moduleIds,
      modules.map((m) => m.id),
      'moduleIds',
    );
    const byId = new Map(modules.map((m) => [m.id, m]));
    order.forEach((id, position) => (byId.get(id)!.position = position));
    await this.flush();
    return course;
  }

  // Lessons

  async createLesson(actor: User, input: LessonCreateInput): Promise<Changed<AuthoringLesson>> {
    const module = await this.loadModule(actor, input.moduleId);
    const lesson = this.em.create(Lesson, {
      module,
      title: v.requiredText(input.title, 'title', 'Lesson title', 200),
      videoUrl: v.videoUrl(input.videoUrl),
      body: v.optionalText(input.body, 'body', 'Lesson text', 50_000),
      durationMinutes: v.durationMinutes(input.durationMinutes),
      position: await this.nextPosition('lessons', 'module_id', module.id),
    });
    await this.flush();
    return { course: module.course, item: toAuthoringLesson(lesson) };
  }

  async updateLesson(actor: User, input: LessonUpdateInput): Promise<Changed<AuthoringLesson>> {
    const lesson = await this.loadLesson(actor, input.lessonId);
    if (input.title !== undefined) lesson.title = v.requiredText(input.title, 'title', 'Lesson title', 200);
    if (input.videoUrl !== undefined) lesson.videoUrl = v.videoUrl(input.videoUrl);
    if (input.body !== undefined) lesson.body = v.optionalText(input.body, 'body', 'Lesson text', 50_000);
    if (input.durationMinutes !== undefined)
      lesson.durationMinutes = v.durationMinutes(input.durationMinutes);
    await this.flush();
    return { course: lesson.module.course, item: toAuthoringLesson(lesson) };
  }

  async deleteLesson(actor: User, lessonId: string): Promise<Changed<string>> {
    const lesson = await this.loadLesson(actor, lessonId);
    const course = lesson.module.course;
    this.em.remove(lesson);
    await this.flush();
    return { course, item: lessonId };
  }

  async reorderLessons(actor: User, moduleId: string, lessonIds: string[]): Promise<Course> {
    const module = await this.loadModule(actor, moduleId);
    const lessons = await this.em.find(Lesson, { module: module.id });
    const order = v.reorderedIds(
      lessonIds,
      lessons.map((l) => l.id),
      'lessonIds',
    );
    const byId = new Map(lessons.map((l) => [l.id, l]));
    order.forEach((id, position) => (byId.get(id)!.position = position));
    await this.flush();
    return module.course;
  }

  // Quizzes

  async createQuiz(actor: User, input: QuizCreateInput): Promise<Changed<AuthoringQuiz>> {
    const module = await this.loadModule(actor, input.moduleId);
    const quiz = this.em.create(Quiz, {
      module,
      title: v.requiredText(input.title, 'title', 'Quiz title', 200),
      passMarkPercent: input.passMarkPercent == null ? 70 : v.passMarkPercent(input.passMarkPercent),
      attemptsAllowed: input.attemptsAllowed == null ? 3 : v.attemptsAllowed(input.attemptsAllowed),
      showAnswers: input.showAnswers ?? QuizShowAnswers.AFTER_PASSING,
      lesson: await this.lessonOfModule(module, input.lessonId),
      position: await this.nextPosition('quizzes', 'module_id', module.id),
    });
    await this.flush();
    return { course: module.course, item: toAuthoringQuiz(quiz) };
  }

  async updateQuiz(actor: User, input: QuizUpdateInput): Promise<Changed<AuthoringQuiz>> {
    const quiz = await this.loadQuiz(actor, input.quizId);
    if (input.title !== undefined) quiz.title = v.requiredText(input.title, 'title', 'Quiz title', 200);
    if (input.passMarkPercent !== undefined) quiz.passMarkPercent = v.passMarkPercent(input.passMarkPercent);
    if (input.attemptsAllowed !== undefined) quiz.attemptsAllowed = v.attemptsAllowed(input.attemptsAllowed);
    if (input.showAnswers != null) quiz.showAnswers = input.showAnswers;
    if (input.lessonId !== undefined) quiz.lesson = await this.lessonOfModule(quiz.module, input.lessonId);
    await this.flush();
    await this.em.populate(quiz, ['questions']);
    return { course: quiz.module.course, item: toAuthoringQuiz(quiz) };
  }

  async deleteQuiz(actor: User, quizId: string): Promise<Changed<string>> {
    const quiz = await this.loadQuiz(actor, quizId);
    const course = quiz.module.course;
    this.em.remove(quiz);
    await this.flush();
    return { course, item: quizId };
  }

  // Questions

  async createQuestion(actor: User, input: QuizQuestionCreateInput): Promise<Changed<AuthoringQuizQuestion>> {
    const quiz = await this.loadQuiz(actor, input.quizId);
    const kind = v.questionKind(input.kind);
    const prompt = v.requiredText(input.prompt, 'prompt', 'Question', 2000);
    const { options, correctOptionIds } = v.questionOptions(kind, input.options);
    const question = this.em.create(QuizQuestion, {
      quiz,
      kind,
      prompt,
      options,
      correctOptionIds,
      explanation: v.optionalText(input.explanation, 'explanation', 'Explanation', 2000) || null,
      position: await this.nextPosition('quiz_questions', 'quiz_id', quiz.id),
    });
    await this.flush();
    return { course: quiz.module.course, item: toAuthoringQuestion(question) };
  }

  async updateQuestion(actor: User, input: QuizQuestionUpdateInput): Promise<Changed<AuthoringQuizQuestion>> {
    const question = await this.loadQuestion(actor, input.questionId);
    if (input.prompt !== undefined)
      question.prompt = v.requiredText(input.prompt, 'prompt', 'Question', 2000);
    const kind = input.kind == null ? question.kind : v.questionKind(input.kind);
    if (input.options != null || kind !== question.kind) {
      // New options, or a new kind checked against the options (kept, with their correct flags).
      const correct = new Set(question.correctOptionIds);
      const given =
        input.options ??
        question.options.map((o) => ({ id: o.id, text: o.text, correct: correct.has(o.id) }));
      const { options, correctOptionIds } = v.questionOptions(kind, given, question.options);
      question.options = options;
      question.correctOptionIds = correctOptionIds;
      question.kind = kind;
    }
    if (input.explanation !== undefined) {
      question.explanation = v.optionalText(input.explanation, 'explanation', 'Explanation', 2000) || null;
    }
    await this.flush();
    return { course: question.quiz.module.course, item: toAuthoringQuestion(question) };
  }

  async deleteQuestion(actor: User, questionId: string): Promise<Changed<string>> {
    const question = await this.loadQuestion(actor, questionId);
    const course = question.quiz.module.course;
    this.em.remove(question);
    await this.flush();
    return { course, item: questionId };
  }

  async reorderQuestions(actor: User, quizId: string, questionIds: string[]): Promise<Course> {
    const quiz = await this.loadQuiz(actor, quizId);
    const questions = await this.em.find(QuizQuestion, { quiz: quiz.id });
    const order = v.reorderedIds(
      questionIds,
      questions.map((q) => q.id),
      'questionIds',
    );
    const byId = new Map(questions.map((q) => [q.id, q]));
    order.forEach((id, position) => (byId.get(id)!.position = position));
    await this.flush();
    return quiz.module.course;
  }

  // Loading with the ownership check

  private async loadModule(actor: User, moduleId: string): Promise<CourseModule> {
    const module = isUuid(moduleId)
      ? await this.em.findOne(CourseModule, { id: moduleId }, { populate: ['course'] })
      : null;
    if (!module) throw new DomainError('NOT_FOUND', 'Module not found', 'moduleId');
    assertCanEditCourse(actor, module.course);
    return module;
  }

  private async loadLesson(actor: User, lessonId: string): Promise<Lesson> {
    const lesson = isUuid(lessonId)
      ? await this.em.findOne(Lesson, { id: lessonId }, { populate: ['module.course'] })
      : null;
    if (!lesson) throw new DomainError('NOT_FOUND', 'Lesson not found', 'lessonId');
    assertCanEditCourse(actor, lesson.module.course);
    return lesson;
  }

  private async loadQuiz(actor: User, quizId: string): Promise<Quiz> {
    const quiz = isUuid(quizId)
      ? await this.em.findOne(Quiz, { id: quizId }, { populate: ['module.course'] })
      : null;
    if (!quiz) throw new DomainError('NOT_FOUND', 'Quiz not found', 'quizId');
    assertCanEditCourse(actor, quiz.module.course);
    return quiz;
  }

  private async loadQuestion(actor: User, questionId: string): Promise<QuizQuestion> {
    const question = isUuid(questionId)
      ? await this.em.findOne(QuizQuestion, { id: questionId }, { populate: ['quiz.module.course'] })
      : null;
    if (!question) throw new DomainError('NOT_FOUND', 'Question not found', 'questionId');
    assertCanEditCourse(actor, question.quiz.module.course);
    return question;
  }

  private async lessonOfModule(
    module: CourseModule,
    lessonId: string | null | undefined,
  ): Promise<Lesson | null> {
    if (!lessonId) return null;
    const lesson = isUuid(lessonId)
      ? await this.em.findOne(Lesson, { id: lessonId, module: module.id })
      : null;
    if (!lesson) throw new DomainError('INVALID_INPUT', 'Choose a lesson of the same module', 'lessonId');
    return lesson;
  }

  /** The position after the last item of a parent (0 for the first). */
  private async nextPosition(table: string, parentColumn: string, parentId: string): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<{ next: number }[]>(
        `select coalesce(max(position) + 1, 0)::int as next from ${table} where ${parentColumn} = ?`,
        [parentId],
      );
    return row.next;
  }

  private async flush(): Promise<void> {
    await this.em.flush();
    courseStatsLoader(this.em).clear();
  }
}
