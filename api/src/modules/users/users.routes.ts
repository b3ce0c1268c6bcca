import type { GraphRoute } from '../../rest/graph-route';
import { USER_FIELDS } from './user.fragment';

export const usersRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/users/:id',
    operation: `query User($id: ID!) { user(id: $id) { ${USER_FIELDS} } }`,
    variables: (req) => ({ id: String(req.params.id) }),
    whenNull: { status: 404, message: 'User not found' },
  },
  {
    method: 'patch',
    path: '/user',
    operation: `mutation ProfileUpdate($input: ProfileUpdateInput!) {
      profileUpdate(input: $input) { user { ${USER_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({
      input: { firstName: req.body?.firstName, lastName: req.body?.lastName, timeZone: req.body?.timeZone },
    }),
    select: (root) => root.user,
  },
];
