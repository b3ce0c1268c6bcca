import { courseCertificateCount } from '../certificates';
import { courseEnrollmentCount, openEnrollmentsSql } from '../learning';
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { hasRole } from '../users';
import { User } from '../users';
import { isUuid } from '../../lib/ids';
import { toAuthoringModule } from './authoring-view';
import { assertCanEditCourse, canEditCourse, canViewCourse, isCourseStaff } from './course-access';
import { pageQuery, type CourseListQuery } from './course-catalog';
import { CourseCategory } from './course-category.entity';
import { CourseModule } from './course-module.entity';
import { courseStatsLoader } from './course-stats';
import { slugify } from './course-text';
import * as v from './course-validation';
import { Course, type CourseCertificateTemplate } from './course.entity';
import type { CourseCreateInput, CourseUpdateInput } from './courses.inputs';
import type { AuthoringModule } from './courses.types';
import { DanceStyle } from './dance-style.entity';

/** What a course needs to show in a list or on its page. */
const COURSE_POPULATE = ['instructor', 'danceStyle', 'category'] as const;

export interface TaughtCourseRow {
  course: Course;
  enrollmentCount: number;
  completionCount: number;
}

/** Courses: the catalogue, a course page, and the course-level authoring and admin rules. */
export class CoursesService {
  constructor(private readonly em: EntityManager) {}

  /** A page of courses: one count query, one page query and one query loading the page's rows. */
  async list(query: CourseListQuery, first: number, after?: string | null): Promise<ConnectionShape<Course>> {
    const q = pageQuery(query, first, after);
    const conn = this.em.getConnection();
    const [[count], rows] = await Promise.all([
      conn.execute<{ n: number }[]>(q.count.sql, q.count.params),
      conn.execute<Record<string, unknown>[]>(q.page.sql, q.page.params),
    ]);
    const pageRows = rows.slice(0, first);
    const ids = pageRows.map((r) => String(r.id));
    const loaded = ids.length
      ? await this.em.find(Course, { id: { $in: ids } }, { populate: COURSE_POPULATE })
      : [];
    const byId = new Map(loaded.map((c) => [c.id, c]));
    const edges = pageRows
      .filter((r) => byId.has(String(r.id)))
      .map((r) => ({ node: byId.get(String(r.id))!, cursor: q.cursorOf(r) }));
    return {
      edges,
      nodes: edges.map((e) => e.node),
      totalCount: count.n,
      pageInfo: {
        hasNextPage: rows.length > first,
        hasPreviousPage: Boolean(after),
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  }

  /** A course by id or slug, with its instructor, style and category loaded; null when missing. */
  async findByIdOrSlug(idOrSlug: string): Promise<Course | null> {
    const key = idOrSlug.trim();
    if (!key) return null;
    const where: FilterQuery<Course> = isUuid(key) ? { id: key } : { slug: String(key).toLowerCase() };
    return this.em.findOne(Course, where, { populate: COURSE_POPULATE });
  }

  /** A course the viewer may see: published, or their own draft, or any course for staff. */
  async findVisible(idOrSlug: string, viewer: User | null): Promise<Course | null> {
    const course = await this.findByIdOrSlug(idOrSlug);
    return course && canViewCourse(viewer, course) ? course : null;
  }

  /** A course the viewer may author (its instructor or staff); null otherwise. */
  async findForAuthoring(idOrSlug: string, viewer: User): Promise<Course | null> {
    const course = await this.findByIdOrSlug(idOrSlug);
    return course && canEditCourse(viewer, course) ? course : null;
  }

  /** A course to change: NOT_FOUND when missing, FORBIDDEN when not the actor's own (staff: any). */
  async loadForEdit(actor: User, courseId: string): Promise<Course> {
    const course = isUuid(courseId)
      ? await this.em.findOne(Course, { id: courseId }, { populate: COURSE_POPULATE })
      : null;
    if (!course) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
    assertCanEditCourse(actor, course);
    return course;
  }

  /**
   * The instructor's own courses (drafts too), newest first, with enrollment and completion counts
   * (enrollments whose access a refund took away are not counted).
   */
  async taughtCourses(viewer: User): Promise<TaughtCourseRow[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string; enrollments: number; completions: number }[]>(
        `select c.id, count(e.id)::int as enrollments, count(e.completed_at)::int as completions
         from courses c left join (${openEnrollmentsSql}) e on e.course_id = c.id
        where c.instructor_id = ?
        group by c.id`,
        [viewer.id],
      );
    if (!rows.length) return [];
    const courses = await this.em.find(
      Course,
      { id: { $in: rows.map((r) => r.id) } },
      { populate: COURSE_POPULATE, orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const counts = new Map(rows.map((r) => [r.id, r]));
    return courses.map((course) => ({
      course,
      enrollmentCount: counts.get(course.id)?.enrollments ?? 0,
      completionCount: counts.get(course.id)?.completions ?? 0,
    }));
  }

  /** Users with the instructor role (for staff choosing an instructor), by username. */
  instructorCandidates(search: string | null | undefined, limit: number): Promise<User[]> {
    const text = search?.trim();
    const where: FilterQuery<User> = {
      $and: [
        { $or: [{ roles: { $contains: ['instructor'] } }, { role: 'instructor' }] },
        ...(text
          ? [
              {
                $or: [
                  { username: { $ilike: `%${escapeLike(text)}%` } },
                  { firstName: { $ilike: `%${escapeLike(text)}%` } },
                  { lastName: { $ilike: `%${escapeLike(text)}%` } },
                ],
              },
            ]
          : []),
      ],
    };
    return this.em.find(User, where, { orderBy: { usernameKey: 'asc' }, limit });
  }

  async create(actor: User, input: CourseCreateInput): Promise<Course> {
    const instructor = await this.instructorFor(actor, input.instructorId);
    const title = v.requiredText(input.title, 'title', 'Title', 200);
    const course = this.em.create(Course, {
      title,
      slug: await this.uniqueSlug(title),
      summary: v.optionalText(input.summary, 'summary', 'Summary', 500),
      description: v.optionalText(input.description, 'description', 'Description', 20_000),
      priceCents:
        input.priceCents === null || input.priceCents === undefined ? 0 : v.priceCents(input.priceCents),
      danceStyle: await this.danceStyle(input.danceStyleId),
      skillLevel: v.skillLevel(input.skillLevel),
      ageGroup: v.ageGroup(input.ageGroup),
      category: await this.category(input.categoryId),
      coverImageUrl: v.optionalUrl(input.coverImageUrl, 'coverImageUrl', 'Cover image URL'),
      memberOnly: input.memberOnly ?? false,
      certificateTemplate: await this.certificateTemplate(input.certificateTemplateId),
      instructor,
      published: false,
    });
    await this.flushWithSlug();
    return course;
  }

  async update(actor: User, input: CourseUpdateInput): Promise<Course> {
    const course = await this.loadForEdit(actor, input.courseId);
    if (input.title !== undefined) {
      const title = v.requiredText(input.title, 'title', 'Title', 200);
      if (title !== course.title) {
        course.title = title;
        const slug = await this.uniqueSlug(title, course.id);
        if (slug !== course.slug) course.slug = slug;
      }
    }
    if (input.summary !== undefined)
      course.summary = v.optionalText(input.summary, 'summary', 'Summary', 500);
    if (input.description !== undefined) {
      course.description = v.optionalText(input.description, 'description', 'Description', 20_000);
    }
    if (input.priceCents !== undefined) course.priceCents = v.priceCents(input.priceCents ?? 0);
    if (input.danceStyleId !== undefined) course.danceStyle = await this.danceStyle(input.danceStyleId);
    if (input.skillLevel !== undefined) course.skillLevel = v.skillLevel(input.skillLevel);
    if (input.ageGroup !== undefined) course.ageGroup = v.ageGroup(input.ageGroup);
    if (input.categoryId !== undefined) course.category = await this.category(input.categoryId);
    if (input.coverImageUrl !== undefined) {
      course.coverImageUrl = v.optionalUrl(input.coverImageUrl, 'coverImageUrl', 'Cover image URL');
    }
    if (input.memberOnly !== undefined && input.memberOnly !== null) course.memberOnly = input.memberOnly;
    if (input.certificateTemplateId !== undefined) {
      course.certificateTemplate = await this.certificateTemplate(input.certificateTemplateId);
    }
    await this.flushWithSlug();
    return course;
  }

  /** Publishes (needs a module with a lesson, and no quiz without questions) or unpublishes. */
  async setPublished(actor: User, courseId: string, published: boolean): Promise<Course> {
    const course = await this.loadForEdit(actor, courseId);
    if (published && !course.published) {
      const problem = await this.publishProblem(course.id);
      if (problem) throw new DomainError('INVALID_INPUT', problem, 'published');
    }
    course.published = published;
    await this.em.flush();
    return course;
  }

  /** Why a course cannot be published yet, or null. */
  async publishProblem(courseId: string): Promise<string | null> {
    const [row] = await this.em
      .getConnection()
      .execute<{ with_lessons: number; empty_quiz: string | null }[]>(
        `select
         (select count(*)::int from course_modules m
           where m.course_id = ? and exists (select 1 from lessons l where l.module_id = m.id)) as with_lessons,
         (select q.title from quizzes q join course_modules m on m.id = q.module_id
           where m.course_id = ? and not exists (select 1 from quiz_questions x where x.quiz_id = q.id)
           order by m.position, q.position limit 1) as empty_quiz`,
        [courseId, courseId],
      );
    if (!row || row.with_lessons < 1) {
      return 'Add at least one module with at least one lesson before publishing';
    }
    if (row.empty_quiz !== null) {
      return `Add at least one question to the quiz "${row.empty_quiz}" before publishing`;
    }
    return null;
  }

  /** Deletes a course nobody is enrolled in (its modules, lessons and quizzes go with it). */
  async delete(actor: User, courseId: string): Promise<string> {
    const course = await this.loadForEdit(actor, courseId);
    const enrollments = await courseEnrollmentCount(this.em, course.id);
    const certificates = enrollments > 0 ? 0 : await courseCertificateCount(this.em, course.id);
    if (enrollments > 0 || certificates > 0) {
      throw new DomainError(
        'INVALID_INPUT',
        'This course has enrolled students, so it cannot be deleted. Unpublish it instead.',
        'courseId',
      );
    }
    const id = course.id;
    // The database deletes its modules, lessons, quizzes and questions (on delete cascade).
    this.em.remove(course);
    await this.em.flush();
    return id;
  }

  /** Staff: gives a course to another instructor. */
  async assignInstructor(actor: User, courseId: string, instructorId: string): Promise<Course> {
    if (!isCourseStaff(actor)) throw new DomainError('FORBIDDEN', 'Only staff can assign instructors');
    const course = await this.loadForEdit(actor, courseId);
    course.instructor = await this.instructorUser(instructorId);
    await this.em.flush();
    return course;
  }

  /** The authoring view of a course: modules with lessons, quizzes, questions and answers. */
  async curriculum(course: Course): Promise<AuthoringModule[]> {
    const modules = await this.em.find(
      CourseModule,
      { course: course.id },
      {
        populate: ['lessons', 'quizzes', 'quizzes.questions'],
        orderBy: { position: 'asc', id: 'asc' },
        refresh: true,
      },
    );
    return modules.map(toAuthoringModule);
  }

  /** Lesson count and total minutes of a course (batched across a list). */
  stats(course: Course) {
    return courseStatsLoader(this.em).load(course.id);
  }

  private async instructorFor(actor: User, instructorId: string | null | undefined): Promise<User> {
    if (!instructorId || instructorId === actor.id) return actor;
    if (!isCourseStaff(actor)) {
      throw new DomainError(
        'FORBIDDEN',
        'Only staff can create a course for another instructor',
        'instructorId',
      );
    }
    return this.instructorUser(instructorId);
  }

  private async instructorUser(userId: string): Promise<User> {
    const user = isUuid(userId) ? await this.em.findOne(User, { id: userId }) : null;
    if (!user) throw new DomainError('NOT_FOUND', 'User not found', 'instructorId');
    if (!hasRole(user, 'instructor')) {
      throw new DomainError('INVALID_INPUT', `${user.displayName} is not an instructor`, 'instructorId');
    }
    return user;
  }

  private async danceStyle(id: string | null | undefined): Promise<DanceStyle | null> {
    if (!id) return null;
    const style = isUuid(id) ? await this.em.findOne(DanceStyle, { id }) : null;
    if (!style) throw new DomainError('INVALID_INPUT', 'Choose a dance style from the list', 'danceStyleId');
    return style;
  }

  private async category(id: string | null | undefined): Promise<CourseCategory | null> {
    if (!id) return null;
    const category = isUuid(id) ? await this.em.findOne(CourseCategory, { id }) : null;
    if (!category) throw new DomainError('INVALID_INPUT', 'Choose a category from the list', 'categoryId');
    return category;
  }

  /** A certificate template by id; null (the default template) when none is given. */
  private async certificateTemplate(
    id: string | null | undefined,
  ): Promise<CourseCertificateTemplate | null> {
    const key = id?.trim();
    if (!key) return null;
    const template = isUuid(key)
      ? await this.em.findOne<CourseCertificateTemplate>('CertificateTemplate', { id: key })
      : null;
    if (!template) {
      throw new DomainError(
        'INVALID_INPUT',
        'Choose a certificate template from the list',
        'certificateTemplateId',
      );
    }
    return template;
  }

  /** The title's slug, with -2, -3… when another course has it. Never shaped like a UUID. */
  private async uniqueSlug(title: string, exceptId?: string): Promise<string> {
    let base = slugify(title);
    if (isUuid(base)) base = `course-${base}`;
    const rows = await this.em
      .getConnection()
      .execute<{ slug: string }[]>(`select slug from courses where (slug = ? or slug like ?) and id <> ?`, [
        base,
        `${base}-%`,
        exceptId ?? '00000000-0000-0000-0000-000000000000',
      ]);
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  /** Flushes; a slug taken by a concurrent save is reported instead of failing unexpectedly. */
  private async flushWithSlug(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        throw new DomainError(
          'INVALID_INPUT',
          'Another course with this title was saved at the same moment; please try again',
          'title',
        );
      }
      throw error;
    }
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
