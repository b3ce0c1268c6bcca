import type { GraphRoute } from '../../rest/graph-route';
import { optionalText, text } from '../../rest/graph-route';
import { USER_FIELDS } from '../users';

const userOf = (root: Record<string, unknown>) => root.user;

/** The body of `POST /api/login` when the account owes a second step (202): no session yet. */
export const SECOND_STEP_BODY = {
  secondStepRequired: true,
  message:
    'Enter the code from your authenticator app (or a recovery code): POST /api/login/second-step with {"code": "…"} within 10 minutes, keeping the cookies of this response.',
};
const userOrSecondStep = (root: Record<string, unknown>) =>
  root.secondStepRequired ? SECOND_STEP_BODY : root.user;

export const authRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/user',
    operation: `query { me { ${USER_FIELDS} } }`,
    whenNull: { status: 401, message: 'Not authenticated' },
  },
  {
    method: 'post',
    path: '/login',
    operation: `mutation Login($input: LoginInput!) {
      login(input: $input) { user { ${USER_FIELDS} } secondStepRequired userErrors { code field message } } }`,
    variables: (req) => ({
      input: { username: text(req.body?.username), password: text(req.body?.password) },
    }),
    select: userOrSecondStep,
    statusOf: (root) => (root.secondStepRequired ? 202 : undefined),
  },
  {
    method: 'post',
    path: '/login/second-step',
    operation: `mutation LoginSecondStep($input: LoginSecondStepInput!) {
      loginSecondStep(input: $input) { user { ${USER_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({ input: { code: text(req.body?.code) } }),
    select: userOf,
  },
  {
    method: 'post',
    path: '/register',
    operation: `mutation Register($input: RegisterInput!) {
      register(input: $input) { user { ${USER_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({
      input: {
        username: text(req.body?.username),
        password: text(req.body?.password),
        email: optionalText(req.body?.email),
        firstName: optionalText(req.body?.firstName),
        lastName: optionalText(req.body?.lastName),
        storeInvite: optionalText(req.body?.storeInvite),
        altcha: optionalText(req.body?.altcha),
      },
    }),
    select: userOf,
    status: 201,
  },
  {
    method: 'post',
    path: '/logout',
    operation: `mutation { logout { success userErrors { code field message } } }`,
    select: (root) => ({ success: root.success }),
  },
];
