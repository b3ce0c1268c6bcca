import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  BALLET,
  codes,
  db,
  type DemoName,
  HIP_HOP,
  idByTitle,
  insertCourses,
  ok,
  signInDemoUsers,
} from './course-fixtures.test';

let t: TestApp;
let as: Record<DemoName, Agent>;
let idOf: Record<DemoName, string>;
let guest: Agent;

beforeAll(async () => {
  t = await startTestApp();
  ({ as, idOf } = await signInDemoUsers(t));
  guest = t.agent();
});
afterAll(() => t.close());

const ERRORS = 'userErrors { code field message }';
const ADMIN_COURSES = `query($first: Int, $after: String, $search: String, $published: Boolean) {
  adminCourses(first: $first, after: $after, search: $search, published: $published) {
    totalCount pageInfo { hasNextPage endCursor } nodes { id title published instructor { username } }
  }
}`;

async function mutate(agent: Agent, query: string, input: Record<string, unknown>) {
  const data = await ok(t, agent, query, { input });
  return Object.values(data)[0] as Record<string, any> & {
    userErrors: { code: string; field: string | null; message: string }[];
  };
}

describe('adminCourses (staff)', () => {
  let draft: string;
  beforeAll(async () => {
    [draft] = await insertCourses(t, [
      { title: 'Unpublished Flamenco', instructorId: idOf.multi, published: false },
    ]);
  });

  it.each(['admin', 'officer'] as const)(
    'shows %s every course, drafts included, newest first',
    async (who) => {
      const page = (await ok(t, as[who], ADMIN_COURSES, { first: 100 })).adminCourses;
      expect(page.totalCount).toBe(7);
      expect(page.nodes.map((n: { id: string }) => n.id)).toContain(draft);
    },
  );

  it('filters by published state and searches', async () => {
    const drafts = (await ok(t, as.admin, ADMIN_COURSES, { published: false })).adminCourses;
    expect(drafts.nodes).toEqual([
      { id: draft, title: 'Unpublished Flamenco', published: false, instructor: { username: 'multi' } },
    ]);
    const live = (await ok(t, as.admin, ADMIN_COURSES, { published: true })).adminCourses;
    expect(live.totalCount).toBe(6);
    const found = (await ok(t, as.admin, ADMIN_COURSES, { search: 'flamenco' })).adminCourses;
    expect(found.nodes.map((n: { id: string }) => n.id)).toEqual([draft]);
  });

  it('pages with cursors', async () => {
    const first = (await ok(t, as.admin, ADMIN_COURSES, { first: 4 })).adminCourses;
    const second = (await ok(t, as.admin, ADMIN_COURSES, { first: 4, after: first.pageInfo.endCursor }))
      .adminCourses;
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const ids = [...first.nodes, ...second.nodes].map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(7);
  });

  it('is refused to instructors and members', async () => {
    expect(codes(await t.gql(as.instructor, ADMIN_COURSES, {}))).toEqual(['FORBIDDEN']);
    expect(codes(await t.gql(as.member, ADMIN_COURSES, {}))).toEqual(['FORBIDDEN']);
    expect(codes(await t.gql(guest, ADMIN_COURSES, {}))).toEqual(['UNAUTHENTICATED']);
  });
});

describe('instructors of courses (staff)', () => {
  const ASSIGN = `mutation($input: CourseAssignInstructorInput!) {
    courseAssignInstructor(input: $input) { course { id instructor { username } } ${ERRORS} } }`;
  const CREATE = `mutation($input: CourseCreateInput!) {
    courseCreate(input: $input) { course { id title published instructor { username } } ${ERRORS} } }`;

  it('lists the users with the instructor role for staff', async () => {
    const data = await ok(t, as.officer, `{ courseInstructorCandidates { username } }`);
    expect(data.courseInstructorCandidates.map((u: { username: string }) => u.username)).toEqual([
      'instructor',
      'lena',
      'multi',
    ]);
    const searched = await ok(t, as.admin, `{ courseInstructorCandidates(search: "max") { username } }`);
    expect(searched.courseInstructorCandidates).toEqual([{ username: 'multi' }]);
  });

  it('assigns a course to another instructor, who then teaches it', async () => {
    const ballet = await idByTitle(t, BALLET);
    const result = await mutate(as.officer, ASSIGN, { courseId: ballet, instructorId: idOf.multi });
    expect(result.userErrors).toEqual([]);
    expect(result.course.instructor.username).toBe('multi');
    const taught = await ok(t, as.multi, `{ myTaughtCourses { course { title } } }`);
    expect(taught.myTaughtCourses.map((c: { course: { title: string } }) => c.course.title)).toContain(
      BALLET,
    );
    await mutate(as.admin, ASSIGN, { courseId: ballet, instructorId: idOf.instructor });
  });

  it('refuses a user without the instructor role, an unknown user and an unknown course', async () => {
    const hipHop = await idByTitle(t, HIP_HOP);
    expect(
      (await mutate(as.admin, ASSIGN, { courseId: hipHop, instructorId: idOf.member })).userErrors,
    ).toEqual([{ code: 'INVALID_INPUT', field: 'instructorId', message: 'Mia is not an instructor' }]);
    expect(
      (await mutate(as.admin, ASSIGN, { courseId: hipHop, instructorId: randomUUID() })).userErrors[0],
    ).toMatchObject({ code: 'NOT_FOUND', field: 'instructorId' });
    expect(
      (await mutate(as.admin, ASSIGN, { courseId: randomUUID(), instructorId: idOf.multi })).userErrors[0],
    ).toMatchObject({ code: 'NOT_FOUND', field: 'courseId' });
    const [row] = await db(t).execute<{ username: string }[]>(
      'select u.username from courses c join users u on u.id = c.instructor_id where c.id = ?',
      [hipHop],
    );
    expect(row.username).toBe('multi');
  });

  it('is refused to instructors', async () => {
    const ballet = await idByTitle(t, BALLET);
    const res = await t.gql(as.multi, ASSIGN, { input: { courseId: ballet, instructorId: idOf.multi } });
    expect(codes(res)).toEqual(['FORBIDDEN']);
  });

  it('lets staff create a course on behalf of an instructor, and no one else', async () => {
    const created = await mutate(as.admin, CREATE, { title: 'Made For Multi', instructorId: idOf.multi });
    expect(created.userErrors).toEqual([]);
    expect(created.course).toMatchObject({ published: false, instructor: { username: 'multi' } });
    const taught = await ok(t, as.multi, `{ myTaughtCourses { course { title } } }`);
    expect(taught.myTaughtCourses.map((c: { course: { title: string } }) => c.course.title)).toContain(
      'Made For Multi',
    );
    // an instructor may not name someone else
    const refused = await mutate(as.instructor, CREATE, {
      title: 'Not mine to give',
      instructorId: idOf.multi,
    });
    expect(refused.userErrors).toEqual([
      {
        code: 'FORBIDDEN',
        field: 'instructorId',
        message: 'Only staff can create a course for another instructor',
      },
    ]);
    // but naming oneself is fine
    const self = await mutate(as.instructor, CREATE, { title: 'Mine', instructorId: idOf.instructor });
    expect(self.course.instructor.username).toBe('instructor');
    // and staff must name an instructor
    const member = await mutate(as.officer, CREATE, { title: 'For a member', instructorId: idOf.member });
    expect(member.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'instructorId' });
  });
});

describe('course categories (staff)', () => {
  const CREATE = `mutation($input: CourseCategoryCreateInput!) {
    courseCategoryCreate(input: $input) { category { id name slug description } ${ERRORS} } }`;
  const UPDATE = `mutation($input: CourseCategoryUpdateInput!) {
    courseCategoryUpdate(input: $input) { category { id name slug description } ${ERRORS} } }`;
  const DELETE = `mutation($input: CourseCategoryDeleteInput!) {
    courseCategoryDelete(input: $input) { deletedCategoryId ${ERRORS} } }`;

  it('creates, renames and deletes a category; its courses keep existing without one', async () => {
    const created = await mutate(as.officer, CREATE, { name: ' Music & Rhythm ', description: 'Counting.' });
    expect(created.userErrors).toEqual([]);
    expect(created.category).toMatchObject({
      name: 'Music & Rhythm',
      slug: 'music-rhythm',
      description: 'Counting.',
    });
    const id = created.category.id;

    const renamed = await mutate(as.admin, UPDATE, { categoryId: id, name: 'Musicality' });
    expect(renamed.category).toMatchObject({
      name: 'Musicality',
      slug: 'musicality',
      description: 'Counting.',
    });

    const [course] = await insertCourses(t, [
      { title: 'Counting Course', categoryId: id, instructorId: idOf.instructor },
    ]);
    expect((await mutate(as.admin, DELETE, { categoryId: id })).deletedCategoryId).toBe(id);
    const data = await ok(t, guest, `query($id: ID!) { course(id: $id) { title category { id } } }`, {
      id: course,
    });
    expect(data.course).toEqual({ title: 'Counting Course', category: null });
    const names = (await ok(t, guest, `{ courseCategories { name } }`)).courseCategories;
    expect(names.map((c: { name: string }) => c.name)).not.toContain('Musicality');
  });

  it('refuses a duplicate name (any case), an empty name and an unknown category', async () => {
    expect((await mutate(as.admin, CREATE, { name: 'technique' })).userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'name', message: 'A category with this name already exists' },
    ]);
    expect((await mutate(as.admin, CREATE, { name: '  ' })).userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'name',
    });
    const other = (await mutate(as.admin, CREATE, { name: 'Choreography' })).category;
    expect(
      (await mutate(as.admin, UPDATE, { categoryId: other.id, name: 'Safe Practice' })).userErrors[0],
    ).toMatchObject({ code: 'INVALID_INPUT', field: 'name' });
    expect((await mutate(as.admin, DELETE, { categoryId: randomUUID() })).userErrors[0]).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('is refused to instructors and members', async () => {
    for (const who of [as.instructor, as.member]) {
      expect(codes(await t.gql(who, CREATE, { input: { name: 'Nope' } }))).toEqual(['FORBIDDEN']);
    }
  });
});

describe('dance styles (staff)', () => {
  const CREATE = `mutation($input: DanceStyleCreateInput!) {
    danceStyleCreate(input: $input) { danceStyle { id name position } ${ERRORS} } }`;
  const UPDATE = `mutation($input: DanceStyleUpdateInput!) {
    danceStyleUpdate(input: $input) { danceStyle { id name position } ${ERRORS} } }`;
  const DELETE = `mutation($input: DanceStyleDeleteInput!) {
    danceStyleDelete(input: $input) { deletedDanceStyleId ${ERRORS} } }`;

  it('adds a style at the end of the list, renames and moves it', async () => {
    const created = await mutate(as.admin, CREATE, { name: 'Bollywood' });
    expect(created.danceStyle).toMatchObject({ name: 'Bollywood', position: 12 });
    const list = (await ok(t, guest, `{ danceStyles { name } }`)).danceStyles;
    expect(list[list.length - 1]).toEqual({ name: 'Bollywood' });
    const updated = await mutate(as.officer, UPDATE, {
      danceStyleId: created.danceStyle.id,
      name: 'Bhangra',
      position: 0,
    });
    expect(updated.danceStyle).toMatchObject({ name: 'Bhangra', position: 0 });
    expect((await ok(t, guest, `{ danceStyles { name } }`)).danceStyles.slice(0, 2)).toEqual([
      { name: 'Ballet' },
      { name: 'Bhangra' },
    ]);
  });

  it('refuses a duplicate name in any case', async () => {
    expect((await mutate(as.admin, CREATE, { name: 'hip hop' })).userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'name', message: 'A dance style with this name already exists' },
    ]);
  });

  it('deleting a style leaves its courses without a style', async () => {
    const style = (await mutate(as.admin, CREATE, { name: 'Krump' })).danceStyle;
    const [course] = await insertCourses(t, [
      { title: 'Krump Basics', danceStyleId: style.id, instructorId: idOf.instructor },
    ]);
    expect((await mutate(as.admin, DELETE, { danceStyleId: style.id })).deletedDanceStyleId).toBe(style.id);
    const data = await ok(t, guest, `query($id: ID!) { course(id: $id) { danceStyle { id } } }`, {
      id: course,
    });
    expect(data.course.danceStyle).toBeNull();
  });

  it('is refused to instructors and members', async () => {
    for (const who of [as.instructor, as.member]) {
      expect(codes(await t.gql(who, CREATE, { input: { name: 'Nope' } }))).toEqual(['FORBIDDEN']);
    }
  });
});

describe('myTaughtCourses', () => {
  it('counts enrollments and completions per course in one grouped query', async () => {
    const foundations = await idByTitle(t, 'Foundations of Teaching Dance');
    const users: { id: string }[] = await db(t).execute(
      `select id from users where username_key in ('member', 'seller', 'officer')`,
    );
    await db(t).execute(
      `insert into enrollments (id, user_id, course_id, source, completed_at) values
         (?, ?, ?, 'free', now()), (?, ?, ?, 'free', null), (?, ?, ?, 'free', now())`,
      users.flatMap((u) => [randomUUID(), u.id, foundations]),
    );
    const data = await ok(
      t,
      as.instructor,
      `{ myTaughtCourses { enrollmentCount completionCount course { id } } }`,
    );
    expect(
      data.myTaughtCourses.find((c: { course: { id: string } }) => c.course.id === foundations),
    ).toMatchObject({
      enrollmentCount: 3,
      completionCount: 2,
    });
    // staff without the instructor role teach nothing
    expect((await ok(t, as.admin, `{ myTaughtCourses { course { id } } }`)).myTaughtCourses).toEqual([]);
  });
});
