import { text, type GraphRoute } from '../../rest/graph-route';

/**
 * REST row of the contact form (docs/api.md): `POST /api/contact` → 201 `{ received: true }`;
 * 400 `{ message, field }` for bad input, 429 when the hourly limit is used up.
 */
export const inboxRoutes: GraphRoute[] = [
  {
    method: 'post',
    path: '/contact',
    status: 201,
    operation: `mutation ContactSend($input: ContactSendInput!) {
      contactSend(input: $input) { received userErrors { code field message } } }`,
    variables: (req) => ({
      input: {
        name: text(req.body?.name),
        email: text(req.body?.email),
        subject: text(req.body?.subject),
        message: text(req.body?.message),
        website: text(req.body?.website),
      },
    }),
    select: (root) => ({ received: root.received }),
  },
];
