import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { userHasPasskey } from './index';
import { PASSKEY_TEXT } from './passkeys.service';
import { SoftwareAuthenticator } from './test/software-authenticator';

// Issue 31, passkeys: add one (a fresh session or the password), sign in with it, and every way a
// sign-in must be refused — replayed, foreign origin, another account's credential, removed.
let t: TestApp;
type Agent = ReturnType<TestApp['agent']>;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
// Every agent is 127.0.0.1: each test starts with the sign-in and hourly counts at zero.
beforeEach(async () => {
  await db().execute('delete from login_attempts');
  await db().execute('delete from account_throttle_events');
});

const db = () => t.orm.em.fork().getConnection();
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const origin = () => new URL(t.config.publicUrl).origin;

const PASSWORD = 'passkey-password-2026';
const ERRORS = 'userErrors { code field message }';
const PASSKEY_FIELDS = 'id name deviceType backedUp transports createdAt lastUsedAt';
const REG_OPTIONS = `mutation($input: PasskeyRegistrationOptionsInput!) { passkeyRegistrationOptions(input: $input) { options ${ERRORS} } }`;
const ADD = `mutation($input: PasskeyAddInput!) { passkeyAdd(input: $input) { passkey { ${PASSKEY_FIELDS} } ${ERRORS} } }`;
const RENAME = `mutation($input: PasskeyRenameInput!) { passkeyRename(input: $input) { passkey { id name } ${ERRORS} } }`;
const REMOVE = `mutation($input: PasskeyRemoveInput!) { passkeyRemove(input: $input) { removedId ${ERRORS} } }`;
const SIGN_IN_OPTIONS = `mutation { passkeySignInOptions { options ${ERRORS} } }`;
const SIGN_IN = `mutation($input: PasskeySignInInput!) { passkeySignIn(input: $input) { user { id username } ${ERRORS} } }`;
const MINE = `{ myPasskeys { ${PASSKEY_FIELDS} } }`;
const ME = `{ me { id } }`;

async function register(): Promise<{ agent: Agent; id: string; username: string; email: string }> {
  const agent = t.agent();
  const username = `pk${unique()}`;
  const email = `${username}@example.com`;
  const res = await agent.post('/api/register').set(json).send({ username, password: PASSWORD, email });
  expect(res.status).toBe(201);
  return { agent, id: res.body.id, username, email };
}

async function registrationOptions(agent: Agent, currentPassword?: string) {
  const res = await t.gql(agent, REG_OPTIONS, { input: { currentPassword } });
  return res.data.passkeyRegistrationOptions as {
    options: string | null;
    userErrors: { code: string; field: string | null; message: string }[];
  };
}

/** Adds a passkey made by `authenticator` to the account of `agent`; returns its credential. */
async function addPasskey(
  agent: Agent,
  authenticator: SoftwareAuthenticator,
  options: { name?: string; counter?: number } = {},
) {
  const { options: optionsJSON } = await registrationOptions(agent);
  expect(optionsJSON).toBeTruthy();
  const { json: response, credential } = authenticator.create(optionsJSON!, origin(), {
    counter: options.counter,
  });
  const res = await t.gql(agent, ADD, { input: { response, name: options.name } });
  const added = res.data.passkeyAdd;
  expect(added.userErrors).toEqual([]);
  return { credential, passkey: added.passkey as { id: string; name: string } };
}

async function signInOptions(agent: Agent): Promise<string> {
  const res = (await t.gql(agent, SIGN_IN_OPTIONS)).data.passkeySignInOptions;
  expect(res.userErrors).toEqual([]);
  return res.options as string;
}

async function signIn(agent: Agent, response: string) {
  return (await t.gql(agent, SIGN_IN, { input: { response } })).data.passkeySignIn as {
    user: { id: string; username: string } | null;
    userErrors: { code: string; field: string | null; message: string }[];
  };
}

async function mailsTo(email: string) {
  return db().execute<{ subject: string; text: string }[]>(
    `select subject, text from mail_outbox where lower("to") = lower(?) order by created_at, id`,
    [email],
  );
}

async function eventsOf(userId: string) {
  return db().execute<{ kind: string; detail: string | null }[]>(
    `select kind, detail from security_events where user_id = ? order by created_at, id`,
    [userId],
  );
}

describe('adding a passkey', () => {
  it('adds one from a fresh session: named after the browser, listed, recorded and mailed', async () => {
    const { agent, id, email } = await register();
    const authenticator = new SoftwareAuthenticator();
    expect(await userHasPasskey(t.orm.em.fork(), id)).toBe(false);

    const { options } = await registrationOptions(agent);
    const parsed = JSON.parse(options!);
    expect(parsed.rp).toEqual({ name: 'DRX', id: new URL(t.config.publicUrl).hostname });
    expect(parsed.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const { json: response } = authenticator.create(options!, origin());
    const added = (
      await t.gql(
        agent.set(
          'user-agent',
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        ),
        ADD,
        { input: { response } },
      )
    ).data.passkeyAdd;
    expect(added.userErrors).toEqual([]);
    expect(added.passkey).toMatchObject({
      name: 'Chrome on Linux',
      transports: ['internal'],
      lastUsedAt: null,
    });

    expect((await t.gql(agent, MINE)).data.myPasskeys).toEqual([added.passkey]);
    expect(await userHasPasskey(t.orm.em.fork(), id)).toBe(true);
    expect(await eventsOf(id)).toContainEqual({ kind: 'passkey_added', detail: 'Chrome on Linux' });
    const mail = (await mailsTo(email)).find((m) => m.subject === 'A passkey was added to your DRX account');
    expect(mail?.text).toContain('"Chrome on Linux"');

    // The same answer again: its challenge is used up.
    const again = (await t.gql(agent, ADD, { input: { response } })).data.passkeyAdd;
    expect(again.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'response', message: PASSKEY_TEXT.requestExpired },
    ]);
    expect((await t.gql(agent, MINE)).data.myPasskeys).toHaveLength(1);
  });

  it('asks for the password when the session began more than 10 minutes ago', async () => {
    const { agent, id } = await register();
    await db().execute(
      `update "session" set sess = jsonb_set(sess::jsonb, '{createdAt}', to_jsonb(?::bigint))::json where sess->>'userId' = ?`,
      [Date.now() - 11 * 60 * 1000, id],
    );
    expect((await registrationOptions(agent)).userErrors).toEqual([
      { code: 'UNAUTHORIZED', field: 'currentPassword', message: PASSKEY_TEXT.passwordNeeded },
    ]);
    expect((await registrationOptions(agent, 'not-my-password')).userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'currentPassword', message: 'Your current password is not correct' },
    ]);
    const withPassword = await registrationOptions(agent, PASSWORD);
    expect(withPassword.userErrors).toEqual([]);
    const { json: response } = new SoftwareAuthenticator().create(withPassword.options!, origin());
    expect(
      (await t.gql(agent, ADD, { input: { response, name: 'My laptop' } })).data.passkeyAdd.passkey.name,
    ).toBe('My laptop');
  });

  it('refuses an answer from another session, from another origin, or without user verification', async () => {
    const { agent, username } = await register();
    const other = t.agent();
    expect((await other.post('/api/login').set(json).send({ username, password: PASSWORD })).status).toBe(
      200,
    );
    const authenticator = new SoftwareAuthenticator();

    // Options asked for in one session, answered in another: not this session's challenge.
    const { options } = await registrationOptions(agent);
    const elsewhere = authenticator.create(options!, origin()).json;
    expect(
      (await t.gql(other, ADD, { input: { response: elsewhere } })).data.passkeyAdd.userErrors[0],
    ).toMatchObject({
      code: 'INVALID_INPUT',
      message: PASSKEY_TEXT.requestExpired,
    });

    const phished = authenticator.create(
      (await registrationOptions(agent)).options!,
      'https://drx.example.evil',
    ).json;
    expect(
      (await t.gql(agent, ADD, { input: { response: phished } })).data.passkeyAdd.userErrors[0],
    ).toMatchObject({
      code: 'INVALID_INPUT',
      message: PASSKEY_TEXT.notVerified,
    });

    const unverified = authenticator.create((await registrationOptions(agent)).options!, origin(), {
      userVerified: false,
    }).json;
    expect(
      (await t.gql(agent, ADD, { input: { response: unverified } })).data.passkeyAdd.userErrors[0].message,
    ).toBe(PASSKEY_TEXT.notVerified);
    expect(
      (await t.gql(agent, ADD, { input: { response: 'not json' } })).data.passkeyAdd.userErrors[0],
    ).toMatchObject({
      field: 'response',
      message: PASSKEY_TEXT.responseInvalid,
    });
    expect((await t.gql(agent, MINE)).data.myPasskeys).toEqual([]);
  });

  it('is a session’s, never a guest’s or an API token’s', async () => {
    const guest = await t.gql(t.agent(), REG_OPTIONS, { input: {} });
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const { agent } = await register();
    const created = await t.gql(
      agent,
      `mutation { apiTokenCreate(input: { name: "t", scopes: ["account:write"] }) { token userErrors { code } } }`,
    );
    const res = await t
      .agent()
      .post('/graphql')
      .set(json)
      .set('authorization', `Bearer ${created.data.apiTokenCreate.token}`)
      .send({ query: REG_OPTIONS, variables: { input: {} } });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('signing in with a passkey', () => {
  it('signs a guest in with a new session; the passkey’s last use and counter are kept', async () => {
    const { agent, id, username } = await register();
    const authenticator = new SoftwareAuthenticator();
    const { credential, passkey } = await addPasskey(agent, authenticator, { counter: 5 });

    const browser = t.agent();
    const result = await signIn(
      browser,
      authenticator.get(await signInOptions(browser), origin(), credential),
    );
    expect(result).toEqual({ user: { id, username }, userErrors: [] });
    expect((await t.gql(browser, ME)).data.me).toEqual({ id });
    const [row] = await db().execute<{ counter: string; lastUsedAt: Date | null }[]>(
      `select counter, last_used_at as "lastUsedAt" from passkeys where id = ?`,
      [passkey.id],
    );
    expect(Number(row.counter)).toBe(6);
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, and one whose counter did not grow', async () => {
    const { agent } = await register();
    const authenticator = new SoftwareAuthenticator();
    const { credential } = await addPasskey(agent, authenticator, { counter: 1 });
    const browser = t.agent();
    const assertion = authenticator.get(await signInOptions(browser), origin(), credential);
    expect((await signIn(browser, assertion)).userErrors).toEqual([]);

    // The same assertion again, from another browser: its challenge was answered once already.
    const attacker = t.agent();
    const replayed = await signIn(attacker, assertion);
    expect(replayed).toEqual({
      user: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'response', message: PASSKEY_TEXT.requestExpired }],
    });
    expect((await t.gql(attacker, ME)).data.me).toBeNull();

    // A copy of the authenticator (its counter behind the stored one) on a fresh challenge.
    credential.counter = 1;
    const cloned = await signIn(
      attacker,
      authenticator.get(await signInOptions(attacker), origin(), credential),
    );
    expect(cloned.userErrors).toEqual([
      { code: 'UNAUTHORIZED', field: null, message: PASSKEY_TEXT.signInFailed },
    ]);
  });

  it('refuses an assertion made for another origin or another site’s rpID', async () => {
    const { agent } = await register();
    const authenticator = new SoftwareAuthenticator();
    const { credential } = await addPasskey(agent, authenticator);
    const browser = t.agent();
    const foreign = await signIn(
      browser,
      authenticator.get(await signInOptions(browser), 'https://drx-login.example', credential),
    );
    expect(foreign).toEqual({
      user: null,
      userErrors: [{ code: 'UNAUTHORIZED', field: null, message: PASSKEY_TEXT.signInFailed }],
    });
    const otherRp = await signIn(
      browser,
      authenticator.get(await signInOptions(browser), origin(), credential, { rpId: 'drx-login.example' }),
    );
    expect(otherRp.userErrors[0]?.code).toBe('UNAUTHORIZED');
    expect((await t.gql(browser, ME)).data.me).toBeNull();
  });

  it('refuses another account’s credential: claimed with my key, or with another account’s user handle', async () => {
    const alice = await register();
    const mallory = await register();
    const aliceKey = new SoftwareAuthenticator();
    const malloryKey = new SoftwareAuthenticator();
    const { credential: alices, passkey: alicePasskey } = await addPasskey(alice.agent, aliceKey);
    const { credential: mallorys } = await addPasskey(mallory.agent, malloryKey);

    const browser = t.agent();
    // Mallory's key signs, the assertion names Alice's credential: the signature does not verify.
    const forged = await signIn(
      browser,
      malloryKey.get(await signInOptions(browser), origin(), mallorys, {
        id: alices.id,
        userHandle: alices.userHandle,
      }),
    );
    expect(forged.userErrors[0]).toMatchObject({ code: 'UNAUTHORIZED', message: PASSKEY_TEXT.signInFailed });
    // Alice's own credential, but claiming Mallory's account (user handle): refused.
    const mixed = await signIn(
      browser,
      aliceKey.get(await signInOptions(browser), origin(), alices, { userHandle: mallorys.userHandle }),
    );
    expect(mixed.userErrors[0]).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await t.gql(browser, ME)).data.me).toBeNull();

    // Mallory can neither rename nor remove Alice's passkey.
    const renamed = (await t.gql(mallory.agent, RENAME, { input: { id: alicePasskey.id, name: 'mine now' } }))
      .data.passkeyRename;
    expect(renamed.userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const removed = (await t.gql(mallory.agent, REMOVE, { input: { id: alicePasskey.id } })).data
      .passkeyRemove;
    expect(removed).toEqual({
      removedId: null,
      userErrors: [{ code: 'NOT_FOUND', field: 'id', message: PASSKEY_TEXT.notFound }],
    });
    expect((await t.gql(alice.agent, MINE)).data.myPasskeys.map((p: { name: string }) => p.name)).toEqual([
      alicePasskey.name,
    ]);
  });

  it('counts failed assertions in the sign-in throttle', async () => {
    const { agent } = await register();
    const authenticator = new SoftwareAuthenticator();
    const { credential } = await addPasskey(agent, authenticator);
    const browser = t.agent();
    for (let i = 0; i < 5; i++) {
      const failed = await signIn(
        browser,
        authenticator.get(await signInOptions(browser), 'https://evil.example', credential),
      );
      expect(failed.userErrors[0]?.code).toBe('UNAUTHORIZED');
    }
    const blocked = await signIn(
      browser,
      authenticator.get(await signInOptions(browser), origin(), credential),
    );
    expect(blocked.userErrors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await t.gql(browser, ME)).data.me).toBeNull();
  });
});

describe('naming and removing passkeys', () => {
  it('renames, then removes one: it no longer signs in; recorded and mailed', async () => {
    const { agent, id, email } = await register();
    const authenticator = new SoftwareAuthenticator();
    const { credential, passkey } = await addPasskey(agent, authenticator);

    const renamed = (await t.gql(agent, RENAME, { input: { id: passkey.id, name: '  Studio   phone ' } }))
      .data.passkeyRename;
    expect(renamed).toEqual({ passkey: { id: passkey.id, name: 'Studio phone' }, userErrors: [] });
    const blank = (await t.gql(agent, RENAME, { input: { id: passkey.id, name: '  ' } })).data.passkeyRename;
    expect(blank.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'name', message: PASSKEY_TEXT.nameInvalid },
    ]);

    const removed = (await t.gql(agent, REMOVE, { input: { id: passkey.id } })).data.passkeyRemove;
    expect(removed).toEqual({ removedId: passkey.id, userErrors: [] });
    expect((await t.gql(agent, MINE)).data.myPasskeys).toEqual([]);
    expect(await userHasPasskey(t.orm.em.fork(), id)).toBe(false);
    expect(await eventsOf(id)).toContainEqual({ kind: 'passkey_removed', detail: 'Studio phone' });
    const mail = (await mailsTo(email)).find(
      (m) => m.subject === 'A passkey was removed from your DRX account',
    );
    expect(mail?.text).toContain('"Studio phone"');

    const browser = t.agent();
    const gone = await signIn(browser, authenticator.get(await signInOptions(browser), origin(), credential));
    expect(gone).toEqual({
      user: null,
      userErrors: [{ code: 'UNAUTHORIZED', field: null, message: PASSKEY_TEXT.unknownPasskey }],
    });
    const again = (await t.gql(agent, REMOVE, { input: { id: passkey.id } })).data.passkeyRemove;
    expect(again.userErrors[0]?.code).toBe('NOT_FOUND');
    const nonsense = (await t.gql(agent, REMOVE, { input: { id: 'not-a-passkey' } })).data.passkeyRemove;
    expect(nonsense.userErrors[0]?.code).toBe('NOT_FOUND');
  });
});

describe('confirming it is me with a passkey', () => {
  const CONFIRM_OPTIONS = `mutation { passkeyConfirmationOptions { options ${ERRORS} } }`;
  const EMAIL_CHANGE = `mutation($input: EmailChangeInput!) { emailChange(input: $input) { user { email } ${ERRORS} } }`;

  async function confirmationOptions(agent: Agent) {
    return (await t.gql(agent, CONFIRM_OPTIONS)).data.passkeyConfirmationOptions as {
      options: string | null;
      userErrors: { code: string; field: string | null; message: string }[];
    };
  }

  const emailChange = async (agent: Agent, input: Record<string, string>) =>
    (await t.gql(agent, EMAIL_CHANGE, { input })).data.emailChange as {
      user: { email: string } | null;
      userErrors: { code: string; field: string | null; message: string }[];
    };

  it('changes the email with one of my passkeys instead of the password, once per answer', async () => {
    const { agent, id, email } = await register();
    const authenticator = new SoftwareAuthenticator();
    const { credential } = await addPasskey(agent, authenticator);
    const { options } = await confirmationOptions(agent);
    expect(JSON.parse(options!).allowCredentials).toEqual([
      expect.objectContaining({ id: credential.id, type: 'public-key' }),
    ]);
    const answer = authenticator.get(options!, origin(), credential);
    const newEmail = `new-${email}`;
    const changed = await emailChange(agent, { newEmail, passkeyResponse: answer });
    expect(changed).toEqual({ user: { email: newEmail }, userErrors: [] });
    expect(await eventsOf(id)).toContainEqual({ kind: 'email_changed', detail: `${email} → ${newEmail}` });

    // The same answer again: its challenge is used up.
    const replayed = await emailChange(agent, { newEmail: `again-${email}`, passkeyResponse: answer });
    expect(replayed.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'passkeyResponse',
        message: 'This passkey request has expired or was already used. Please try again.',
      },
    ]);
    // Neither a password nor a passkey: a clear message, nothing changed.
    const none = await emailChange(agent, { newEmail: `none-${email}` });
    expect(none.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'password',
        message: 'Enter your current password, or confirm with a passkey.',
      },
    ]);
    expect((await t.gql(agent, `{ me { email } }`)).data.me.email).toBe(newEmail);
  });

  it('refuses another account’s passkey, an answer to another session’s or a sign-in challenge', async () => {
    const mine = await register();
    const theirs = await register();
    const myKeys = new SoftwareAuthenticator();
    const theirKeys = new SoftwareAuthenticator();
    const { credential: myCredential } = await addPasskey(mine.agent, myKeys);
    const { credential: theirCredential } = await addPasskey(theirs.agent, theirKeys);
    const notConfirmed = {
      code: 'INVALID_INPUT',
      field: 'passkeyResponse',
      message: 'This passkey could not confirm it is you: use a passkey of this account, or its password.',
    };

    // My challenge answered with their passkey (as if they stood at my screen).
    const forMe = (await confirmationOptions(mine.agent)).options!;
    const foreign = await emailChange(mine.agent, {
      newEmail: `x-${mine.email}`,
      passkeyResponse: theirKeys.get(forMe, origin(), theirCredential),
    });
    expect(foreign.userErrors).toEqual([notConfirmed]);

    // A challenge issued to their session answered from mine; a sign-in challenge: neither is mine.
    const forThem = (await confirmationOptions(theirs.agent)).options!;
    const crossSession = await emailChange(mine.agent, {
      newEmail: `y-${mine.email}`,
      passkeyResponse: myKeys.get(forThem, origin(), myCredential),
    });
    expect(crossSession.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'passkeyResponse' });
    const signInChallenge = await emailChange(mine.agent, {
      newEmail: `z-${mine.email}`,
      passkeyResponse: myKeys.get(await signInOptions(t.agent()), origin(), myCredential),
    });
    expect(signInChallenge.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'passkeyResponse' });
    // Another origin (a phishing site relaying my challenge).
    const phished = await emailChange(mine.agent, {
      newEmail: `w-${mine.email}`,
      passkeyResponse: myKeys.get(
        (await confirmationOptions(mine.agent)).options!,
        'https://evil.example',
        myCredential,
      ),
    });
    expect(phished.userErrors).toEqual([notConfirmed]);
    expect((await t.gql(mine.agent, `{ me { email } }`)).data.me.email).toBe(mine.email);
  });

  it('has nothing to offer an account without a passkey, nor a guest', async () => {
    const { agent } = await register();
    expect((await confirmationOptions(agent)).userErrors).toEqual([
      {
        code: 'NOT_FOUND',
        field: 'passkeyResponse',
        message: 'This account has no passkey. Use its password instead.',
      },
    ]);
    const guest = await t.gql(t.agent(), CONFIRM_OPTIONS);
    expect(guest.errors?.[0]?.extensions?.code).toBeTruthy();
  });

  it('deletes an account that has no password with its passkey', async () => {
    const { agent, id } = await register();
    const authenticator = new SoftwareAuthenticator();
    const { credential } = await addPasskey(agent, authenticator);
    await db().execute(`update users set password_hash = null where id = ?`, [id]);
    const DELETE = `mutation($input: AccountDeleteInput!) { accountDelete(input: $input) { success ${ERRORS} } }`;
    const without = (await t.gql(agent, DELETE, { input: {} })).data.accountDelete;
    expect(without.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'password' });
    const answer = authenticator.get((await confirmationOptions(agent)).options!, origin(), credential);
    const deleted = (await t.gql(agent, DELETE, { input: { passkeyResponse: answer } })).data.accountDelete;
    expect(deleted).toEqual({ success: true, userErrors: [] });
    const [row] = await db().execute<{ username: string }[]>(`select username from users where id = ?`, [id]);
    expect(row.username).toMatch(/^deleted-/);
    expect(await userHasPasskey(t.orm.em.fork(), id)).toBe(false);
  });

  it('keeps the last way in: an account without a password cannot remove its only passkey', async () => {
    const { agent, id } = await register();
    const authenticator = new SoftwareAuthenticator();
    const first = await addPasskey(agent, authenticator);
    await db().execute(`update users set password_hash = null where id = ?`, [id]);
    const refused = (await t.gql(agent, REMOVE, { input: { id: first.passkey.id } })).data.passkeyRemove;
    expect(refused).toEqual({
      removedId: null,
      userErrors: [{ code: 'INVALID_INPUT', field: 'id', message: PASSKEY_TEXT.lastWayIn }],
    });
    const second = await addPasskey(agent, authenticator);
    const removed = (await t.gql(agent, REMOVE, { input: { id: first.passkey.id } })).data.passkeyRemove;
    expect(removed).toEqual({ removedId: first.passkey.id, userErrors: [] });
    const last = (await t.gql(agent, REMOVE, { input: { id: second.passkey.id } })).data.passkeyRemove;
    expect(last.userErrors[0]?.code).toBe('INVALID_INPUT');
    expect(await userHasPasskey(t.orm.em.fork(), id)).toBe(true);
  });
});
