import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize } from '../../graphql/connection';
import { payload } from '../../graphql/payload';
import { CertificateTemplate } from '../certificates/certificate-template.entity';
import { User } from '../users/user.entity';
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

/** Courses: catalogue, course pages, authoring, and the staff's course administration. */
@Resolver(() => Course)
export class CoursesResolver {
  // Public reads

  @Query(() => CourseConnection, {
    description: 'The catalogue: published courses, filtered and sorted (newest first by default).',
  })
  courses(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => CourseFilter, { nullable: true }) filter?: CourseFilter,
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
      'A course by id or slug: published ones for everyone, drafts for their instructor and staff.',
  })
  course(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Course | null> {
    return ctx.services.courses.findVisible(id, ctx.user);
  }

  @Query(() => [CourseCategory])
  courseCategories(@Ctx() ctx: Context): Promise<CourseCategory[]> {
    return ctx.services.courseTaxonomy.categories();
  }

  @Query(() => [DanceStyle], { description: 'The dance style list, in its order.' })
  danceStyles(@Ctx() ctx: Context): Promise<DanceStyle[]> {
    return ctx.services.courseTaxonomy.danceStyles();
  }

  // Instructors

  @Query(() => Course, {
    nullable: true,
    description: 'A course to edit (my own, or any for staff), with `curriculum`; null otherwise.',
  })
  instructorCourse(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Course | null> {
    return ctx.services.courses.findForAuthoring(id, ctx.user!);
  }

  @Query(() => [TaughtCourse], { description: 'The courses I teach (drafts too), newest first.' })
  myTaughtCourses(@Ctx() ctx: Context): Promise<TaughtCourse[]> {
    return ctx.services.courses.taughtCourses(ctx.user!);
  }

  // Staff

  @Query(() => CourseConnection, { description: 'Every course, newest first (staff).' })
  adminCourses(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('published', () => Boolean, { nullable: true }) published?: boolean,
  ): Promise<CourseConnection> {
    return ctx.services.courses.list(
      { published: published ?? null, search, sort: CourseSort.NEWEST },
      pageSize(first),
      after,
    );
  }

  @Query(() => [User], { description: 'Users with the instructor role, by username (staff; at most 100).' })
  courseInstructorCandidates(
    @Ctx() ctx: Context,
    @Arg('search', () => String, { nullable: true }) search?: string,
  ): Promise<User[]> {
    return ctx.services.courses.instructorCandidates(search, 100);
  }

  // Course fields

  @FieldResolver(() => User)
  instructor(@Root() course: Course): Promise<User> {
    return Reference.create(course.instructor).loadOrFail();
  }

  @FieldResolver(() => DanceStyle, { nullable: true })
  async danceStyle(@Root() course: Course): Promise<DanceStyle | null> {
    return course.danceStyle ? await Reference.create(course.danceStyle).load() : null;
  }

  @FieldResolver(() => CourseCategory, { nullable: true })
  async category(@Root() course: Course): Promise<CourseCategory | null> {
    return course.category ? await Reference.create(course.category).load() : null;
  }

  @FieldResolver(() => CertificateTemplate, {
    nullable: true,
    description: 'Its certificate layout; null uses the default template (its instructor and staff only).',
  })
  async certificateTemplate(@Root() course: Course): Promise<CertificateTemplate | null> {
    return course.certificateTemplate ? await Reference.create(course.certificateTemplate).load() : null;
  }

  @FieldResolver(() => [CourseModule], {
    description: 'The syllabus: modules in order, with lesson and quiz titles (never lesson content).',
  })
  modules(@Root() course: Course): Promise<CourseModule[]> {
    return course.modules.loadItems();
  }

  @FieldResolver(() => Int)
  async lessonCount(@Root() course: Course, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.services.courses.stats(course)).lessonCount;
  }

  @FieldResolver(() => Int, { description: 'The sum of the lessons’ durations.' })
  async totalDurationMinutes(@Root() course: Course, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.services.courses.stats(course)).totalDurationMinutes;
  }

  @FieldResolver(() => [AuthoringModule], {
    description:
      'The full content with lesson bodies, videos and quiz answers: for the course’s instructor and staff only.',
  })
  curriculum(@Root() course: Course, @Ctx() ctx: Context): Promise<AuthoringModule[]> {
    return ctx.services.courses.curriculum(course);
  }

  // Course mutations

  @Mutation(() => CoursePayload, {
    description: 'Creates a draft course (instructors; staff may name another instructor).',
  })
  courseCreate(@Arg('input') input: CourseCreateInput, @Ctx() ctx: Context): Promise<CoursePayload> {
    return payload<Omit<CoursePayload, 'userErrors'>>(
      async () => ({ course: await ctx.services.courses.create(ctx.user!, input) }),
      {
        course: null,
      },
    );
  }

  @Mutation(() => CoursePayload, { description: 'Changes my course (staff: any course).' })
  courseUpdate(@Arg('input') input: CourseUpdateInput, @Ctx() ctx: Context): Promise<CoursePayload> {
    return payload<Omit<CoursePayload, 'userErrors'>>(
      async () => ({ course: await ctx.services.courses.update(ctx.user!, input) }),
      {
        course: null,
      },
    );
  }

  @Mutation(() => CoursePayload, {
    description: 'Publishes (needs a module with a lesson) or unpublishes a course.',
  })
  coursePublish(@Arg('input') input: CoursePublishInput, @Ctx() ctx: Context): Promise<CoursePayload> {
    return payload<Omit<CoursePayload, 'userErrors'>>(
      async () => ({
        course: await ctx.services.courses.setPublished(ctx.user!, input.courseId, input.published),
      }),
      { course: null },
    );
  }

  @Mutation(() => CourseDeletePayload, { description: 'Deletes a course nobody is enrolled in.' })
  courseDelete(@Arg('input') input: CourseDeleteInput, @Ctx() ctx: Context): Promise<CourseDeletePayload> {
    return payload<Omit<CourseDeletePayload, 'userErrors'>>(
      async () => ({ deletedCourseId: await ctx.services.courses.delete(ctx.user!, input.courseId) }),
      { deletedCourseId: null },
    );
  }

  @Mutation(() => CoursePayload, { description: 'Gives a course to another instructor (staff).' })
  courseAssignInstructor(
    @Arg('input') input: CourseAssignInstructorInput,
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

  @Mutation(() => ModulePayload, { description: 'Adds a module at the end of my course.' })
  moduleCreate(@Arg('input') input: ModuleCreateInput, @Ctx() ctx: Context): Promise<ModulePayload> {
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

  @Mutation(() => ModulePayload, { description: 'Renames a module.' })
  moduleUpdate(@Arg('input') input: ModuleUpdateInput, @Ctx() ctx: Context): Promise<ModulePayload> {
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
    description: 'Deletes a module with its lessons and quizzes.',
  })
  moduleDelete(
    @Arg('input') input: ModuleDeleteInput,
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
    description: 'Puts the modules of a course in a new order.',
  })
  modulesReorder(
    @Arg('input') input: ModulesReorderInput,
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

  @Mutation(() => LessonPayload, { description: 'Adds a lesson at the end of a module.' })
  lessonCreate(@Arg('input') input: LessonCreateInput, @Ctx() ctx: Context): Promise<LessonPayload> {
    return payload<Omit<LessonPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.createLesson(ctx.user!, input);
        return { course, lesson: item };
      },
      { course: null, lesson: null },
    );
  }

  @Mutation(() => LessonPayload)
  lessonUpdate(@Arg('input') input: LessonUpdateInput, @Ctx() ctx: Context): Promise<LessonPayload> {
    return payload<Omit<LessonPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.updateLesson(ctx.user!, input);
        return { course, lesson: item };
      },
      { course: null, lesson: null },
    );
  }

  @Mutation(() => CourseContentDeletePayload)
  lessonDelete(
    @Arg('input') input: LessonDeleteInput,
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
    description: 'Puts the lessons of a module in a new order.',
  })
  lessonsReorder(
    @Arg('input') input: LessonsReorderInput,
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

  @Mutation(() => QuizPayload, { description: 'Adds a quiz at the end of a module.' })
  quizCreate(@Arg('input') input: QuizCreateInput, @Ctx() ctx: Context): Promise<QuizPayload> {
    return payload<Omit<QuizPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.createQuiz(ctx.user!, input);
        return { course, quiz: item };
      },
      { course: null, quiz: null },
    );
  }

  @Mutation(() => QuizPayload)
  quizUpdate(@Arg('input') input: QuizUpdateInput, @Ctx() ctx: Context): Promise<QuizPayload> {
    return payload<Omit<QuizPayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.updateQuiz(ctx.user!, input);
        return { course, quiz: item };
      },
      { course: null, quiz: null },
    );
  }

  @Mutation(() => CourseContentDeletePayload)
  quizDelete(@Arg('input') input: QuizDeleteInput, @Ctx() ctx: Context): Promise<CourseContentDeletePayload> {
    return payload<Omit<CourseContentDeletePayload, 'userErrors'>>(
      async () => {
        const { course, item } = await ctx.services.courseContent.deleteQuiz(ctx.user!, input.quizId);
        return { course, deletedId: item };
      },
      { course: null, deletedId: null },
    );
  }

  @Mutation(() => QuizQuestionPayload, { description: 'Adds a question at the end of a quiz.' })
  quizQuestionCreate(
    @Arg('input') input: QuizQuestionCreateInput,
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

  @Mutation(() => QuizQuestionPayload)
  quizQuestionUpdate(
    @Arg('input') input: QuizQuestionUpdateInput,
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

  @Mutation(() => CourseContentDeletePayload)
  quizQuestionDelete(
    @Arg('input') input: QuizQuestionDeleteInput,
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
    description: 'Puts the questions of a quiz in a new order.',
  })
  quizQuestionsReorder(
    @Arg('input') input: QuizQuestionsReorderInput,
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

  @Mutation(() => CourseCategoryPayload)
  courseCategoryCreate(
    @Arg('input') input: CourseCategoryCreateInput,
    @Ctx() ctx: Context,
  ): Promise<CourseCategoryPayload> {
    return payload<Omit<CourseCategoryPayload, 'userErrors'>>(
      async () => ({ category: await ctx.services.courseTaxonomy.createCategory(input) }),
      {
        category: null,
      },
    );
  }

  @Mutation(() => CourseCategoryPayload)
  courseCategoryUpdate(
    @Arg('input') input: CourseCategoryUpdateInput,
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
    description: 'Deletes a category; its courses keep existing.',
  })
  courseCategoryDelete(
    @Arg('input') input: CourseCategoryDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CourseCategoryDeletePayload> {
    return payload<Omit<CourseCategoryDeletePayload, 'userErrors'>>(
      async () => ({ deletedCategoryId: await ctx.services.courseTaxonomy.deleteCategory(input.categoryId) }),
      { deletedCategoryId: null },
    );
  }

  @Mutation(() => DanceStylePayload)
  danceStyleCreate(
    @Arg('input') input: DanceStyleCreateInput,
    @Ctx() ctx: Context,
  ): Promise<DanceStylePayload> {
    return payload<Omit<DanceStylePayload, 'userErrors'>>(
      async () => ({ danceStyle: await ctx.services.courseTaxonomy.createDanceStyle(input) }),
      {
        danceStyle: null,
      },
    );
  }

  @Mutation(() => DanceStylePayload)
  danceStyleUpdate(
    @Arg('input') input: DanceStyleUpdateInput,
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
    description: 'Deletes a dance style; its courses keep existing without a style.',
  })
  danceStyleDelete(
    @Arg('input') input: DanceStyleDeleteInput,
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
