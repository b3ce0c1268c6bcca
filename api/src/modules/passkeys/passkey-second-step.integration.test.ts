import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TWO_STEP_REQUIRED_MESSAGE, USE_YOUR_PASSKEY } from '../account';
import { SoftwareAuthenticator, type SoftwareCredential } from './test/software-authenticator';

// Issue 31: "a passkey satisfies it" — staff with a passkey (and no authenticator app) meet the
// two-step requirement, and a password alone no longer opens their account: a password sign-in owes
// a second step that the passkey gives. A member's passkey changes nothing for their password.
let t: TestApp;
type Agent = ReturnType<TestApp['agent']>;
const json = { 'content-type': 'application/json' };
const PASSWORD = 'passkey-staff-2026';
const ERRORS = 'userErrors { code field message }';
const db = () => t.orm.em.fork().getConnection();
const origin = () => new URL(t.config.publicUrl).origin;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp({ twoStepRequired: true });
});
afterAll(() => t?.close());

async function register(): Promise<{ agent: Agent; id: string; username: string }> {
  const agent = t.agent();
  const username = `pks${Date.now().toString(36)}${++seq}`;
  const res = await agent.post('/api/register').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(201);
  return { agent, id: res.body.id, username };
}

async function addPasskey(agent: Agent, authenticator: SoftwareAuthenticator): Promise<SoftwareCredential> {
  const options = (
    await t.gql(
      agent,
      `mutation($input: PasskeyRegistrationOptionsInput!) { passkeyRegistrationOptions(input: $input) { options ${ERRORS} } }`,
      { input: {} },
    )
  ).data.passkeyRegistrationOptions.options as string;
  const { json: response, credential } = authenticator.create(options, origin());
  const added = await t.gql(
    agent,
    `mutation($input: PasskeyAddInput!) { passkeyAdd(input: $input) { passkey { id } ${ERRORS} } }`,
    { input: { response } },
  );
  expect(added.data.passkeyAdd.userErrors).toEqual([]);
  return credential;
}

async function passkeySignIn(
  agent: Agent,
  authenticator: SoftwareAuthenticator,
  credential: SoftwareCredential,
) {
  const options = (await t.gql(agent, `mutation { passkeySignInOptions { options ${ERRORS} } }`)).data
    .passkeySignInOptions.options as string;
  const response = authenticator.get(options, origin(), credential);
  return (
    await t.gql(
      agent,
      `mutation($input: PasskeySignInInput!) { passkeySignIn(input: $input) { user { username } ${ERRORS} } }`,
      { input: { response } },
    )
  ).data.passkeySignIn;
}

const login = (agent: Agent, username: string) =>
  t.gql(
    agent,
    `mutation($input: LoginInput!) { login(input: $input) { user { id } secondStepRequired ${ERRORS} } }`,
    { input: { username, password: PASSWORD } },
  );

describe('a passkey as the second factor', () => {
  it('meets the staff requirement, and is the second step a password sign-in then owes', async () => {
    // given an admin without a second factor: staff operations are refused
    const staff = await register();
    await db().execute(`update users set role = 'admin', roles = '{admin}' where id = ?`, [staff.id]);
    const refused = await t.gql(staff.agent, `{ adminOverview { __typename } }`);
    expect(refused.errors?.[0]).toMatchObject({ message: TWO_STEP_REQUIRED_MESSAGE });

    // when they add a passkey: the requirement is met
    const authenticator = new SoftwareAuthenticator();
    const credential = await addPasskey(staff.agent, authenticator);
    const allowed = await t.gql(staff.agent, `{ adminOverview { __typename } }`);
    expect(allowed.errors).toBeUndefined();

    // then a password alone opens nothing: the sign-in owes a second step, and no session exists
    const browser = t.agent();
    const first = (await login(browser, staff.username)).data.login;
    expect(first).toMatchObject({ user: null, secondStepRequired: true, userErrors: [] });
    expect((await t.gql(browser, `{ me { id } }`)).data.me).toBeNull();
    // a code cannot give it (the account has no authenticator app): a clear message
    const code = await t.gql(
      browser,
      `mutation($input: LoginSecondStepInput!) { loginSecondStep(input: $input) { user { id } ${ERRORS} } }`,
      { input: { code: '123456' } },
    );
    expect(code.data.loginSecondStep.userErrors).toEqual([
      expect.objectContaining({ code: 'INVALID_INPUT', message: USE_YOUR_PASSKEY }),
    ]);
    expect((await t.gql(browser, `{ me { id } }`)).data.me).toBeNull();
    // the passkey gives it: signed in, staff pages open
    const signedIn = await passkeySignIn(browser, authenticator, credential);
    expect(signedIn).toMatchObject({ user: { username: staff.username }, userErrors: [] });
    expect((await t.gql(browser, `{ adminOverview { __typename } }`)).errors).toBeUndefined();
  });

  it('changes nothing for a member: their password still signs them in', async () => {
    const member = await register();
    await addPasskey(member.agent, new SoftwareAuthenticator());
    const browser = t.agent();
    const res = (await login(browser, member.username)).data.login;
    expect(res).toMatchObject({ user: { id: member.id }, secondStepRequired: false, userErrors: [] });
  });
});
