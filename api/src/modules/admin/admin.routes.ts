import type { GraphRoute } from '../../rest/graph-route';
import { USER_FIELDS } from '../users';

const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

export const adminRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/users',
    operation: `query Users($first: Int, $after: String, $search: String, $role: String) {
      users(first: $first, after: $after, search: $search, role: $role) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${USER_FIELDS} } } }`,
    variables: (req) => ({
      first: intOrNull(req.query.first),
      after: textOrNull(req.query.after),
      search: textOrNull(req.query.search),
      role: textOrNull(req.query.role),
    }),
    select: (root) => {
      const page = root as { totalCount: number; pageInfo: unknown; nodes: unknown[] };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'patch',
    path: '/users/:id/roles',
    operation: `mutation UserRolesUpdate($input: UserRolesUpdateInput!) {
      userRolesUpdate(input: $input) { user { ${USER_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({
      input: {
        userId: String(req.params.id),
        roles: Array.isArray(req.body?.roles) ? req.body.roles.map(String) : [],
      },
    }),
    select: (root) => root.user,
  },
];
