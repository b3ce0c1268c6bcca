import { type GraphRoute, text } from '../../rest/graph-route';

const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The enrollment JSON of the REST adapter. */
export const ENROLLMENT_FIELDS = `
  id source createdAt completedAt
  course { id title slug priceCents memberOnly }
  progress { completedLessons totalLessons passedQuizzes totalQuizzes percent completed }
`;

export const learningRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/enrollments',
    operation: `query MyEnrollments($first: Int, $after: String) {
      myEnrollments(first: $first, after: $after) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${ENROLLMENT_FIELDS} } } }`,
    variables: (req) => ({ first: intOrNull(req.query.first), after: textOrNull(req.query.after) }),
    select: (root) => {
      const page = root as { totalCount: number; pageInfo: unknown; nodes: unknown[] };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'post',
    path: '/enrollments',
    operation: `mutation CourseEnroll($input: CourseEnrollInput!) {
      courseEnroll(input: $input) { enrollment { ${ENROLLMENT_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({ input: { courseId: text(req.body?.courseId) } }),
    select: (root) => root.enrollment,
    status: 201,
  },
];
