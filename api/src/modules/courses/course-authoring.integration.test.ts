import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  type GraphQLInputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBareSchema } from '../../graphql/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  codes,
  db,
  type DemoName,
  FOUNDATIONS,
  idByTitle,
  ok,
  signInDemoUsers,
  styleId,
} from './course-fixtures.test';
import { coursesPermissions } from './courses.permissions';

let t: TestApp;
let as: Record<DemoName, Agent>;
let idOf: Record<DemoName, string>;
let guest: Agent;
let schema: GraphQLSchema;

beforeAll(async () => {
  [t, schema] = await Promise.all([startTestApp(), buildBareSchema()]);
  ({ as, idOf } = await signInDemoUsers(t));
  guest = t.agent();
});
afterAll(() => t.close());

const ERRORS = 'userErrors { code field message }';
const CURRICULUM = `curriculum {
  id title position
  lessons { id title position videoUrl body durationMinutes }
  quizzes { id title position passMarkPercent attemptsAllowed showAnswers lessonId
    questions { id prompt kind options { id text } correctOptionIds explanation position } }
}`;
const COURSE_FIELDS = `id title slug summary description priceCents skillLevel ageGroup coverImageUrl memberOnly
  published danceStyle { id name } category { id name } instructor { id username }`;

const M = {
  courseCreate: `mutation($input: CourseCreateInput!) { courseCreate(input: $input) { course { ${COURSE_FIELDS} } ${ERRORS} } }`,
  courseUpdate: `mutation($input: CourseUpdateInput!) { courseUpdate(input: $input) { course { ${COURSE_FIELDS} } ${ERRORS} } }`,
  coursePublish: `mutation($input: CoursePublishInput!) { coursePublish(input: $input) { course { id published } ${ERRORS} } }`,
  courseDelete: `mutation($input: CourseDeleteInput!) { courseDelete(input: $input) { deletedCourseId ${ERRORS} } }`,
  moduleCreate: `mutation($input: ModuleCreateInput!) { moduleCreate(input: $input) { module { id title position } course { id } ${ERRORS} } }`,
  moduleUpdate: `mutation($input: ModuleUpdateInput!) { moduleUpdate(input: $input) { module { id title } ${ERRORS} } }`,
  moduleDelete: `mutation($input: ModuleDeleteInput!) { moduleDelete(input: $input) { deletedId course { id ${CURRICULUM} } ${ERRORS} } }`,
  modulesReorder: `mutation($input: ModulesReorderInput!) { modulesReorder(input: $input) { course { id ${CURRICULUM} } ${ERRORS} } }`,
  lessonCreate: `mutation($input: LessonCreateInput!) { lessonCreate(input: $input) { lesson { id title position videoUrl body durationMinutes } ${ERRORS} } }`,
  lessonUpdate: `mutation($input: LessonUpdateInput!) { lessonUpdate(input: $input) { lesson { id title videoUrl body durationMinutes } course { lessonCount totalDurationMinutes } ${ERRORS} } }`,
  lessonDelete: `mutation($input: LessonDeleteInput!) { lessonDelete(input: $input) { deletedId ${ERRORS} } }`,
  lessonsReorder: `mutation($input: LessonsReorderInput!) { lessonsReorder(input: $input) { course { id ${CURRICULUM} } ${ERRORS} } }`,
  quizCreate: `mutation($input: QuizCreateInput!) { quizCreate(input: $input) { quiz { id title passMarkPercent attemptsAllowed showAnswers lessonId } ${ERRORS} } }`,
  quizUpdate: `mutation($input: QuizUpdateInput!) { quizUpdate(input: $input) { quiz { id title passMarkPercent attemptsAllowed showAnswers lessonId } ${ERRORS} } }`,
  quizDelete: `mutation($input: QuizDeleteInput!) { quizDelete(input: $input) { deletedId ${ERRORS} } }`,
  questionCreate: `mutation($input: QuizQuestionCreateInput!) { quizQuestionCreate(input: $input) { question { id kind prompt options { id text } correctOptionIds explanation position } ${ERRORS} } }`,
  questionUpdate: `mutation($input: QuizQuestionUpdateInput!) { quizQuestionUpdate(input: $input) { question { id kind prompt options { id text } correctOptionIds explanation } ${ERRORS} } }`,
  questionDelete: `mutation($input: QuizQuestionDeleteInput!) { quizQuestionDelete(input: $input) { deletedId ${ERRORS} } }`,
  questionsReorder: `mutation($input: QuizQuestionsReorderInput!) { quizQuestionsReorder(input: $input) { course { id ${CURRICULUM} } ${ERRORS} } }`,
};

const INSTRUCTOR_COURSE = `query($id: ID!) { instructorCourse(id: $id) { ${COURSE_FIELDS} lessonCount ${CURRICULUM} } }`;
const TAUGHT = `{ myTaughtCourses { enrollmentCount completionCount course { id title published } } }`;

interface UserErrorShape {
  code: string;
  field: string | null;
  message: string;
}

/** Runs a mutation and returns its payload (the only root field). */
async function mutate(agent: Agent, query: string, input: Record<string, unknown>) {
  const data = await ok(t, agent, query, { input });
  return Object.values(data)[0] as Record<string, any> & { userErrors: UserErrorShape[] };
}

/** Runs a mutation that must succeed. */
async function must(agent: Agent, query: string, input: Record<string, unknown>) {
  const result = await mutate(agent, query, input);
  expect(result.userErrors, JSON.stringify(result.userErrors)).toEqual([]);
  return result;
}

async function newCourse(agent: Agent, title: string, extra: Record<string, unknown> = {}) {
  return (await must(agent, M.courseCreate, { title, ...extra })).course as { id: string; slug: string };
}

async function curriculum(agent: Agent, id: string) {
  return (await ok(t, agent, INSTRUCTOR_COURSE, { id })).instructorCourse;
}

describe('creating and updating a course', () => {
  it('creates a draft of my own, with a slug from the title, kept unique', async () => {
    const first = await must(as.instructor, M.courseCreate, {
      title: '  Contemporary Floorwork  ',
      summary: 'Into the floor and out again.',
      priceCents: 4500,
      danceStyleId: await styleId(t, 'Contemporary'),
      skillLevel: 'Intermediate',
      ageGroup: 'Adult (18+)',
      coverImageUrl: 'https://images.example.com/floor.jpg',
    });
    expect(first.course).toMatchObject({
      title: 'Contemporary Floorwork',
      slug: 'contemporary-floorwork',
      priceCents: 4500,
      published: false,
      memberOnly: false,
      danceStyle: { name: 'Contemporary' },
      skillLevel: 'Intermediate',
      ageGroup: 'Adult (18+)',
      instructor: { username: 'instructor' },
    });
    const second = await newCourse(as.multi, 'Contemporary Floorwork!');
    expect(second.slug).toBe('contemporary-floorwork-2');
    // listed among my taught courses, not in the catalogue
    const taught = (await ok(t, as.instructor, TAUGHT)).myTaughtCourses;
    expect(taught[0]).toEqual({
      enrollmentCount: 0,
      completionCount: 0,
      course: { id: first.course.id, title: 'Contemporary Floorwork', published: false },
    });
    expect(taught.map((c: { course: { id: string } }) => c.course.id)).not.toContain(second.id);
    const catalogue = await ok(t, guest, `{ courses(filter: { search: "floorwork" }) { totalCount } }`);
    expect(catalogue.courses.totalCount).toBe(0);
  });

  it.each([
    ['an empty title', { title: '   ' }, 'title'],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
    ['a negative price', { priceCents: -1 }, 'priceCents'],
    ['an unknown skill level', { skillLevel: 'Wizard' }, 'skillLevel'],
    ['an unknown age group', { ageGroup: 'Babies' }, 'ageGroup'],
    ['an unknown dance style', { danceStyleId: randomUUID() }, 'danceStyleId'],
    ['a dance style id that is no UUID', { danceStyleId: 'ballet' }, 'danceStyleId'],
    ['an unknown category', { categoryId: randomUUID() }, 'categoryId'],
    ['a cover that is no web address', { coverImageUrl: 'javascript:alert(1)' }, 'coverImageUrl'],
  ])('refuses %s with INVALID_INPUT and creates nothing', async (_label, input, field) => {
    const before = await countCourses();
    const result = await mutate(as.instructor, M.courseCreate, { title: 'Valid title', ...input });
    expect(result.course).toBeNull();
    expect(result.userErrors).toEqual([{ code: 'INVALID_INPUT', field, message: expect.any(String) }]);
    expect(await countCourses()).toBe(before);
  });

  it('refuses a price that is no whole number of cents (GraphQL Int)', async () => {
    const res = await t.gql(as.instructor, M.courseCreate, {
      input: { title: 'Half cent', priceCents: 1.5 },
    });
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
  });

  it('updates the given fields, re-derives the slug from a new title and clears with null', async () => {
    const course = await newCourse(as.instructor, 'Jazz Hands Basics', {
      danceStyleId: await styleId(t, 'Jazz'),
      skillLevel: 'Beginner',
    });
    await newCourse(as.instructor, 'Jazz Hands Advanced');
    const updated = await must(as.instructor, M.courseUpdate, {
      courseId: course.id,
      title: 'Jazz Hands Advanced',
      description: 'Spirit fingers.',
      danceStyleId: null,
      memberOnly: true,
    });
    expect(updated.course).toMatchObject({
      title: 'Jazz Hands Advanced',
      slug: 'jazz-hands-advanced-2',
      description: 'Spirit fingers.',
      danceStyle: null,
      skillLevel: 'Beginner',
      memberOnly: true,
    });
    const refused = await mutate(as.instructor, M.courseUpdate, { courseId: course.id, priceCents: -5 });
    expect(refused.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'priceCents' });
    expect((await curriculum(as.instructor, course.id)).priceCents).toBe(0);
  });

  it('answers NOT_FOUND for a course that does not exist', async () => {
    const result = await mutate(as.instructor, M.courseUpdate, { courseId: randomUUID(), title: 'x' });
    expect(result.userErrors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'courseId' });
  });
});

async function countCourses(): Promise<number> {
  const [row] = await db(t).execute<{ n: number }[]>('select count(*)::int as n from courses');
  return row.n;
}

describe('modules, lessons, quizzes and questions', () => {
  let courseId: string;
  beforeAll(async () => {
    courseId = (await newCourse(as.instructor, 'Authoring Playground')).id;
  });

  it('adds modules at the end, renames, reorders and deletes them', async () => {
    const a = (await must(as.instructor, M.moduleCreate, { courseId, title: 'Warm-up' })).module;
    const b = (await must(as.instructor, M.moduleCreate, { courseId, title: 'Technique' })).module;
    const c = (await must(as.instructor, M.moduleCreate, { courseId, title: 'Cool-down' })).module;
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    expect(
      (await must(as.instructor, M.moduleUpdate, { moduleId: b.id, title: 'Core technique' })).module.title,
    ).toBe('Core technique');
    const reordered = await must(as.instructor, M.modulesReorder, {
      courseId,
      moduleIds: [c.id, a.id, b.id],
    });
    expect(reordered.course.curriculum.map((m: { title: string }) => m.title)).toEqual([
      'Cool-down',
      'Warm-up',
      'Core technique',
    ]);
    const deleted = await must(as.instructor, M.moduleDelete, { moduleId: c.id });
    expect(deleted.deletedId).toBe(c.id);
    expect(deleted.course.curriculum.map((m: { id: string }) => m.id)).toEqual([a.id, b.id]);
  });

  it.each([
    ['a missing module', (ids: string[]) => ids.slice(1)],
    ['a duplicate', (ids: string[]) => [ids[0], ...ids]],
    ['a foreign id', (ids: string[]) => [...ids.slice(1), randomUUID()]],
  ])('refuses a reorder with %s and keeps the order', async (_label, change) => {
    const before = (await curriculum(as.instructor, courseId)).curriculum.map((m: { id: string }) => m.id);
    const result = await mutate(as.instructor, M.modulesReorder, { courseId, moduleIds: change(before) });
    expect(result.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'moduleIds' });
    const after = (await curriculum(as.instructor, courseId)).curriculum.map((m: { id: string }) => m.id);
    expect(after).toEqual(before);
  });

  it('adds lessons with converted YouTube links, updates, reorders and deletes them', async () => {
    const [module] = (await curriculum(as.instructor, courseId)).curriculum;
    const one = (
      await must(as.instructor, M.lessonCreate, {
        moduleId: module.id,
        title: 'Breathing',
        videoUrl: 'https://www.youtube.com/watch?v=2Vv-BfVoq4g&t=10',
        body: 'Breathe in.\n\nBreathe out.',
        durationMinutes: 5,
      })
    ).lesson;
    expect(one).toMatchObject({
      position: 0,
      videoUrl: 'https://www.youtube.com/embed/2Vv-BfVoq4g',
      body: 'Breathe in.\n\nBreathe out.',
      durationMinutes: 5,
    });
    const two = (await must(as.instructor, M.lessonCreate, { moduleId: module.id, title: 'Rolling down' }))
      .lesson;
    expect(two).toMatchObject({ position: 1, videoUrl: null, body: '', durationMinutes: 0 });
    const updated = await must(as.instructor, M.lessonUpdate, {
      lessonId: two.id,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      durationMinutes: 12,
    });
    expect(updated.lesson).toMatchObject({
      videoUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      durationMinutes: 12,
    });
    expect(updated.course).toEqual({ lessonCount: 2, totalDurationMinutes: 17 });
    const cleared = await must(as.instructor, M.lessonUpdate, { lessonId: two.id, videoUrl: '' });
    expect(cleared.lesson.videoUrl).toBeNull();

    const reordered = await must(as.instructor, M.lessonsReorder, {
      moduleId: module.id,
      lessonIds: [two.id, one.id],
    });
    expect(reordered.course.curriculum[0].lessons.map((l: { id: string }) => l.id)).toEqual([two.id, one.id]);

    for (const [input, field] of [
      [{ title: '' }, 'title'],
      [{ videoUrl: 'ftp://example.com/video' }, 'videoUrl'],
      [{ durationMinutes: 1441 }, 'durationMinutes'],
      [{ durationMinutes: -1 }, 'durationMinutes'],
    ] as const) {
      const refused = await mutate(as.instructor, M.lessonUpdate, { lessonId: one.id, ...input });
      expect(refused.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    expect((await must(as.instructor, M.lessonDelete, { lessonId: one.id })).deletedId).toBe(one.id);
    const lessons = (await curriculum(as.instructor, courseId)).curriculum[0].lessons;
    expect(lessons.map((l: { id: string }) => l.id)).toEqual([two.id]);
  });

  it('adds quizzes with checked pass marks and attempts', async () => {
    const [module] = (await curriculum(as.instructor, courseId)).curriculum;
    const [lesson] = (await curriculum(as.instructor, courseId)).curriculum[0].lessons;
    const quiz = (
      await must(as.instructor, M.quizCreate, {
        moduleId: module.id,
        title: 'Warm-up check',
        lessonId: lesson.id,
      })
    ).quiz;
    expect(quiz).toMatchObject({
      passMarkPercent: 70,
      attemptsAllowed: 3,
      showAnswers: 'AFTER_PASSING',
      lessonId: lesson.id,
    });
    for (const [input, field] of [
      [{ passMarkPercent: 0 }, 'passMarkPercent'],
      [{ passMarkPercent: 101 }, 'passMarkPercent'],
      [{ attemptsAllowed: -1 }, 'attemptsAllowed'],
      [{ lessonId: randomUUID() }, 'lessonId'],
    ] as const) {
      const refused = await mutate(as.instructor, M.quizUpdate, { quizId: quiz.id, ...input });
      expect(refused.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    // an unknown "show answers" value is refused by the graph's enum
    const unknownSetting = await t.gql(as.instructor, M.quizUpdate, {
      input: { quizId: quiz.id, showAnswers: 'ALWAYS' },
    });
    expect(unknownSetting.status).toBe(400);
    expect(unknownSetting.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const updated = await must(as.instructor, M.quizUpdate, {
      quizId: quiz.id,
      passMarkPercent: 100,
      attemptsAllowed: 0,
      showAnswers: 'AFTER_LAST_ATTEMPT',
      lessonId: null,
    });
    expect(updated.quiz).toMatchObject({
      passMarkPercent: 100,
      attemptsAllowed: 0,
      showAnswers: 'AFTER_LAST_ATTEMPT',
      lessonId: null,
    });
    // omitted (or null) keeps the setting; the authoring view shows it
    await must(as.instructor, M.quizUpdate, { quizId: quiz.id, title: 'Warm-up check', showAnswers: null });
    const [stored] = (await curriculum(as.instructor, courseId)).curriculum[0].quizzes;
    expect(stored).toMatchObject({ id: quiz.id, showAnswers: 'AFTER_LAST_ATTEMPT' });
    const second = (
      await must(as.instructor, M.quizCreate, { moduleId: module.id, title: 'Spare', showAnswers: 'NEVER' })
    ).quiz;
    expect(second.showAnswers).toBe('NEVER');
    expect((await must(as.instructor, M.quizDelete, { quizId: second.id })).deletedId).toBe(second.id);
  });

  it('writes questions of each kind with server-made option ids and checked answers', async () => {
    const quizId = (await curriculum(as.instructor, courseId)).curriculum[0].quizzes[0].id;
    const clientId = randomUUID();
    const single = (
      await must(as.instructor, M.questionCreate, {
        quizId,
        kind: 'single',
        prompt: 'Which comes first?',
        options: [
          { id: clientId, text: 'Warm-up', correct: true },
          { text: 'Cool-down', correct: false },
        ],
        explanation: 'Always warm up first.',
      })
    ).question;
    expect(single.options.map((o: { text: string }) => o.text)).toEqual(['Warm-up', 'Cool-down']);
    expect(single.options[0].id).not.toBe(clientId);
    expect(single.correctOptionIds).toEqual([single.options[0].id]);

    const multiple = (
      await must(as.instructor, M.questionCreate, {
        quizId,
        kind: 'multiple',
        prompt: 'Which are joints?',
        options: [
          { text: 'Knee', correct: true },
          { text: 'Hip', correct: true },
          { text: 'Shin', correct: false },
        ],
      })
    ).question;
    expect(multiple.correctOptionIds).toHaveLength(2);

    const trueFalse = (
      await must(as.instructor, M.questionCreate, {
        quizId,
        kind: 'true_false',
        prompt: 'Stretch cold muscles hard.',
        options: [
          { text: 'yes', correct: false },
          { text: 'no', correct: true },
        ],
      })
    ).question;
    expect(trueFalse.options.map((o: { text: string }) => o.text)).toEqual(['True', 'False']);
    expect(trueFalse.correctOptionIds).toEqual([trueFalse.options[1].id]);

    const opts = (n: number, correct: number[]) =>
      Array.from({ length: n }, (_, i) => ({ text: `Option ${i}`, correct: correct.includes(i) }));
    for (const [kind, options, message] of [
      ['single', opts(3, [0, 1]), 'Mark exactly one option as correct'],
      ['single', opts(3, []), 'Mark exactly one option as correct'],
      ['multiple', opts(3, []), 'Mark at least one option as correct'],
      ['single', opts(1, [0]), 'A question needs 2 to 10 options'],
      ['multiple', opts(11, [0]), 'A question needs 2 to 10 options'],
      ['true_false', opts(3, [0]), 'A true/false question has exactly two options: True and False'],
      ['true_false', opts(2, [0, 1]), 'Mark exactly one option as correct'],
      [
        'single',
        [
          { text: 'Same', correct: true },
          { text: 'same', correct: false },
        ],
        undefined,
      ],
      ['essay', opts(2, [0]), 'The question kind must be single, multiple or true_false'],
    ] as const) {
      const refused = await mutate(as.instructor, M.questionCreate, { quizId, kind, prompt: 'Q?', options });
      expect(refused.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT' });
      if (message) expect(refused.userErrors[0].message).toBe(message);
    }

    // updating keeps the ids of kept options, so earlier attempts still name them
    const updated = (
      await must(as.instructor, M.questionUpdate, {
        questionId: multiple.id,
        options: [
          { id: multiple.options[0].id, text: 'Knee', correct: false },
          { id: multiple.options[2].id, text: 'Ankle', correct: true },
          { text: 'Elbow', correct: true },
        ],
      })
    ).question;
    expect(updated.options.map((o: { id: string }) => o.id).slice(0, 2)).toEqual([
      multiple.options[0].id,
      multiple.options[2].id,
    ]);
    expect(updated.correctOptionIds).toEqual([multiple.options[2].id, updated.options[2].id]);
    // changing the kind re-checks the answers
    const badKind = await mutate(as.instructor, M.questionUpdate, {
      questionId: multiple.id,
      kind: 'single',
    });
    expect(badKind.userErrors[0].message).toBe('Mark exactly one option as correct');

    const reordered = await must(as.instructor, M.questionsReorder, {
      quizId,
      questionIds: [trueFalse.id, single.id, multiple.id],
    });
    const questions = reordered.course.curriculum[0].quizzes[0].questions;
    expect(questions.map((q: { id: string }) => q.id)).toEqual([trueFalse.id, single.id, multiple.id]);
    expect(questions[1].explanation).toBe('Always warm up first.');

    expect((await must(as.instructor, M.questionDelete, { questionId: single.id })).deletedId).toBe(
      single.id,
    );
  });
});

describe('publishing', () => {
  it('needs a module with a lesson, and questions in every quiz', async () => {
    const { id } = await newCourse(as.instructor, 'Publish Rules Course');
    const publish = () => mutate(as.instructor, M.coursePublish, { courseId: id, published: true });
    const noLesson = 'Add at least one module with at least one lesson before publishing';
    expect((await publish()).userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'published', message: noLesson },
    ]);
    const module = (await must(as.instructor, M.moduleCreate, { courseId: id, title: 'Only module' })).module;
    expect((await publish()).userErrors[0].message).toBe(noLesson);
    await must(as.instructor, M.lessonCreate, { moduleId: module.id, title: 'Only lesson' });
    const quiz = (await must(as.instructor, M.quizCreate, { moduleId: module.id, title: 'Empty quiz' })).quiz;
    expect((await publish()).userErrors[0].message).toBe(
      'Add at least one question to the quiz "Empty quiz" before publishing',
    );
    await must(as.instructor, M.questionCreate, {
      quizId: quiz.id,
      kind: 'true_false',
      prompt: 'Ready?',
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
    });
    expect((await publish()).course).toEqual({ id, published: true });
    // now guests find it, and it can be unpublished again
    const found = await ok(t, guest, `{ courses(filter: { search: "Publish Rules" }) { nodes { id } } }`);
    expect(found.courses.nodes).toEqual([{ id }]);
    const hidden = await must(as.instructor, M.coursePublish, { courseId: id, published: false });
    expect(hidden.course.published).toBe(false);
    expect((await ok(t, guest, `query($id: ID!) { course(id: $id) { id } }`, { id })).course).toBeNull();
  });
});

describe('ownership', () => {
  let ballet: string;
  let snapshot: unknown;
  beforeAll(async () => {
    ballet = await idByTitle(t, 'Teaching Classical Ballet: Grades 1–3');
    snapshot = await curriculum(as.instructor, ballet);
  });

  it("refuses another instructor's changes with FORBIDDEN and changes nothing", async () => {
    const content = snapshot as { curriculum: { id: string; lessons: { id: string }[]; quizzes: any[] }[] };
    const [module] = content.curriculum;
    const quiz = content.curriculum.flatMap((m) => m.quizzes)[0];
    const attempts: [string, Record<string, unknown>][] = [
      [M.courseUpdate, { courseId: ballet, title: 'Hijacked' }],
      [M.coursePublish, { courseId: ballet, published: false }],
      [M.courseDelete, { courseId: ballet }],
      [M.moduleCreate, { courseId: ballet, title: 'Intruder' }],
      [M.moduleUpdate, { moduleId: module.id, title: 'Intruder' }],
      [M.moduleDelete, { moduleId: module.id }],
      [M.modulesReorder, { courseId: ballet, moduleIds: content.curriculum.map((m) => m.id).reverse() }],
      [M.lessonCreate, { moduleId: module.id, title: 'Intruder' }],
      [M.lessonUpdate, { lessonId: module.lessons[0].id, body: 'Hijacked' }],
      [M.lessonDelete, { lessonId: module.lessons[0].id }],
      [M.lessonsReorder, { moduleId: module.id, lessonIds: module.lessons.map((l) => l.id).reverse() }],
      [M.quizCreate, { moduleId: module.id, title: 'Intruder' }],
      [M.quizUpdate, { quizId: quiz.id, passMarkPercent: 1 }],
      [M.quizDelete, { quizId: quiz.id }],
      [M.questionUpdate, { questionId: quiz.questions[0].id, prompt: 'Hijacked' }],
      [M.questionDelete, { questionId: quiz.questions[0].id }],
      [
        M.questionsReorder,
        { quizId: quiz.id, questionIds: quiz.questions.map((q: { id: string }) => q.id).reverse() },
      ],
      [
        M.questionCreate,
        {
          quizId: quiz.id,
          kind: 'true_false',
          prompt: 'x',
          options: [
            { text: 'True', correct: true },
            { text: 'False', correct: false },
          ],
        },
      ],
    ];
    for (const [query, input] of attempts) {
      const result = await mutate(as.multi, query, input);
      expect(result.userErrors, query).toEqual([
        { code: 'FORBIDDEN', field: 'courseId', message: 'You can only change your own courses' },
      ]);
    }
    expect(await curriculum(as.instructor, ballet)).toEqual(snapshot);
  });

  it("does not show another instructor's course for authoring, nor its answers", async () => {
    expect((await ok(t, as.multi, INSTRUCTOR_COURSE, { id: ballet })).instructorCourse).toBeNull();
    const res = await t.gql(as.multi, `query($id: ID!) { course(id: $id) { curriculum { id } } }`, {
      id: ballet,
    });
    expect(codes(res)).toEqual(['FORBIDDEN']);
  });

  it('lets staff (admin and curriculum officer) change any course', async () => {
    const admin = await must(as.admin, M.courseUpdate, { courseId: ballet, summary: 'Edited by the admin.' });
    expect(admin.course.summary).toBe('Edited by the admin.');
    const officer = await must(as.officer, M.coursePublish, { courseId: ballet, published: false });
    expect(officer.course.published).toBe(false);
    await must(as.admin, M.coursePublish, { courseId: ballet, published: true });
    expect(
      (await ok(t, as.officer, INSTRUCTOR_COURSE, { id: ballet })).instructorCourse.curriculum.length,
    ).toBe(2);
  });
});

describe('deleting a course', () => {
  it('refuses while anyone is enrolled, then deletes it with its content', async () => {
    const { id } = await newCourse(as.instructor, 'Short Lived Course');
    const module = (await must(as.instructor, M.moduleCreate, { courseId: id, title: 'M' })).module;
    await must(as.instructor, M.lessonCreate, { moduleId: module.id, title: 'L' });
    await db(t).execute(
      `insert into enrollments (id, user_id, course_id, source) values (?, ?, ?, 'granted')`,
      [randomUUID(), idOf.member, id],
    );
    const refused = await mutate(as.instructor, M.courseDelete, { courseId: id });
    expect(refused.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'courseId',
        message: 'This course has enrolled students, so it cannot be deleted. Unpublish it instead.',
      },
    ]);
    expect(
      (await ok(t, as.instructor, TAUGHT)).myTaughtCourses.find((c: any) => c.course.id === id),
    ).toMatchObject({
      enrollmentCount: 1,
      completionCount: 0,
    });
    // An enrollment whose access a refund took away is not counted (and still blocks deletion).
    await db(t).execute('update enrollments set access_revoked_at = now() where course_id = ?', [id]);
    expect(
      (await ok(t, as.instructor, TAUGHT)).myTaughtCourses.find((c: any) => c.course.id === id),
    ).toMatchObject({ enrollmentCount: 0 });
    await db(t).execute('delete from enrollments where course_id = ?', [id]);
    expect((await must(as.instructor, M.courseDelete, { courseId: id })).deletedCourseId).toBe(id);
    const [left] = await db(t).execute<{ courses: number; modules: number }[]>(
      `select (select count(*)::int from courses where id = ?) as courses,
              (select count(*)::int from course_modules where course_id = ?) as modules`,
      [id, id],
    );
    expect(left).toEqual({ courses: 0, modules: 0 });
  });
});

describe('the certificate template of a course', () => {
  const TEMPLATE = 'certificateTemplate { id name }';
  const CREATE = `mutation($input: CourseCreateInput!) { courseCreate(input: $input) {
    course { id title ${TEMPLATE} } ${ERRORS} } }`;
  const UPDATE = `mutation($input: CourseUpdateInput!) { courseUpdate(input: $input) {
    course { id title ${TEMPLATE} } ${ERRORS} } }`;
  const COURSE_TEMPLATE = `query($id: ID!) { course(id: $id) { id title certificateTemplate { id } } }`;
  const ISSUE = `mutation($input: CertificateIssueInput!) { certificateIssue(input: $input) {
    certificate { id courseId template { id name } } ${ERRORS} } }`;

  let defaultTemplate: { id: string; name: string };
  let diploma: { id: string; name: string };

  beforeAll(async () => {
    // instructors read the template list to choose from; staff add a second template
    const list = (await ok(t, as.instructor, `{ certificateTemplates { id name isDefault } }`))
      .certificateTemplates as { id: string; name: string; isDefault: boolean }[];
    const found = list.find((x) => x.isDefault);
    expect(found).toBeDefined();
    defaultTemplate = { id: found!.id, name: found!.name };
    const created = await must(
      as.admin,
      `mutation($input: CertificateTemplateCreateInput!) { certificateTemplateCreate(input: $input) {
        template { id name } ${ERRORS} } }`,
      {
        name: 'Studio Diploma',
        heading: 'Studio Diploma',
        body: 'Well done, {{studentName}}, on {{courseTitle}}.',
        signatoryName: 'Dana Director',
        signatoryTitle: 'Director',
      },
    );
    diploma = created.template;
  });

  it('is the default (null) unless chosen; it is set on create, kept, changed and cleared on update', async () => {
    // a course created without a choice uses the default template
    const plain = (await must(as.instructor, CREATE, { title: 'Template Free Course' })).course;
    expect(plain.certificateTemplate).toBeNull();
    // a course created with a template names it
    const chosen = (
      await must(as.instructor, CREATE, { title: 'Diploma Course', certificateTemplateId: diploma.id })
    ).course;
    expect(chosen.certificateTemplate).toEqual(diploma);
    // an update that leaves the field out keeps it
    const renamed = await must(as.instructor, UPDATE, { courseId: chosen.id, title: 'Diploma Course 2' });
    expect(renamed.course).toMatchObject({ title: 'Diploma Course 2', certificateTemplate: diploma });
    // the default template may also be named explicitly
    const toDefault = await must(as.instructor, UPDATE, {
      courseId: chosen.id,
      certificateTemplateId: defaultTemplate.id,
    });
    expect(toDefault.course.certificateTemplate).toEqual(defaultTemplate);
    // null clears it back to the default
    const cleared = await must(as.instructor, UPDATE, { courseId: chosen.id, certificateTemplateId: null });
    expect(cleared.course.certificateTemplate).toBeNull();
    // and so does an empty id
    await must(as.instructor, UPDATE, { courseId: chosen.id, certificateTemplateId: diploma.id });
    const emptied = await must(as.instructor, UPDATE, { courseId: chosen.id, certificateTemplateId: '' });
    expect(emptied.course.certificateTemplate).toBeNull();
    const [row] = await db(t).execute<{ certificate_template_id: string | null }[]>(
      'select certificate_template_id from courses where id = ?',
      [chosen.id],
    );
    expect(row.certificate_template_id).toBeNull();
  });

  it.each([
    ['an unknown template', randomUUID()],
    ['a template id that is no UUID', 'classic'],
  ])('refuses %s with INVALID_INPUT on create and update, changing nothing', async (_label, badId) => {
    const before = await countCourses();
    const refused = await mutate(as.instructor, CREATE, {
      title: 'Bad Template',
      certificateTemplateId: badId,
    });
    expect(refused.course).toBeNull();
    expect(refused.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'certificateTemplateId', message: expect.any(String) },
    ]);
    expect(await countCourses()).toBe(before);

    const course = (
      await must(as.instructor, CREATE, { title: 'Kept Template', certificateTemplateId: diploma.id })
    ).course;
    const update = await mutate(as.instructor, UPDATE, {
      courseId: course.id,
      title: 'Not Renamed',
      certificateTemplateId: badId,
    });
    expect(update.course).toBeNull();
    expect(update.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'certificateTemplateId', message: expect.any(String) },
    ]);
    const after = (await ok(t, as.instructor, COURSE_TEMPLATE, { id: course.id })).course;
    expect(after).toEqual({ id: course.id, title: 'Kept Template', certificateTemplate: { id: diploma.id } });
  });

  it('is shown to the course’s instructor and staff only', async () => {
    // given a published course of the demo instructor with a chosen template
    const foundations = await idByTitle(t, FOUNDATIONS);
    await must(as.instructor, UPDATE, { courseId: foundations, certificateTemplateId: diploma.id });
    try {
      // its instructor and staff see the template
      for (const who of [as.instructor, as.admin, as.officer]) {
        const course = (await ok(t, who, COURSE_TEMPLATE, { id: foundations })).course;
        expect(course.certificateTemplate).toEqual({ id: diploma.id });
      }
      // a member, another instructor and a guest see the course but not its template
      for (const [who, code] of [
        [as.member, 'FORBIDDEN'],
        [as.multi, 'FORBIDDEN'],
        [guest, 'UNAUTHENTICATED'],
      ] as const) {
        const res = await t.gql(who, COURSE_TEMPLATE, { id: foundations });
        expect(codes(res)).toEqual([code]);
        expect(res.data.course).toEqual({ id: foundations, title: FOUNDATIONS, certificateTemplate: null });
      }
      // nor through the catalogue
      const listed = await t.gql(
        as.member,
        `{ courses(filter: { search: "Foundations" }) { nodes { id certificateTemplate { id } } } }`,
      );
      expect(new Set(codes(listed))).toEqual(new Set(['FORBIDDEN']));
      expect(
        listed.data.courses.nodes.map((n: { certificateTemplate: unknown }) => n.certificateTemplate),
      ).not.toContainEqual({ id: diploma.id });
    } finally {
      await must(as.instructor, UPDATE, { courseId: foundations, certificateTemplateId: null });
    }
  });

  it('prints the certificates of the course from the chosen template, and the default once cleared', async () => {
    // given a course of mine with the diploma template and two enrolled students
    const course = (
      await must(as.instructor, CREATE, {
        title: 'Certified Diploma Course',
        certificateTemplateId: diploma.id,
      })
    ).course;
    for (const student of [idOf.member, idOf.seller]) {
      await db(t).execute(
        `insert into enrollments (id, user_id, course_id, source) values (?, ?, ?, 'granted')`,
        [randomUUID(), student, course.id],
      );
    }
    // when I issue a certificate to the first student
    const first = await must(as.instructor, ISSUE, { courseId: course.id, userId: idOf.member });
    // then it is printed from the diploma template
    expect(first.certificate).toMatchObject({ courseId: course.id, template: diploma });
    // and after clearing the choice, the next one is printed from the default template
    await must(as.instructor, UPDATE, { courseId: course.id, certificateTemplateId: null });
    const second = await must(as.instructor, ISSUE, { courseId: course.id, userId: idOf.seller });
    expect(second.certificate.template).toEqual(defaultTemplate);
    const rows = await db(t).execute<{ user_id: string; template_id: string }[]>(
      'select user_id, template_id from certificates where course_id = ?',
      [course.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.user_id, r.template_id]))).toEqual({
      [idOf.member]: diploma.id,
      [idOf.seller]: defaultTemplate.id,
    });
  });
});

/** A value that passes GraphQL's input coercion for the given input type. */
function dummyValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummyValue(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type)) value[f.name] = dummyValue(f.type);
    }
    return value;
  }
  if (isScalarType(type)) {
    if (type.name === 'Int') return 1;
    if (type.name === 'Boolean') return true;
    if (type.name === 'ID') return randomUUID();
    return 'x';
  }
  throw new Error(`no dummy value for ${String(type)}`);
}

/** Calls one root field of the courses module with placeholder arguments. */
function call(agent: Agent, kind: 'query' | 'mutation', name: string) {
  const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
  const field = root.getFields()[name];
  const declared = field.args.map((a, i) => `$a${i}: ${String(a.type)}`).join(', ');
  const passed = field.args.map((a, i) => `${a.name}: $a${i}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const query = `${kind}${declared ? `(${declared})` : ''} { ${name}${passed ? `(${passed})` : ''}${selection} }`;
  const variables = Object.fromEntries(field.args.map((a, i) => [`a${i}`, dummyValue(a.type)]));
  return t.gql(agent, query, variables);
}

describe('wrong roles', () => {
  const STAFF_ONLY = new Set([
    'adminCourses',
    'courseInstructorCandidates',
    'courseAssignInstructor',
    'courseCategoryCreate',
    'courseCategoryUpdate',
    'courseCategoryDelete',
    'danceStyleCreate',
    'danceStyleUpdate',
    'danceStyleDelete',
  ]);
  const PUBLIC = new Set(['courses', 'course', 'courseCategories', 'danceStyles']);
  const guarded = [
    ...Object.keys(coursesPermissions.Query)
      .filter((n) => !PUBLIC.has(n))
      .map((name) => ['query', name] as const),
    ...Object.keys(coursesPermissions.Mutation).map((name) => ['mutation', name] as const),
  ];

  it('covers every guarded root field of the module', () => {
    expect(guarded.length).toBe(4 + 26);
  });

  it.each(guarded)('%s %s: a guest gets UNAUTHENTICATED, a member FORBIDDEN', async (kind, name) => {
    const asGuest = await call(guest, kind, name);
    expect(codes(asGuest), name).toEqual(['UNAUTHENTICATED']);
    expect(asGuest.data?.[name] ?? null).toBeNull();
    for (const who of [as.member, as.seller]) {
      const res = await call(who, kind, name);
      expect(codes(res), name).toEqual(['FORBIDDEN']);
      expect(res.data?.[name] ?? null).toBeNull();
    }
  });

  it.each([...STAFF_ONLY])('%s: an instructor gets FORBIDDEN', async (name) => {
    const kind = name in coursesPermissions.Query ? 'query' : 'mutation';
    const res = await call(as.instructor, kind, name);
    expect(codes(res), name).toEqual(['FORBIDDEN']);
  });
});
