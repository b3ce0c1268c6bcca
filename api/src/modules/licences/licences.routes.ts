import { optionalText, text, type GraphRoute } from '../../rest/graph-route';

/**
 * REST rows of licences: `GET /api/licences` (given to me: `{ items, totalCount, pageInfo }`),
 * `POST /api/licences` `{ orderLineId | resourceId, username }` (give one; answers the order line
 * with its licences) and `DELETE /api/licences/:orderLineId/:username` (take one back). Errors
 * `{ message, code, field }`: NOT_FOUND 404, CONFLICT/ALREADY_OWNED 409, INVALID_INPUT 400.
 */
const LINE_FIELDS = `id itemType itemId title quantity licences licencesLeft
  licenceHolders { username displayName givenAt }`;

const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;

export const licencesRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/licences',
    operation: `query MyLicences($first: Int, $after: String) {
      myLicences(first: $first, after: $after) {
        totalCount pageInfo { hasNextPage endCursor }
        nodes { id fromUsername fromDisplayName givenAt downloadUrl resource { id title type } } } }`,
    variables: (req) => ({
      first: intOrNull(req.query.first),
      after: typeof req.query.after === 'string' && req.query.after ? req.query.after : null,
    }),
    select: (root) => {
      const page = root as { nodes: unknown[]; totalCount: number; pageInfo: unknown };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'post',
    path: '/licences',
    status: 201,
    operation: `mutation LicenceAssign($input: LicenceAssignInput!) {
      licenceAssign(input: $input) { orderLine { ${LINE_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({
      input: {
        orderLineId: optionalText(req.body?.orderLineId),
        resourceId: optionalText(req.body?.resourceId),
        username: text(req.body?.username),
      },
    }),
    select: (root) => root.orderLine,
  },
  {
    method: 'delete',
    path: '/licences/:orderLineId/:username',
    operation: `mutation LicenceRevoke($input: LicenceRevokeInput!) {
      licenceRevoke(input: $input) { orderLine { ${LINE_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({
      input: { orderLineId: String(req.params.orderLineId), username: String(req.params.username) },
    }),
    select: (root) => root.orderLine,
  },
];
