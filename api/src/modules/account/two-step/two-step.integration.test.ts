import { generate } from 'otplib';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsWithDemoTwoStepKey,
  DEMO_TWO_STEP_KEY,
  refuseDemoTwoStepKey,
} from '../../../db/seeders/demo-two-step';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { SECOND_STEP_EXPIRED } from './second-step';
import { REPLAYED_CODE, TWO_STEP_REQUIRED_MESSAGE, WRONG_CODE, WRONG_CODES_PER_HOUR } from './two-step';

// Issue 31: two-step sign-in with an authenticator app — set-up, the second step of a sign-in
// (GraphQL and REST), replay and recovery codes, the staff and payout requirement, turning it off.

type Agent = ReturnType<typeof request.agent>;
const json = { 'content-type': 'application/json' };
const PASSWORD = 'a-long-enough-password';
const ERRORS = 'userErrors { code field message }';
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { user { id } secondStepRequired ${ERRORS} } }`;
const SECOND = `mutation($code: String!) { loginSecondStep(input: { code: $code }) { user { id username } ${ERRORS} } }`;
const STATUS = `{ myTwoStep { enabled recoveryCodesLeft requiredFor hasSecondFactor } }`;
const START = `mutation { twoStepSetupStart { key uri qrSize qrPath ${ERRORS} } }`;
const CONFIRM = `mutation($code: String!) { twoStepSetupConfirm(input: { code: $code }) { recoveryCodes ${ERRORS} } }`;
const DISABLE = `mutation($code: String!) { twoStepDisable(input: { code: $code }) { success message ${ERRORS} } }`;
const REGENERATE = `mutation($code: String!) { twoStepRecoveryCodesRegenerate(input: { code: $code }) { recoveryCodes ${ERRORS} } }`;

let t: TestApp;
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

beforeAll(async () => {
  // As `npm start` runs: the seeded staff have the README's key, and staff need a second factor.
  t = await startTestApp({ twoStepRequired: true }, { demoTwoStep: true });
});
afterAll(() => t.close());

/** The code of the authenticator app `steps` 30-second steps from now (±1 is accepted). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function register(): Promise<{ agent: Agent; id: string; username: string; email: string }> {
  const agent = t.agent();
  const username = `two${unique()}`;
  const email = `${username}@example.com`;
  const res = await agent.post('/api/register').set(json).send({ username, password: PASSWORD, email });
  expect(res.status).toBe(201);
  return { agent, id: res.body.id, username, email };
}

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

/**
 * A member with two-step sign-in on (confirmed with the current code); its key, recovery codes and
 * the code its set-up used.
 */
async function withTwoStep() {
  const account = await register();
  const { twoStepSetupStart: setup } = await ok(account.agent, START);
  const setupCode = await codeAt(setup.key);
  const { twoStepSetupConfirm } = await ok(account.agent, CONFIRM, { code: setupCode });
  expect(twoStepSetupConfirm.userErrors).toEqual([]);
  return {
    ...account,
    key: setup.key as string,
    setupCode,
    recoveryCodes: twoStepSetupConfirm.recoveryCodes as string[],
  };
}

const db = () => t.orm.em.fork().getConnection();
const sessionsOf = async (userId: string) =>
  (
    await db().execute<{ n: number }[]>(`select count(*)::int as n from session where sess->>'userId' = ?`, [
      userId,
    ])
  )[0].n;
const mailsTo = (email: string) =>
  db().execute<{ subject: string }[]>(
    `select subject from mail_outbox where lower("to") = lower(?) order by created_at`,
    [email],
  );
const eventsOf = async (userId: string) =>
  (
    await db().execute<{ kind: string }[]>(
      `select kind from security_events where user_id = ? order by created_at`,
      [userId],
    )
  ).map((e) => e.kind);

/** A password sign-in in a new browser: its agent and the login payload. */
async function passwordStep(username: string, password = PASSWORD) {
  const agent = t.agent();
  const data = await ok(agent, LOGIN, { input: { username, password } });
  return { agent, login: data.login };
}

describe('setting up two-step sign-in', () => {
  it('shows a QR code and key, confirms with a current code, and gives 10 recovery codes once', async () => {
    const account = await register();
    expect((await ok(account.agent, STATUS)).myTwoStep).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredFor: null,
      hasSecondFactor: false,
    });
    const { twoStepSetupStart: setup } = await ok(account.agent, START);
    expect(setup.key).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.uri).toBe(`otpauth://totp/DRX:${account.username}?secret=${setup.key}&issuer=DRX`);
    expect(setup.qrSize).toBeGreaterThan(20);
    expect(setup.qrPath).toMatch(/^M\d+ \d+h/);
    // The secret is stored sealed, never as the key.
    const [row] = await db().execute<{ secret: string }[]>(
      `select secret from two_step_secrets where user_id = ?`,
      [account.id],
    );
    expect(row.secret).not.toContain(setup.key);

    const wrong = await ok(account.agent, CONFIRM, {
      code: '000000' === (await codeAt(setup.key)) ? '111111' : '000000',
    });
    expect(wrong.twoStepSetupConfirm).toEqual({
      recoveryCodes: [],
      userErrors: [{ code: 'INVALID_INPUT', field: 'code', message: WRONG_CODE }],
    });
    expect((await ok(account.agent, STATUS)).myTwoStep.enabled).toBe(false);

    const confirmed = await ok(account.agent, CONFIRM, { code: await codeAt(setup.key) });
    expect(confirmed.twoStepSetupConfirm.userErrors).toEqual([]);
    const codes: string[] = confirmed.twoStepSetupConfirm.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are kept.
    const stored = await db().execute<{ code_hash: string }[]>(
      `select code_hash from two_step_recovery_codes where user_id = ?`,
      [account.id],
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.code_hash)).not.toContain(codes[0]);
    expect((await ok(account.agent, STATUS)).myTwoStep).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // A second set-up is refused while it is on; the secret is never shown again.
    expect((await ok(account.agent, START)).twoStepSetupStart.userErrors[0].code).toBe('CONFLICT');
    expect((await mailsTo(account.email)).map((m) => m.subject)).toContain(
      'Two-step sign-in is on for your DRX account',
    );
    expect(await eventsOf(account.id)).toContain('two_step_enabled');
  });
});

describe('signing in with two-step sign-in on', () => {
  it('gives no session for the password alone; a current code then starts it', async () => {
    const account = await withTwoStep();
    const before = await sessionsOf(account.id);
    const { agent, login } = await passwordStep(account.username);
    expect(login).toEqual({ user: null, secondStepRequired: true, userErrors: [] });
    expect((await ok(agent, `{ me { id } }`)).me).toBeNull();
    expect(await sessionsOf(account.id)).toBe(before);
    // Nothing staff- or account-like works either.
    expect((await t.gql(agent, STATUS)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const wrong = await ok(agent, SECOND, { code: '12345' });
    expect(wrong.loginSecondStep.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'code' });
    expect((await ok(agent, `{ me { id } }`)).me).toBeNull();

    const done = await ok(agent, SECOND, { code: await codeAt(account.key, 1) });
    expect(done.loginSecondStep).toEqual({
      user: { id: account.id, username: account.username },
      userErrors: [],
    });
    expect((await ok(agent, `{ me { id } }`)).me).toEqual({ id: account.id });
    expect(await sessionsOf(account.id)).toBe(before + 1);
    // The pending step is used up: the same cookie cannot start a second session.
    const again = await ok(agent, SECOND, { code: await codeAt(account.key, 1) });
    expect(again.loginSecondStep.userErrors[0]).toEqual({
      code: 'INVALID_INPUT',
      field: null,
      message: SECOND_STEP_EXPIRED,
    });
  });

  it('refuses a code already used (replay), even from another browser', async () => {
    const account = await withTwoStep();
    const { agent } = await passwordStep(account.username);
    // The set-up's own code (the current step's then: the step may have turned since, on a slow machine).
    const replay = await ok(agent, SECOND, { code: account.setupCode });
    expect(replay.loginSecondStep.userErrors[0]).toEqual({
      code: 'INVALID_INPUT',
      field: 'code',
      message: REPLAYED_CODE,
    });
    expect((await ok(agent, `{ me { id } }`)).me).toBeNull();
    // An earlier step's code is as dead as a used one.
    const earlier = await ok(agent, SECOND, { code: await codeAt(account.key, -1) });
    expect(earlier.loginSecondStep.userErrors[0].field).toBe('code');
    expect((await ok(agent, SECOND, { code: await codeAt(account.key, 1) })).loginSecondStep.user.id).toBe(
      account.id,
    );
  });

  it('accepts each recovery code once, and mails its use', async () => {
    const account = await withTwoStep();
    const [code] = account.recoveryCodes;
    const first = await passwordStep(account.username);
    const used = await ok(first.agent, SECOND, { code: code.toUpperCase() });
    expect(used.loginSecondStep.user.id).toBe(account.id);
    const second = await passwordStep(account.username);
    const reused = await ok(second.agent, SECOND, { code });
    expect(reused.loginSecondStep.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'code' });
    expect((await ok(second.agent, `{ me { id } }`)).me).toBeNull();
    expect((await ok(first.agent, STATUS)).myTwoStep.recoveryCodesLeft).toBe(9);
    expect(await eventsOf(account.id)).toContain('recovery_code_used');
  });

  it('refuses a second step that was never owed', async () => {
    const agent = t.agent();
    const res = await ok(agent, SECOND, { code: '123456' });
    expect(res.loginSecondStep).toEqual({
      user: null,
      userErrors: [{ code: 'INVALID_INPUT', field: null, message: SECOND_STEP_EXPIRED }],
    });
  });

  it('stops checking codes after too many wrong ones in an hour', async () => {
    const account = await withTwoStep();
    const { agent } = await passwordStep(account.username);
    const right = await codeAt(account.key, 1);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < WRONG_CODES_PER_HOUR; i++) {
      expect((await ok(agent, SECOND, { code: wrongCode })).loginSecondStep.userErrors[0].code).toBe(
        'INVALID_INPUT',
      );
    }
    const refused = await ok(agent, SECOND, { code: right });
    expect(refused.loginSecondStep.userErrors[0].code).toBe('TOO_MANY_ATTEMPTS');
    expect((await ok(agent, `{ me { id } }`)).me).toBeNull();
  });

  it('over REST: POST /api/login answers 202 without a session, then /api/login/second-step signs in', async () => {
    const account = await withTwoStep();
    const agent = t.agent();
    const login = await agent
      .post('/api/login')
      .set(json)
      .send({ username: account.username, password: PASSWORD });
    expect(login.status).toBe(202);
    expect(login.body).toMatchObject({ secondStepRequired: true });
    expect(login.body.message).toContain('/api/login/second-step');
    expect((await agent.get('/api/user')).status).toBe(401);
    const wrong = await agent.post('/api/login/second-step').set(json).send({ code: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_INPUT', field: 'code', message: WRONG_CODE });
    const done = await agent
      .post('/api/login/second-step')
      .set(json)
      .send({ code: await codeAt(account.key, 1) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: account.id, username: account.username });
    expect((await agent.get('/api/user')).status).toBe(200);
    // Without the pending cookie: a clear 400.
    const stranger = await t.agent().post('/api/login/second-step').set(json).send({ code: '123456' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(SECOND_STEP_EXPIRED);
  });

  it('signs the seeded admin in with the demo key published in the README', async () => {
    const { agent, login } = await passwordStep('admin', 'drx-demo-2026');
    expect(login.secondStepRequired).toBe(true);
    const done = await ok(agent, SECOND, { code: await codeAt(DEMO_TWO_STEP_KEY, 1) });
    expect(done.loginSecondStep.user.username).toBe('admin');
    expect((await ok(agent, `{ adminOverview { __typename } }`)).adminOverview).toBeTruthy();
    // A production start refuses while staff still have the published key.
    expect(await accountsWithDemoTwoStepKey(t.orm.em.fork())).toEqual(['admin', 'officer']);
    await expect(refuseDemoTwoStepKey(t.orm.em.fork())).rejects.toThrow(/published demo key/);
  });
});

describe('the requirement for staff and payouts', () => {
  it('refuses staff operations to an admin without a second factor, until it is set up', async () => {
    const account = await register();
    await db().execute(`update users set role = 'admin', roles = '{admin}' where id = ?`, [account.id]);
    const refused = await t.gql(account.agent, `{ adminOverview { __typename } }`);
    expect(refused.errors?.[0]).toMatchObject({
      message: TWO_STEP_REQUIRED_MESSAGE,
      extensions: { code: 'FORBIDDEN', reason: 'TWO_STEP_REQUIRED' },
    });
    expect((await ok(account.agent, STATUS)).myTwoStep).toMatchObject({
      requiredFor: 'staff',
      hasSecondFactor: false,
    });
    // Over REST too: a clear 403.
    const rest = await account.agent.get('/api/admin/users');
    if (rest.status !== 404) expect(rest.status).toBe(403);
    const { twoStepSetupStart: setup } = await ok(account.agent, START);
    await ok(account.agent, CONFIRM, { code: await codeAt(setup.key) });
    expect((await ok(account.agent, `{ adminOverview { __typename } }`)).adminOverview).toBeTruthy();
  });

  it('refuses a seller changing payout details without a second factor', async () => {
    const seller = t.agent();
    expect(
      (await seller.post('/api/login').set(json).send({ username: 'seller', password: 'drx-demo-2026' }))
        .status,
    ).toBe(200);
    const res = await t.gql(seller, `mutation { stripeConnectStart { url ${ERRORS} } }`);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'TWO_STEP_REQUIRED' });
    expect(res.errors?.[0].message).toContain('payout details');
    expect((await ok(seller, STATUS)).myTwoStep.requiredFor).toBe('payouts');
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a current code, then mails and records it', async () => {
    const account = await withTwoStep();
    const bad = await ok(account.agent, DISABLE, { code: '99999' });
    expect(bad.twoStepDisable.success).toBe(false);
    expect(bad.twoStepDisable.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'code' });
    expect((await ok(account.agent, STATUS)).myTwoStep.enabled).toBe(true);

    const fresh = await ok(account.agent, REGENERATE, { code: await codeAt(account.key, 1) });
    expect(fresh.twoStepRecoveryCodesRegenerate.recoveryCodes).toHaveLength(10);
    // The old recovery codes no longer work; a new one does (to turn it off).
    const old = await ok(account.agent, DISABLE, { code: account.recoveryCodes[0] });
    expect(old.twoStepDisable.success).toBe(false);
    const off = await ok(account.agent, DISABLE, {
      code: fresh.twoStepRecoveryCodesRegenerate.recoveryCodes[0],
    });
    expect(off.twoStepDisable).toEqual({
      success: true,
      message: 'Two-step sign-in is off.',
      userErrors: [],
    });
    expect((await ok(account.agent, STATUS)).myTwoStep).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const subjects = (await mailsTo(account.email)).map((m) => m.subject);
    expect(subjects).toContain('Two-step sign-in was turned off for your DRX account');
    expect(subjects).toContain('New recovery codes for your DRX account');
    expect(await eventsOf(account.id)).toEqual(
      expect.arrayContaining(['two_step_enabled', 'recovery_codes_regenerated', 'two_step_disabled']),
    );
    // Off: the password alone signs in again.
    const { login } = await passwordStep(account.username);
    expect(login.secondStepRequired).toBe(false);
    expect(login.user.id).toBe(account.id);
  });
});
