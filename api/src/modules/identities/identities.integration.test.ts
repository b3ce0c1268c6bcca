import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { startTestApp, type TestApp } from '../../test/test-app';
import { SoftwareAuthenticator } from '../passkeys/test/software-authenticator';
import { OIDC_OFF_MESSAGE } from './oidc.routes';

/**
 * Sign in with an identity provider against a real provider (oidc-provider in this process): the
 * app's own routes, the provider's real authorization and token endpoints, real ID tokens.
 */
let t: TestApp;
let idp: TestOidcProvider;
const PROVIDER = 'Test ID';
const PASSWORD = 'drx-demo-2026';
type Agent = ReturnType<TestApp['agent']>;

beforeAll(async () => {
  idp = await startTestOidcProvider({ redirectUris: ['http://localhost:4000/api/auth/oidc/callback'] });
  t = await startTestApp({
    publicUrl: 'http://localhost:4000',
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: PROVIDER },
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const callbackPrefix = 'http://localhost:4000/api/auth/oidc/callback';

/** Follows the provider's redirects (keeping its cookies) until it sends the browser back to us. */
async function throughProvider(authorizeUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} (${res.status}): ${await res.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(callbackPrefix)) return next;
    url = next;
  }
  throw new Error('Too many redirects at the provider');
}

const local = (absolute: string) => {
  const u = new URL(absolute);
  return `${u.pathname}${u.search}`;
};

/** One sign-in with the provider as `accountId`, in `agent`'s browser: the callback's answer. */
async function signInAs(agent: Agent, accountId: string, returnTo?: string, tamper?: (url: URL) => void) {
  idp.loginAs = accountId;
  const start = await agent.get(
    `/api/auth/oidc/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
  );
  expect(start.status).toBe(302);
  expect(start.headers.location).toMatch(new RegExp(`^${idp.issuer}/`));
  const back = new URL(await throughProvider(start.headers.location));
  tamper?.(back);
  return agent.get(local(back.href)) as Test;
}

async function me(agent: Agent) {
  const res = await agent.get('/api/user');
  return res.status === 200 ? (res.body as { id: string; username: string; email: string | null }) : null;
}

const rows = <T>(sql: string, params: unknown[] = []) =>
  t.orm.em.fork().getConnection().execute<T[]>(sql, params);

describe('sign in with an identity provider', () => {
  it('offers the provider on the sign-in pages', async () => {
    const res = await t.gql(t.agent(), `{ signInProviders { id name startUrl } }`);
    expect(res.data.signInProviders).toEqual([
      { id: 'oidc', name: PROVIDER, startUrl: '/api/auth/oidc/start' },
    ]);
  });

  it('makes a new person a member account (email verified on the provider’s word), then signs the same person into it again', async () => {
    idp.accounts.set('sub-ana', {
      email: 'Ana.Pavlova@id.example.test',
      email_verified: true,
      name: 'Ana Pavlova',
    });
    const browser = t.agent();
    const first = await signInAs(browser, 'sub-ana', '/courses?style=ballet');
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/courses?style=ballet');
    const account = await me(browser);
    expect(account).toMatchObject({ username: 'Ana.Pavlova', email: 'ana.pavlova@id.example.test' });
    const [user] = await rows<{ email_verified_at: Date | null; password_hash: string | null; role: string }>(
      `select email_verified_at, password_hash, role from users where id = ?`,
      [account!.id],
    );
    expect(user.email_verified_at).not.toBeNull();
    expect(user.password_hash).toBeNull();
    expect(user.role).toBe('user');
    const [identity] = await rows<{ issuer: string; subject: string; last_used_at: Date }>(
      `select issuer, subject, last_used_at from identities where user_id = ?`,
      [account!.id],
    );
    expect(identity).toMatchObject({ issuer: idp.issuer, subject: 'sub-ana' });

    // Another browser, later: the same account, no second one; no returnTo → /dashboard.
    const again = t.agent();
    const second = await signInAs(again, 'sub-ana');
    expect(second.headers.location).toBe('/dashboard');
    expect((await me(again))?.id).toBe(account!.id);
    const [{ count }] = await rows<{ count: string }>(`select count(*) from users where lower(email) = ?`, [
      'ana.pavlova@id.example.test',
    ]);
    expect(Number(count)).toBe(1);
    const [used] = await rows<{ last_used_at: Date }>(
      `select last_used_at from identities where subject = ?`,
      ['sub-ana'],
    );
    expect(new Date(used.last_used_at).getTime()).toBeGreaterThan(new Date(identity.last_used_at).getTime());
  });

  it('keeps an email the provider did not verify unverified, mails the link, and makes usernames unique', async () => {
    idp.accounts.set('sub-ben-1', {
      email: 'ben@one.example.test',
      email_verified: false,
      preferred_username: 'ben',
    });
    idp.accounts.set('sub-ben-2', { email: 'ben@two.example.test', preferred_username: 'ben' });
    const one = t.agent();
    expect((await signInAs(one, 'sub-ben-1')).headers.location).toBe('/dashboard');
    const two = t.agent();
    await signInAs(two, 'sub-ben-2');
    const [a, b] = [await me(one), await me(two)];
    expect(a?.username).toBe('ben');
    expect(b?.username).toBe('ben2');
    const [user] = await rows<{ email_verified_at: Date | null }>(
      `select email_verified_at from users where id = ?`,
      [a!.id],
    );
    expect(user.email_verified_at).toBeNull();
    const mails = await rows<{ subject: string }>(`select subject from mail_outbox where "to" = ?`, [
      'ben@one.example.test',
    ]);
    expect(mails.map((m) => m.subject)).toContain('Confirm your email address for DRX');
  });

  it('never links an existing account when the provider does not say the email is verified', async () => {
    idp.accounts.set('sub-squat', { email: 'member@demo.drx.dance', email_verified: false });
    const browser = t.agent();
    const res = await signInAs(browser, 'sub-squat', '/bookings');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth?oidc=email-exists&returnTo=%2Fbookings');
    expect(await me(browser)).toBeNull();
    expect(await rows(`select 1 from identities where subject = ?`, ['sub-squat'])).toHaveLength(0);
    const [{ count }] = await rows<{ count: string }>(`select count(*) from users where lower(email) = ?`, [
      'member@demo.drx.dance',
    ]);
    expect(Number(count)).toBe(1);
  });

  it('with a verified email of an existing account: asks for its password, links nothing without it, then links and signs in', async () => {
    idp.accounts.set('sub-member', { email: 'member@demo.drx.dance', email_verified: true, name: 'M' });
    const browser = t.agent();
    const res = await signInAs(browser, 'sub-member', '/cart');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/link');
    expect(await me(browser)).toBeNull();
    expect(await rows(`select 1 from identities where subject = ?`, ['sub-member'])).toHaveLength(0);

    const pending = await browser.get('/api/auth/oidc/link');
    expect(pending.body).toEqual({ provider: PROVIDER, email: 'member@demo.drx.dance' });

    // Another browser has no pending link: nothing to prove, nothing to link.
    const stranger = await t.agent().post('/api/auth/oidc/link').send({ password: PASSWORD });
    expect(stranger.status).toBe(404);

    const wrong = await browser.post('/api/auth/oidc/link').send({ password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'The password is not correct', field: 'password' });
    expect(await me(browser)).toBeNull();
    expect(await rows(`select 1 from identities where subject = ?`, ['sub-member'])).toHaveLength(0);

    const linked = await browser.post('/api/auth/oidc/link').send({ password: PASSWORD });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ redirectTo: '/cart' });
    const account = await me(browser);
    expect(account?.username).toBe('member');
    expect(
      await rows(`select 1 from identities where subject = ? and user_id = ?`, ['sub-member', account!.id]),
    ).toHaveLength(1);
    const events = await rows<{ kind: string; detail: string }>(
      `select kind, detail from security_events where user_id = ? and kind = 'identity_linked'`,
      [account!.id],
    );
    expect(events).toEqual([{ kind: 'identity_linked', detail: `${PROVIDER} (member@demo.drx.dance)` }]);
    const mails = await rows<{ subject: string }>(`select subject from mail_outbox where "to" = ?`, [
      'member@demo.drx.dance',
    ]);
    expect(mails.map((m) => m.subject)).toContain(`${PROVIDER} sign-in was linked to your DRX account`);

    // The pending link is used up; the next provider sign-in goes straight to the account.
    expect((await browser.post('/api/auth/oidc/link').send({ password: PASSWORD })).status).toBe(404);
    const later = t.agent();
    expect((await signInAs(later, 'sub-member')).headers.location).toBe('/dashboard');
    expect((await me(later))?.id).toBe(account!.id);
  });

  it('links with one of the account’s passkeys instead of its password; another account’s passkey links nothing', async () => {
    const origin = 'http://localhost:4000';
    const username = `pklink${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const owner = t.agent();
    const made = await owner.post('/api/register').send({ username, password: 'own-password-2026', email });
    expect(made.status).toBe(201);
    const keys = new SoftwareAuthenticator();
    const regOptions = `mutation { passkeyRegistrationOptions(input: {}) { options } }`;
    const add = `mutation($input: PasskeyAddInput!) { passkeyAdd(input: $input) { passkey { id } userErrors { message } } }`;
    const fresh = keys.create(
      (await t.gql(owner, regOptions)).data.passkeyRegistrationOptions.options,
      origin,
    );
    expect((await t.gql(owner, add, { input: { response: fresh.json } })).data.passkeyAdd.userErrors).toEqual(
      [],
    );
    // Someone else's passkey, for the foreign answer.
    const other = t.agent();
    const otherName = `pkother${Date.now().toString(36)}`;
    await other
      .post('/api/register')
      .send({ username: otherName, password: 'own-password-2026', email: `${otherName}@example.com` });
    const otherKeys = new SoftwareAuthenticator();
    const otherCred = otherKeys.create(
      (await t.gql(other, regOptions)).data.passkeyRegistrationOptions.options,
      origin,
    );
    await t.gql(other, add, { input: { response: otherCred.json } });

    idp.accounts.set('sub-pk', { email, email_verified: true, name: 'P' });
    const browser = t.agent();
    expect((await signInAs(browser, 'sub-pk', '/my-courses')).headers.location).toBe('/auth/link');
    const options = await browser.post('/api/auth/oidc/link/passkey-options');
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: fresh.credential.id })]);

    const foreign = await browser
      .post('/api/auth/oidc/link')
      .send({ passkeyResponse: otherKeys.get(JSON.stringify(options.body), origin, otherCred.credential) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('passkeyResponse');
    expect(await me(browser)).toBeNull();
    expect(await rows(`select 1 from identities where subject = ?`, ['sub-pk'])).toHaveLength(0);

    const again = await browser.post('/api/auth/oidc/link/passkey-options');
    const linked = await browser
      .post('/api/auth/oidc/link')
      .send({ passkeyResponse: keys.get(JSON.stringify(again.body), origin, fresh.credential) });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ redirectTo: '/my-courses' });
    expect((await me(browser))?.username).toBe(username);
    expect(await rows(`select 1 from identities where subject = ?`, ['sub-pk'])).toHaveLength(1);
    // No pending link, no options.
    expect((await t.agent().post('/api/auth/oidc/link/passkey-options')).status).toBe(404);
  });

  it('refuses a callback whose state was changed, or that has no attempt, and signs nobody in', async () => {
    idp.accounts.set('sub-eve', { email: 'eve@id.example.test', email_verified: true });
    const browser = t.agent();
    const res = await signInAs(browser, 'sub-eve', '/courses', (url) =>
      url.searchParams.set('state', 'forged-state'),
    );
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth?oidc=failed&returnTo=%2Fcourses');
    expect(await me(browser)).toBeNull();

    // A callback in a browser that never started (a link someone else sent): no attempt cookie.
    idp.loginAs = 'sub-eve';
    const start = await t.agent().get('/api/auth/oidc/start');
    const back = await throughProvider(start.headers.location);
    const victim = t.agent();
    const replay = await victim.get(local(back));
    expect(replay.headers.location).toBe('/auth?oidc=expired');
    expect(await me(victim)).toBeNull();
    expect(await rows(`select 1 from identities where subject = ?`, ['sub-eve'])).toHaveLength(0);
  });

  it('says when the person cancelled at the provider', async () => {
    const browser = t.agent();
    const start = await browser.get('/api/auth/oidc/start?returnTo=/courses');
    const state = new URL(start.headers.location).searchParams.get('state');
    const res = await browser.get(`/api/auth/oidc/callback?error=access_denied&state=${state}`);
    expect(res.headers.location).toBe('/auth?oidc=denied&returnTo=%2Fcourses');
  });

  it('does not carry a foreign returnTo', async () => {
    idp.accounts.set('sub-gil', { email: 'gil@id.example.test', email_verified: true });
    const browser = t.agent();
    const res = await signInAs(browser, 'sub-gil', '//evil.example/steal');
    expect(res.headers.location).toBe('/dashboard');
  });

  it('lists linked sign-ins on the profile and unlinks one only while the account keeps a way in', async () => {
    idp.accounts.set('sub-ida', { email: 'ida@id.example.test', email_verified: true });
    const browser = t.agent();
    await signInAs(browser, 'sub-ida');
    const list = await t.gql(browser, `{ myIdentities { id providerName email } }`);
    expect(list.data.myIdentities).toEqual([
      { id: expect.any(String), providerName: PROVIDER, email: 'ida@id.example.test' },
    ]);
    const unlink = `mutation U($id: ID!) { identityUnlink(id: $id) { success userErrors { code message } } }`;
    const refused = await t.gql(browser, unlink, { id: list.data.myIdentities[0].id });
    expect(refused.data.identityUnlink.success).toBe(false);
    expect(refused.data.identityUnlink.userErrors[0].code).toBe('INVALID_INPUT');
    expect((await t.gql(browser, `{ myIdentities { id } }`)).data.myIdentities).toHaveLength(1);

    // member (linked above, has a password) may unlink; someone else's link is not found.
    const member = t.agent();
    await member.post('/api/login').send({ username: 'member', password: PASSWORD });
    const mine = (await t.gql(member, `{ myIdentities { id } }`)).data.myIdentities;
    expect(mine).toHaveLength(1);
    const foreign = await t.gql(member, unlink, { id: list.data.myIdentities[0].id });
    expect(foreign.data.identityUnlink.userErrors[0].code).toBe('NOT_FOUND');
    const done = await t.gql(member, unlink, { id: mine[0].id });
    expect(done.data.identityUnlink).toEqual({ success: true, userErrors: [] });
    expect((await t.gql(member, `{ myIdentities { id } }`)).data.myIdentities).toEqual([]);
    const events = await rows(`select 1 from security_events e join users u on u.id = e.user_id
      where u.username = 'member' and e.kind = 'identity_unlinked'`);
    expect(events).toHaveLength(1);
  });
});

describe('sign in with an identity provider, when not set up', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp();
  });
  afterAll(() => off?.close());

  it('offers no provider and its routes answer 404 with a message', async () => {
    expect((await off.gql(off.agent(), `{ signInProviders { id } }`)).data.signInProviders).toEqual([]);
    for (const path of [
      '/api/auth/oidc/start',
      '/api/auth/oidc/callback?code=x&state=y',
      '/api/auth/oidc/link',
    ]) {
      const res = await off.agent().get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: OIDC_OFF_MESSAGE });
    }
  });
});
