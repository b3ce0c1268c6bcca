import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { User } from '../users';
import { CourseCategory } from './course-category.entity';
import { CourseModule } from './course-module.entity';
import { Course } from './course.entity';
import {
  CourseAssignInstructorInput,
  CourseCategoryCreateInput,
  CourseCategoryDeleteInput,
  CourseCategoryUpdateInput,
  CourseCreateInput,
  CourseDeleteInput,
  CoursePublishInput,
  CourseUpdateInput,
  DanceStyleCreateInput,
  DanceStyleDeleteInput,
  DanceStyleUpdateInput,
  LessonCreateInput,
  LessonDeleteInput,
  LessonsReorderInput,
  LessonUpdateInput,
  ModuleCreateInput,
  ModuleDeleteInput,
  ModulesReorderInput,
  ModuleUpdateInput,
  QuizCreateInput,
  QuizDeleteInput,
  QuizQuestionCreateInput,
  QuizQuestionDeleteInput,
  QuizQuestionsReorderInput,
  QuizQuestionUpdateInput,
  QuizUpdateInput,
} from './courses.inputs';
import {
  CourseCategoryDeletePayload,
  CourseCategoryPayload,
  CourseContentDeletePayload,
  CourseContentReorderPayload,
  CourseDeletePayload,
  CoursePayload,
  DanceStyleDeletePayload,
  DanceStylePayload,
  LessonPayload,
  ModulePayload,
  QuizPayload,
  QuizQuestionPayload,
} from './courses.payloads';
import { AuthoringModule, CourseConnection, CourseFilter, CourseSort, TaughtCourse } from './courses.types';
import { DanceStyle } from './dance-style.entity';

const AFTER_SORTED =
  'The endCursor of the previous page (made with the same sort); null starts at the beginning. Another ' +
  'sort’s cursor, or one not made by this list, is a BAD_USER_INPUT error.';
const ID_OR_SLUG = 'The course id (a UUID) or its slug (case-insensitive).';

/** Courses: catalogue, course pages, authoring, and the staff's course administration. */
@Resolver(() => Course)
export class CoursesResolver {
  // Public reads

  @Query(() => CourseConnection, {
    description:
      'The catalogue: published courses matching `filter`, a page at a time, in `sort` order (newest first by default).',
  })
  courses(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_SORTED }) after?: string,
    @Arg('filter', () => CourseFilter, {
      nullable: true,
      description: 'Every given filter must match; null: every published course.',
    })
    filter?: CourseFilter,
    @Arg('sort', () => CourseSort, {
      nullable: true,
      description: 'Default: RELEVANCE with a search, else NEWEST.',
    })
    sort?: CourseSort,
  ): Promise<CourseConnection> {
    return ctx.services.courses.list({ ...filter, published: true, sort }, pageSize(first), after);
  }

  @Query(() => Course, {
    nullable: true,
    description:
      'A course by id or slug: a published course, or a draft when the viewer is its instructor or staff; ' +
      'null when unknown or not visible to the viewer.',
  })
  course(
    @Arg('id', () => ID, { description: ID_OR_SLUG }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Course | null> {
    return ctx.services.courses.findVisible(id, ctx.user);
  }

  @Query(() => [CourseCategory], { description: 'Every course category, by name (A to Z).' })
  courseCategories(@Ctx() ctx: Context): Promise<CourseCategory[]> {
    return ctx.services.courseTaxonomy.categories();
  }

  @Query(() => [DanceStyle], { description: 'The dance style list, in its order (by position, then name).' })
  danceStyles(@Ctx() ctx: Context): Promise<DanceStyle[]> {
    return ctx.services.courseTaxonomy.danceStyles();
  }

  // Instructors

  @Query(() => Course, {
    nullable: true,
    description:
      'A course to edit, by id or slug, whose `curriculum` (full content) can be selected: the viewer’s own ' +
      'course, or any course for staff; null when unknown or not the viewer’s.',
  })
  instructorCourse(
    @Arg('id', () => ID, { description: ID_OR_SLUG }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Course | null> {
    return ctx.services.courses.findForAuthoring(id, ctx.user!);
  }

  @Query(() => [TaughtCourse], {
    description:
      'The courses whose instructor is the viewer (drafts too), newest first, with enrollment and completion counts.',
  })
  myTaughtCourses(@Ctx() ctx: Context): Promise<TaughtCourse[]> {
    return ctx.services.courses.taughtCourses(ctx.user!);
  }

  // Staff

  @Query(() => CourseConnection, {
    description: 'Every course, published or draft, newest first, a page at a time.',
  })
  adminCourses(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Full-text search as in CourseFilter.search (the order stays newest first); null or empty: no search.',
    })
    search?: string,
    @Arg('published', () => Boolean, {
      nullable: true,
      description: 'true: published courses only; false: drafts only; null: both.',
    })
    published?: boolean,
  ): Promise<CourseConnection> {
    return ctx.services.courses.list(
      { published: published ?? null, search, sort: CourseSort.NEWEST },
      pageSize(first),
      after,
    );
  }

  @Query(() => [User], {
    description:
      'Users with the instructor role, by username (at most 100): the choices for a course’s instructor.',
  })
  courseInstructorCandidates(
    @Ctx() ctx: Context,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Text found in the username, first name or last name (ignoring case; % and _ match themselves); null or empty: all.',
    })
    search?: string,
  ): Promise<User[]> {
    return ctx.services.courses.instructorCandidates(search, 100);
  }

  // Course fields

  @FieldResolver(() => User, { description: 'The instructor who teaches and edits the course.' })
  instructor(@Root() course: Course): Promise<User> {
    return Reference.create(course.instructor).loadOrFail();
  }

  @FieldResolver(() => DanceStyle, { nullable: true, description: 'Its dance style; null when none is set.' })
  async danceStyle(@Root() course: Course): Promise<DanceStyle | null> {
    return course.danceStyle ? await Reference.create(course.danceStyle).load() : null;
  }

  @FieldResolver(() => CourseCategory, {
    nullable: true,
    description: 'Its category; null when none is set.',
  })
  async category(@Root() course: Course): Promise<CourseCategory | null> {
    return course.category ? await Reference.create(course.category).load() : null;
  }

  @FieldResolver(() => [CourseModule], {
    description:
      'The syllabus: modules in order, with their lessons’ and quizzes’ titles and settings (never lesson content or questions).',
  })
  modules(@Root() course: Course): Promise<CourseModule[]> {
    return course.modules.loadItems();
  }

  @FieldResolver(() => Int, { description: 'How many lessons its modules hold in all.' })
  async lessonCount(@Root() course: Course, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.services.courses.stats(course)).lessonCount;
  }

  @FieldResolver(() => Int, { description: 'The sum of its lessons’ durations, in minutes.' })
  async totalDurationMinutes(@Root() course: Course, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.services.courses.stats(course)).totalDurationMinutes;
  }

  @FieldResolver(() => [AuthoringModule], {
    description:
      'The full content with lesson bodies, videos and quiz answers, modules in order. Readable by the ' +
      'course’s instructor and staff only: anyone else gets a FORBIDDEN (signed out: UNAUTHENTICATED) error for this field.',
  })
  curriculum(@Root() course: Course, @Ctx() ctx: Context): Promise<AuthoringModule[]> {
    return ctx.services.courses.curriculum(course);
  }

  // Course mutations

  @Mutation(() => CoursePayload, {
    description:
      'Creates an unpublished (draft) course with a slug made from its title; its instructor is the ' +
      'viewer, or the user named by input.instructorId. userErrors: INVALID_INPUT (a value out of ' +
      'its limits, an unknown dance style, category or certificate template, an instructorId ' +
      'without the instructor role, the same title saved at the same moment), FORBIDDEN ' +
      '(instructorId of another user, unless staff), NOT_FOUND (unknown instructorId).',
  })
  courseCreate(
    @Arg('input', { description: 'The new course.' }) input: CourseCreateInput,
    @Ctx() ctx: Context,
  ): Promise<CoursePayload> {
    return payload<Omit<CoursePayload, 'userErrors'>>(
      async () => ({ course: await ctx.services.courses.create(ctx.user!, input) }),
      {
        course: null,
      },
    );
  }

  @Mutation(() => CoursePayload, {
    description:
      'Changes the given fields of a course; a new title gives it a new slug. userErrors: NOT_FOUND ' +
      '(unknown courseId), FORBIDDEN (a course of another instructor), INVALID_INPUT (as for ' +
      'courseCreate).',
  })
  courseUpdate(
    @Arg('input', { description: 'The course and the fields to change.' }) input: CourseUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<CoursePayload> {
    return payload<Omit<CoursePayload, 'userErrors'>>(
      async () => ({ course: await ctx.services.courses.update(ctx.user!, input) }),
      {
        course: null,
      },
    );
  }

  @Mutation(() => CoursePayload, {
    description:
      'Publishes a course (it is listed in the catalogue and open to learners) or takes it back to ' +
      'a draft (enrolled learners keep their access). Publishing needs at least one module with a ' +
      'lesson and at least one question in every quiz. userErrors: INVALID_INPUT on `published` ' +
      '(says what is missing), NOT_FOUND (unknown courseId), FORBIDDEN (a course of another ' +
      'instructor).',
  })
  coursePublish(
    @Arg('input', { description: 'The course and its new state.' }) input: CoursePublishInput,
    @Ctx() ctx: Context,
  ): Promise<CoursePayload> {
    return payload<Omit<CoursePayload, 'userErrors'>>(
      async () => ({
        course: await ctx.services.courses.setPublished(ctx.user!, input.courseId, input.published),
      }),
      { course: null },
    );
  }

  @Mutation(() => CourseDeletePayload, {
    description:
      'Deletes a course with its modules, lessons, quizzes and questions. userErrors: INVALID_INPUT ' +
      '(it has enrollments or certificates: unpublish it instead), NOT_FOUND (unknown courseId), ' +
      'FORBIDDEN (a course of another instructor).',
  })
  courseDelete(
    @Arg('input', { description: 'The course to delete.' }) input: CourseDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CourseDeletePayload> {
    return payload<Omit<CourseDeletePayload, 'userErrors'>>(
      async () => ({ deletedCourseId: await ctx.services.courses.delete(ctx.user!, input.courseId) }),
      { deletedCourseId: null },
    );
  }

  @Mutation(() => CoursePayload, {
    description:
      'Makes another user, who must have the instructor role, the instructor of a course. ' +
      'userErrors: NOT_FOUND (unknown courseId or instructorId), INVALID_INPUT (the user is not an ' +
      'instructor), FORBIDDEN (the caller is not staff).',
  })
  courseAssignInstructor(
    @Arg('input', { description: 'The course and its new instructor.' }) input: CourseAssignInstructorInput,
    @Ctx() ctx: Context,
  ): Promise<CoursePayload> {
    return payload<Omit<CoursePayload, 'userErrors'>>(
      async () => ({
        course: await ctx.services.courses.assignInstructor(ctx.user!, input.courseId, input.instructorId),
      }),
      { course: null },
    );
  }

  // Modules

  @Mutation(() => ModulePayload, {
    description:
      'Adds a module after the last module of a course. userErrors: NOT_FOUND (unknown courseId), ' +
      'FORBIDDEN (a course of another instructor), INVALID_INPUT (title).',
  })
  moduleCreate(
    @Arg('input', { description: "The course and the module's title." }) input: ModuleCreateInput,
    @Ctx() ctx: Context,
  ): Promise<ModulePayload> {
    return payload<Omit<ModulePayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.createModule(
          ctx.user!,
          input.courseId,
          input.title,
        );
        return { course, module: item };
      },
      { course: null, module: null },
    );
  }

  @Mutation(() => ModulePayload, {
    description:
      'Renames a module. userErrors: NOT_FOUND (unknown moduleId), FORBIDDEN (a course of another ' +
      'instructor), INVALID_INPUT (title).',
  })
  moduleUpdate(
    @Arg('input', { description: 'The module and its new title.' }) input: ModuleUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<ModulePayload> {
    return payload<Omit<ModulePayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.updateModule(
          ctx.user!,
          input.moduleId,
          input.title,
        );
        return { course, module: item };
      },
      { course: null, module: null },
    );
  }

  @Mutation(() => CourseContentDeletePayload, {
    description:
      "Deletes a module with its lessons, quizzes and questions, and the learners' completion marks " +
      'and quiz attempts on them. userErrors: NOT_FOUND (unknown moduleId), FORBIDDEN (a course of ' +
      'another instructor).',
  })
  moduleDelete(
    @Arg('input', { description: 'The module to delete.' }) input: ModuleDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CourseContentDeletePayload> {
    return payload<Omit<CourseContentDeletePayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.deleteModule(ctx.user!, input.moduleId);
        return { course, deletedId: item };
      },
      { course: null, deletedId: null },
    );
  }

  @Mutation(() => CourseContentReorderPayload, {
    description:
      'Puts the modules of a course in the given order (positions 0, 1, 2…). userErrors: NOT_FOUND ' +
      '(unknown courseId), FORBIDDEN (a course of another instructor), INVALID_INPUT (moduleIds ' +
      'does not list every module of the course exactly once).',
  })
  modulesReorder(
    @Arg('input', { description: 'The course and its module ids in the new order.' })
    input: ModulesReorderInput,
    @Ctx() ctx: Context,
  ): Promise<CourseContentReorderPayload> {
    return payload<Omit<CourseContentReorderPayload, 'userErrors'>>(
      async () => ({
        course: await ctx.services.courseContent.reorderModules(ctx.user!, input.courseId, input.moduleIds),
      }),
      { course: null },
    );
  }

  // Lessons

  @Mutation(() => LessonPayload, {
    description:
      'Adds a lesson after the last lesson of a module. userErrors: NOT_FOUND (unknown moduleId), ' +
      'FORBIDDEN (a course of another instructor), INVALID_INPUT (a value out of its limits, a ' +
      'video URL that is not http(s)).',
  })
  lessonCreate(
    @Arg('input', { description: 'The module and the new lesson.' }) input: LessonCreateInput,
    @Ctx() ctx: Context,
  ): Promise<LessonPayload> {
    return payload<Omit<LessonPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.createLesson(ctx.user!, input);
        return { course, lesson: item };
      },
      { course: null, lesson: null },
    );
  }

  @Mutation(() => LessonPayload, {
    description:
      'Changes the given fields of a lesson. userErrors: NOT_FOUND (unknown lessonId), FORBIDDEN (a ' +
      'course of another instructor), INVALID_INPUT (as for lessonCreate).',
  })
  lessonUpdate(
    @Arg('input', { description: 'The lesson and the fields to change.' }) input: LessonUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<LessonPayload> {
    return payload<Omit<LessonPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.updateLesson(ctx.user!, input);
        return { course, lesson: item };
      },
      { course: null, lesson: null },
    );
  }

  @Mutation(() => CourseContentDeletePayload, {
    description:
      "Deletes a lesson and the learners' completion marks on it; a quiz that followed it stays, " +
      'tied to no lesson. userErrors: NOT_FOUND (unknown lessonId), FORBIDDEN (a course of another ' +
      'instructor).',
  })
  lessonDelete(
    @Arg('input', { description: 'The lesson to delete.' }) input: LessonDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CourseContentDeletePayload> {
    return payload<Omit<CourseContentDeletePayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.deleteLesson(ctx.user!, input.lessonId);
        return { course, deletedId: item };
      },
      { course: null, deletedId: null },
    );
  }

  @Mutation(() => CourseContentReorderPayload, {
    description:
      'Puts the lessons of a module in the given order (positions 0, 1, 2…). userErrors: NOT_FOUND ' +
      '(unknown moduleId), FORBIDDEN (a course of another instructor), INVALID_INPUT (lessonIds ' +
      'does not list every lesson of the module exactly once).',
  })
  lessonsReorder(
    @Arg('input', { description: 'The module and its lesson ids in the new order.' })
    input: LessonsReorderInput,
    @Ctx() ctx: Context,
  ): Promise<CourseContentReorderPayload> {
    return payload<Omit<CourseContentReorderPayload, 'userErrors'>>(
      async () => ({
        course: await ctx.services.courseContent.reorderLessons(ctx.user!, input.moduleId, input.lessonIds),
      }),
      { course: null },
    );
  }

  // Quizzes

  @Mutation(() => QuizPayload, {
    description:
      'Adds a quiz, without questions, after the last quiz of a module (a course cannot be ' +
      'published while a quiz has no question). userErrors: NOT_FOUND (unknown moduleId), FORBIDDEN ' +
      '(a course of another instructor), INVALID_INPUT (a value out of its limits, a lessonId not ' +
      'of this module).',
  })
  quizCreate(
    @Arg('input', { description: "The module and the new quiz's settings." }) input: QuizCreateInput,
    @Ctx() ctx: Context,
  ): Promise<QuizPayload> {
    return payload<Omit<QuizPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.createQuiz(ctx.user!, input);
        return { course, quiz: item };
      },
      { course: null, quiz: null },
    );
  }

  @Mutation(() => QuizPayload, {
    description:
      'Changes the given settings of a quiz; earlier attempts keep their scores and pass/fail ' +
      'results. userErrors: NOT_FOUND (unknown quizId), FORBIDDEN (a course of another instructor), ' +
      'INVALID_INPUT (as for quizCreate).',
  })
  quizUpdate(
    @Arg('input', { description: 'The quiz and the settings to change.' }) input: QuizUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<QuizPayload> {
    return payload<Omit<QuizPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.updateQuiz(ctx.user!, input);
        return { course, quiz: item };
      },
      { course: null, quiz: null },
    );
  }

  @Mutation(() => CourseContentDeletePayload, {
    description:
      "Deletes a quiz with its questions and every learner's attempts at it. userErrors: NOT_FOUND " +
      '(unknown quizId), FORBIDDEN (a course of another instructor).',
  })
  quizDelete(
    @Arg('input', { description: 'The quiz to delete.' }) input: QuizDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CourseContentDeletePayload> {
    return payload<Omit<CourseContentDeletePayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.deleteQuiz(ctx.user!, input.quizId);
        return { course, deletedId: item };
      },
      { course: null, deletedId: null },
    );
  }

  @Mutation(() => QuizQuestionPayload, {
    description:
      'Adds a question after the last question of a quiz; the server makes the option ids. ' +
      'userErrors: NOT_FOUND (unknown quizId), FORBIDDEN (a course of another instructor), ' +
      'INVALID_INPUT (kind, prompt, options or explanation breaks its rules).',
  })
  quizQuestionCreate(
    @Arg('input', { description: 'The quiz and the new question.' }) input: QuizQuestionCreateInput,
    @Ctx() ctx: Context,
  ): Promise<QuizQuestionPayload> {
    return payload<Omit<QuizQuestionPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.createQuestion(ctx.user!, input);
        return { course, question: item };
      },
      { course: null, question: null },
    );
  }

  @Mutation(() => QuizQuestionPayload, {
    description:
      'Changes a question; options sent with their id keep it, so earlier attempts still name them ' +
      '(earlier scores are not recomputed). userErrors: NOT_FOUND (unknown questionId), FORBIDDEN ' +
      '(a course of another instructor), INVALID_INPUT (as for quizQuestionCreate).',
  })
  quizQuestionUpdate(
    @Arg('input', { description: 'The question and the parts to change.' }) input: QuizQuestionUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<QuizQuestionPayload> {
    return payload<Omit<QuizQuestionPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.updateQuestion(ctx.user!, input);
        return { course, question: item };
      },
      { course: null, question: null },
    );
  }

  @Mutation(() => CourseContentDeletePayload, {
    description:
      'Deletes a question; earlier attempts keep their scores. userErrors: NOT_FOUND (unknown ' +
      'questionId), FORBIDDEN (a course of another instructor).',
  })
  quizQuestionDelete(
    @Arg('input', { description: 'The question to delete.' }) input: QuizQuestionDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CourseContentDeletePayload> {
    return payload<Omit<CourseContentDeletePayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.deleteQuestion(ctx.user!, input.questionId);
        return { course, deletedId: item };
      },
      { course: null, deletedId: null },
    );
  }

  @Mutation(() => CourseContentReorderPayload, {
    description:
      'Puts the questions of a quiz in the given order (positions 0, 1, 2…). userErrors: NOT_FOUND ' +
      '(unknown quizId), FORBIDDEN (a course of another instructor), INVALID_INPUT (questionIds ' +
      'does not list every question of the quiz exactly once).',
  })
  quizQuestionsReorder(
    @Arg('input', { description: 'The quiz and its question ids in the new order.' })
    input: QuizQuestionsReorderInput,
    @Ctx() ctx: Context,
  ): Promise<CourseContentReorderPayload> {
    return payload<Omit<CourseContentReorderPayload, 'userErrors'>>(
      async () => ({
        course: await ctx.services.courseContent.reorderQuestions(ctx.user!, input.quizId, input.questionIds),
      }),
      { course: null },
    );
  }

  // Categories and dance styles (staff)

  @Mutation(() => CourseCategoryPayload, {
    description:
      'Creates a course category with a slug made from its name. userErrors: INVALID_INPUT (name ' +
      'missing, too long or taken; description too long).',
  })
  courseCategoryCreate(
    @Arg('input', { description: 'The new category.' }) input: CourseCategoryCreateInput,
    @Ctx() ctx: Context,
  ): Promise<CourseCategoryPayload> {
    return payload<Omit<CourseCategoryPayload, 'userErrors'>>(
      async () => ({ category: await ctx.services.courseTaxonomy.createCategory(input) }),
      {
        category: null,
      },
    );
  }

  @Mutation(() => CourseCategoryPayload, {
    description:
      'Renames a category (a new name gives a new slug) or changes its description. userErrors: ' +
      'NOT_FOUND (unknown categoryId), INVALID_INPUT (as for courseCategoryCreate).',
  })
  courseCategoryUpdate(
    @Arg('input', { description: 'The category and the fields to change.' }) input: CourseCategoryUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<CourseCategoryPayload> {
    return payload<Omit<CourseCategoryPayload, 'userErrors'>>(
      async () => ({ category: await ctx.services.courseTaxonomy.updateCategory(input) }),
      {
        category: null,
      },
    );
  }

  @Mutation(() => CourseCategoryDeletePayload, {
    description:
      'Deletes a category; its courses keep existing without a category. userErrors: NOT_FOUND ' +
      '(unknown categoryId).',
  })
  courseCategoryDelete(
    @Arg('input', { description: 'The category to delete.' }) input: CourseCategoryDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CourseCategoryDeletePayload> {
    return payload<Omit<CourseCategoryDeletePayload, 'userErrors'>>(
      async () => ({ deletedCategoryId: await ctx.services.courseTaxonomy.deleteCategory(input.categoryId) }),
      { deletedCategoryId: null },
    );
  }

  @Mutation(() => DanceStylePayload, {
    description:
      'Adds a dance style at the end of the list. userErrors: INVALID_INPUT (name missing, too long ' +
      'or taken).',
  })
  danceStyleCreate(
    @Arg('input', { description: 'The new dance style.' }) input: DanceStyleCreateInput,
    @Ctx() ctx: Context,
  ): Promise<DanceStylePayload> {
    return payload<Omit<DanceStylePayload, 'userErrors'>>(
      async () => ({ danceStyle: await ctx.services.courseTaxonomy.createDanceStyle(input) }),
      {
        danceStyle: null,
      },
    );
  }

  @Mutation(() => DanceStylePayload, {
    description:
      'Renames a dance style or moves it in the list. userErrors: NOT_FOUND (unknown danceStyleId), ' +
      'INVALID_INPUT (name missing, too long or taken; position out of 0–10 000).',
  })
  danceStyleUpdate(
    @Arg('input', { description: 'The dance style and the fields to change.' }) input: DanceStyleUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<DanceStylePayload> {
    return payload<Omit<DanceStylePayload, 'userErrors'>>(
      async () => ({ danceStyle: await ctx.services.courseTaxonomy.updateDanceStyle(input) }),
      {
        danceStyle: null,
      },
    );
  }

  @Mutation(() => DanceStyleDeletePayload, {
    description:
      'Deletes a dance style; its courses keep existing without a style. userErrors: NOT_FOUND ' +
      '(unknown danceStyleId).',
  })
  danceStyleDelete(
    @Arg('input', { description: 'The dance style to delete.' }) input: DanceStyleDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<DanceStyleDeletePayload> {
    return payload<Omit<DanceStyleDeletePayload, 'userErrors'>>(
      async () => ({
        deletedDanceStyleId: await ctx.services.courseTaxonomy.deleteDanceStyle(input.danceStyleId),
      }),
      { deletedDanceStyleId: null },
    );
  }
}
