import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  BALLET,
  categoryId,
  codes,
  db,
  type DemoName,
  FOUNDATIONS,
  HIP_HOP,
  idByTitle,
  insertCourses,
  ok,
  queriesDuring,
  signInDemoUsers,
  styleId,
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

const COURSES = `query Courses($first: Int, $after: String, $filter: CourseFilter, $sort: CourseSort) {
  courses(first: $first, after: $after, filter: $filter, sort: $sort) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { id } }
    nodes {
      id title slug priceCents skillLevel ageGroup published createdAt lessonCount totalDurationMinutes
      danceStyle { id name } category { id name } instructor { id username displayName }
    }
  }
}`;

const COURSE = `query Course($id: ID!) {
  course(id: $id) {
    id title slug summary description priceCents published memberOnly lessonCount totalDurationMinutes
    instructor { id username displayName email }
    danceStyle { name } category { name }
    modules { id title position lessons { id title position durationMinutes } quizzes { id title } }
  }
}`;

interface CourseNode {
  id: string;
  title: string;
  priceCents: number;
  createdAt: string;
  skillLevel: string | null;
  ageGroup: string | null;
  lessonCount: number;
  totalDurationMinutes: number;
  danceStyle: { id: string; name: string } | null;
  category: { id: string; name: string } | null;
  instructor: { id: string; username: string; displayName: string };
}
interface CoursesPage {
  totalCount: number;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  edges: { cursor: string; node: { id: string } }[];
  nodes: CourseNode[];
}

async function list(agent: Agent, variables: Record<string, unknown> = {}): Promise<CoursesPage> {
  return (await ok<{ courses: CoursesPage }>(t, agent, COURSES, { first: 100, ...variables })).courses;
}

async function titles(variables: Record<string, unknown>): Promise<string[]> {
  return (await list(guest, variables)).nodes.map((n) => n.title);
}

/** Follows endCursor `size` at a time and returns every id, checking totalCount on each page. */
async function pageThrough(variables: Record<string, unknown>, size: number): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  let total: number | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const page: CoursesPage = await list(guest, { ...variables, first: size, after });
    total ??= page.totalCount;
    expect(page.totalCount).toBe(total);
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    seen.push(...page.nodes.map((n) => n.id));
    if (!page.pageInfo.hasNextPage) {
      expect(seen).toHaveLength(total);
      return seen;
    }
    expect(page.nodes).toHaveLength(size);
    expect(page.pageInfo.endCursor).toBe(page.edges[size - 1].cursor);
    after = page.pageInfo.endCursor;
  }
  throw new Error('too many pages');
}

describe('catalogue (courses)', () => {
  it('shows guests the six published demo courses, newest first, with instructor, style and category', async () => {
    const page = await list(guest);
    expect(page.totalCount).toBe(6);
    expect(page.nodes.map((n) => n.title)).toEqual([
      FOUNDATIONS,
      BALLET,
      HIP_HOP,
      'Latin and Ballroom for Adult Beginners',
      'Tap Rhythms and Musicality',
      'Safe Dance Practice and Injury Prevention',
    ]);
    const foundations = page.nodes[0];
    expect(foundations).toMatchObject({
      priceCents: 0,
      skillLevel: 'Beginner',
      ageGroup: 'All Ages',
      danceStyle: { name: 'Contemporary' },
      category: { name: 'Teaching Methods' },
      instructor: { username: 'instructor', displayName: 'Ines' },
      lessonCount: 3,
      totalDurationMinutes: 21,
    });
    expect(page.nodes.find((n) => n.title === HIP_HOP)?.instructor.username).toBe('multi');
    expect(page.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it('hides drafts from everyone, even their instructor and staff (they use their own queries)', async () => {
    const [draft] = await insertCourses(t, [
      { title: 'Secret Draft Waltz', instructorId: idOf.instructor, published: false },
    ]);
    for (const who of [guest, as.member, as.instructor, as.admin, as.officer]) {
      const page = await list(who, { filter: { search: 'Secret Draft Waltz' } });
      expect(page.nodes.map((n) => n.id)).not.toContain(draft);
      expect(page.totalCount).toBe(0);
    }
    await db(t).execute('delete from courses where id = ?', [draft]);
  });

  describe('filters', () => {
    it.each([
      [
        'skill level Beginner',
        { skillLevel: 'Beginner' },
        [FOUNDATIONS, 'Latin and Ballroom for Adult Beginners'],
      ],
      [
        'age group All Ages',
        { ageGroup: 'All Ages' },
        [FOUNDATIONS, 'Tap Rhythms and Musicality', 'Safe Dance Practice and Injury Prevention'],
      ],
      ['price FREE', { price: 'FREE' }, [FOUNDATIONS]],
      [
        'skill level and age group together',
        { skillLevel: 'Intermediate', ageGroup: 'Teen (13-17)' },
        [HIP_HOP],
      ],
      ['a dance style id that is no UUID', { danceStyleId: 'ballet' }, []],
    ])('%s', async (_label, filter, expected) => {
      expect(await titles({ filter })).toEqual(expected);
    });

    it('filters by dance style id and by category id', async () => {
      expect(await titles({ filter: { danceStyleId: await styleId(t, 'Ballet') } })).toEqual([BALLET]);
      expect(await titles({ filter: { danceStyleId: await styleId(t, 'Swing') } })).toEqual([]);
      expect(await titles({ filter: { categoryId: await categoryId(t, 'Technique') } })).toEqual([
        BALLET,
        HIP_HOP,
        'Tap Rhythms and Musicality',
      ]);
    });

    it('filters paid courses (price > 0)', async () => {
      const page = await list(guest, { filter: { price: 'PAID' } });
      expect(page.totalCount).toBe(5);
      expect(page.nodes.every((n) => n.priceCents > 0)).toBe(true);
    });
  });

  describe('search', () => {
    let zumbaTitle: string;
    let zumbaMention: string;
    beforeAll(async () => {
      // One course has the word in its title; an older one only mentions it in its description.
      [zumbaTitle, zumbaMention] = await insertCourses(t, [
        {
          title: 'Zumba Fitness for Instructors',
          summary: 'High-energy classes.',
          instructorId: idOf.instructor,
          createdAt: new Date(Date.now() - 10 * 86_400_000),
        },
        {
          title: 'Salsa Social Basics',
          description: 'Warm up with a little zumba before partner work.',
          instructorId: idOf.instructor,
          createdAt: new Date(Date.now() - 60_000),
        },
      ]);
    });
    afterAll(async () => {
      await db(t).execute('delete from courses where id in (?, ?)', [zumbaTitle, zumbaMention]);
    });

    it('ranks the course with the word in its title first (RELEVANCE is the default with a search)', async () => {
      const relevance = await list(guest, { filter: { search: 'zumba' } });
      expect(relevance.nodes.map((n) => n.id)).toEqual([zumbaTitle, zumbaMention]);
      const explicit = await list(guest, { filter: { search: 'Zumba' }, sort: 'RELEVANCE' });
      expect(explicit.nodes.map((n) => n.id)).toEqual([zumbaTitle, zumbaMention]);
      // NEWEST with the same search puts the newer mention first
      const newest = await list(guest, { filter: { search: 'zumba' }, sort: 'NEWEST' });
      expect(newest.nodes.map((n) => n.id)).toEqual([zumbaMention, zumbaTitle]);
    });

    it('matches stemmed words, phrases and partial title words', async () => {
      expect(await titles({ filter: { search: 'teaching' } })).toEqual(
        expect.arrayContaining([FOUNDATIONS, BALLET]),
      );
      expect(await titles({ filter: { search: 'choreo' } })).toEqual([HIP_HOP]);
      expect(await titles({ filter: { search: '"injury prevention"' } })).toEqual([
        'Safe Dance Practice and Injury Prevention',
      ]);
      expect(await titles({ filter: { search: 'zzzz-no-such-course' } })).toEqual([]);
    });

    it('combines a search with filters', async () => {
      expect(await titles({ filter: { search: 'teaching', price: 'FREE' } })).toEqual([FOUNDATIONS]);
    });

    it('falls back to NEWEST for RELEVANCE without a search', async () => {
      expect(await titles({ sort: 'RELEVANCE' })).toEqual(await titles({ sort: 'NEWEST' }));
    });
  });

  describe('sorting and paging', () => {
    beforeAll(async () => {
      const ballet = await styleId(t, 'Ballet');
      await insertCourses(
        t,
        Array.from({ length: 25 }, (_, i) => ({
          title: `Pager Course ${String.fromCharCode(90 - (i % 26))}${i}`,
          summary: 'pagination filler',
          // Several share a price, so the tie-breakers matter.
          priceCents: ((i % 4) + 1) * 1000,
          danceStyleId: ballet,
          instructorId: idOf.instructor,
          // Pairs share a creation time.
          createdAt: new Date(Date.now() - 2 * 86_400_000 - Math.floor(i / 2) * 1000),
        })),
      );
    });

    it('sorts by title, price ascending and price descending', async () => {
      const byTitle = await list(guest, { sort: 'TITLE' });
      const expectedTitles: { title: string }[] = await db(t).execute(
        'select title from courses where published order by lower(title), id',
      );
      expect(byTitle.nodes.map((n) => n.title)).toEqual(expectedTitles.map((r) => r.title));

      const asc = (await list(guest, { sort: 'PRICE_ASC' })).nodes.map((n) => n.priceCents);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      const desc = (await list(guest, { sort: 'PRICE_DESC' })).nodes.map((n) => n.priceCents);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      expect(desc[0]).toBe(14900);

      const newest = (await list(guest, { sort: 'NEWEST' })).nodes.map((n) => Date.parse(n.createdAt));
      expect(newest).toEqual([...newest].sort((a, b) => b - a));
    });

    it.each([
      ['NEWEST', {}],
      ['TITLE', { sort: 'TITLE' }],
      ['PRICE_ASC', { sort: 'PRICE_ASC' }],
      ['PRICE_DESC', { sort: 'PRICE_DESC' }],
      ['RELEVANCE over a search', { filter: { search: 'pager filler' } }],
      ['a filter', { filter: { price: 'PAID' }, sort: 'PRICE_ASC' }],
    ])('pages through %s without duplicates or gaps, in the one-page order', async (_label, variables) => {
      const all = (await list(guest, { ...variables, first: 100 })).nodes.map((n) => n.id);
      expect(all.length).toBeGreaterThan(5);
      const paged = await pageThrough(variables, 4);
      expect(new Set(paged).size).toBe(paged.length);
      expect(paged).toEqual(all);
    });

    it('serves 20 by default and caps `first` at 100', async () => {
      const page = (await ok<{ courses: CoursesPage }>(t, guest, COURSES, {})).courses;
      expect(page.nodes).toHaveLength(20);
      expect(page.totalCount).toBeGreaterThan(20);
    });

    it('refuses a cursor that is not one, or one made for another sort', async () => {
      const page = await list(guest, { first: 2 });
      for (const [after, sort] of [
        ['garbage', null],
        [Buffer.from('{"s":"NEWEST","k":["nope","x"]}').toString('base64url'), null],
        [page.pageInfo.endCursor, 'TITLE'],
      ]) {
        const res = await t.gql(guest, COURSES, { first: 2, after, sort });
        expect(codes(res)).toEqual(['BAD_USER_INPUT']);
        expect(res.errors?.[0].message).toBe('`after` is not a valid cursor');
      }
    });
  });
});

describe('course details (course)', () => {
  it('shows a published course by id and by slug, with its syllabus titles only', async () => {
    const id = await idByTitle(t, FOUNDATIONS);
    const byId = (await ok(t, guest, COURSE, { id })).course;
    const bySlug = (await ok(t, guest, COURSE, { id: 'foundations-of-teaching-dance' })).course;
    expect(bySlug).toEqual(byId);
    expect(byId).toMatchObject({
      title: FOUNDATIONS,
      priceCents: 0,
      lessonCount: 3,
      totalDurationMinutes: 21,
      instructor: { username: 'instructor', email: null },
      danceStyle: { name: 'Contemporary' },
    });
    expect(byId.modules.map((m: { title: string }) => m.title)).toEqual([
      'Planning a class',
      'Leading the room',
    ]);
    expect(byId.modules[0].lessons.map((l: { title: string }) => l.title)).toEqual([
      'The shape of a great class',
      'Warm-ups that work',
    ]);
    expect(byId.modules[1].quizzes).toEqual([{ id: expect.any(String), title: 'Foundations check' }]);
  });

  it('never exposes lesson bodies, video links or answers on the public types', async () => {
    const id = await idByTitle(t, FOUNDATIONS);
    for (const field of ['body', 'videoUrl']) {
      const res = await t.gql(
        guest,
        `query($id: ID!) { course(id: $id) { modules { lessons { ${field} } } } }`,
        {
          id,
        },
      );
      expect(codes(res)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    }
    const guestCurriculum = await t.gql(guest, `query($id: ID!) { course(id: $id) { curriculum { id } } }`, {
      id,
    });
    expect(codes(guestCurriculum)).toEqual(['UNAUTHENTICATED']);
    const memberCurriculum = await t.gql(
      as.member,
      `query($id: ID!) { course(id: $id) { curriculum { id } } }`,
      {
        id,
      },
    );
    expect(codes(memberCurriculum)).toEqual(['FORBIDDEN']);
    expect(memberCurriculum.data?.course ?? null).toBeNull();
    // and the REST answer has no lesson text
    const rest = await guest.get(`/api/courses/${id}`);
    expect(rest.status).toBe(200);
    expect(JSON.stringify(rest.body)).not.toContain('Every class has three parts');
    expect(JSON.stringify(rest.body)).not.toContain('youtube');
  });

  it('shows a draft only to its instructor and staff; others get null', async () => {
    const [draft] = await insertCourses(t, [
      { title: 'Draft Only Tango', instructorId: idOf.instructor, published: false },
    ]);
    for (const who of [guest, as.member, as.multi, as.seller]) {
      expect((await ok(t, who, COURSE, { id: draft })).course).toBeNull();
    }
    for (const who of [as.instructor, as.admin, as.officer]) {
      expect((await ok(t, who, COURSE, { id: draft })).course).toMatchObject({
        title: 'Draft Only Tango',
        published: false,
      });
    }
    expect((await guest.get(`/api/courses/${draft}`)).status).toBe(404);
    await db(t).execute('delete from courses where id = ?', [draft]);
  });

  it('answers null for an unknown id or slug', async () => {
    expect((await ok(t, guest, COURSE, { id: '00000000-0000-4000-8000-000000000000' })).course).toBeNull();
    expect((await ok(t, guest, COURSE, { id: 'no-such-course' })).course).toBeNull();
  });

  it('lists categories and dance styles publicly', async () => {
    const data = await ok(t, guest, `{ courseCategories { id name slug } danceStyles { id name position } }`);
    expect(data.courseCategories.map((c: { name: string }) => c.name)).toEqual([
      'Safe Practice',
      'Teaching Methods',
      'Technique',
    ]);
    expect(data.danceStyles.map((s: { name: string }) => s.name).slice(0, 3)).toEqual([
      'Ballet',
      'Contemporary',
      'Hip Hop',
    ]);
    expect(data.danceStyles).toHaveLength(12);
  });
});

describe('REST', () => {
  it('GET /api/courses answers { items, totalCount, pageInfo } with filters from the query string', async () => {
    const res = await guest.get('/api/courses?price=free');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalCount: 1,
      items: [{ title: FOUNDATIONS, priceCents: 0, instructor: { username: 'instructor' } }],
      pageInfo: { hasNextPage: false },
    });
    const ballet = await guest.get(
      `/api/courses?danceStyleId=${await styleId(t, 'Ballet')}&search=grades&sort=title`,
    );
    expect(ballet.status).toBe(200);
    expect(ballet.body.items.map((c: { title: string }) => c.title)).toEqual([BALLET]);
    const paged = await guest.get('/api/courses?first=2');
    expect(paged.body.items).toHaveLength(2);
    const next = await guest.get(`/api/courses?first=2&after=${paged.body.pageInfo.endCursor}`);
    expect(next.body.items[0].id).not.toBe(paged.body.items[1].id);
  });

  it('GET /api/courses refuses an unknown sort with 400', async () => {
    const res = await guest.get('/api/courses?sort=sideways');
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('GET /api/courses/:id answers the course with its syllabus, or 404 { message }', async () => {
    const ok200 = await guest.get('/api/courses/hip-hop-choreography-for-teens');
    expect(ok200.status).toBe(200);
    expect(ok200.body).toMatchObject({ title: HIP_HOP, instructor: { username: 'multi' } });
    expect(ok200.body.modules[0].lessons[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      position: 0,
      durationMinutes: expect.any(Number),
    });
    const missing = await guest.get('/api/courses/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Course not found' });
  });
});

describe('SQL cost of the catalogue', () => {
  it('is the same small number of queries for 20 and for 100 courses, with each one’s relations', async () => {
    // given more than 100 published courses, each with an instructor, a style and a category
    const style = await styleId(t, 'Jazz');
    const category = await categoryId(t, 'Technique');
    await insertCourses(
      t,
      Array.from({ length: 100 }, (_, i) => ({
        title: `Cost Course ${i}`,
        danceStyleId: style,
        categoryId: category,
        instructorId: i % 2 ? idOf.instructor : idOf.multi,
        priceCents: (i + 1) * 100,
        skillLevel: 'Beginner',
      })),
    );
    const run = (first: number) =>
      queriesDuring(t, async () => {
        const page = await list(guest, { first });
        expect(page.nodes).toHaveLength(first);
        expect(page.nodes.every((n) => n.instructor.username && n.danceStyle !== undefined)).toBe(true);
      });
    // when a guest lists 20 and then 100 (instructor, style, category and lesson count selected)
    const twenty = await run(20);
    const hundred = await run(100);
    // then both cost the same few queries
    expect(twenty.length).toBeGreaterThan(0);
    expect(hundred.length).toBe(twenty.length);
    expect(twenty.length, twenty.join('\n')).toBeLessThanOrEqual(4);
    // and the same holds with filters and a search
    const filtered = await queriesDuring(t, () =>
      list(guest, { first: 100, filter: { danceStyleId: style, search: 'cost' }, sort: 'RELEVANCE' }),
    );
    expect(filtered.length).toBe(twenty.length);
  });
});
