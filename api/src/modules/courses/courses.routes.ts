import type { GraphRoute } from '../../rest/graph-route';

/** The course JSON of the REST adapter (public fields; never lesson content or answers). */
const COURSE_FIELDS = `
  id slug title summary description priceCents skillLevel ageGroup coverImageUrl memberOnly published
  createdAt updatedAt lessonCount totalDurationMinutes
  danceStyle { id name }
  category { id name slug }
  instructor { id username displayName firstName lastName profileImageUrl }
`;

const SYLLABUS_FIELDS = `
  modules { id title position
    lessons { id title position durationMinutes }
    quizzes { id title } }
`;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const upper = (value: unknown) => text(value)?.toUpperCase() ?? null;

export const coursesRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/courses',
    operation: `query Courses($first: Int, $after: String, $filter: CourseFilter, $sort: CourseSort) {
      courses(first: $first, after: $after, filter: $filter, sort: $sort) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${COURSE_FIELDS} } } }`,
    // ?danceStyleId=&skillLevel=&ageGroup=&categoryId=&price=free|paid&search=&sort=newest|title|…&first=&after=
    variables: (req) => ({
      first: intOrNull(req.query.first),
      after: text(req.query.after),
      sort: upper(req.query.sort),
      filter: {
        danceStyleId: text(req.query.danceStyleId),
        skillLevel: text(req.query.skillLevel),
        ageGroup: text(req.query.ageGroup),
        categoryId: text(req.query.categoryId),
        price: upper(req.query.price),
        search: text(req.query.search),
      },
    }),
    select: (root) => {
      const page = root as { totalCount: number; pageInfo: unknown; nodes: unknown[] };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'get',
    path: '/courses/:id',
    operation: `query Course($id: ID!) { course(id: $id) { ${COURSE_FIELDS} ${SYLLABUS_FIELDS} } }`,
    variables: (req) => ({ id: String(req.params.id) }),
    whenNull: { status: 404, message: 'Course not found' },
  },
];
