import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('REST auth adapter', () => {
  it('GET /api/user answers 401 when signed out', async () => {
    const res = await t.agent().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not authenticated' });
  });

  it('registers (201, signed in), refuses a taken name case-insensitively, and never leaks the hash', async () => {
    const browser = t.agent();
    const res = await browser
      .post('/api/register')
      .set(json)
      .send({ username: 'Pirouette', password: 'twirl-twirl', firstName: 'Pia' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'Pirouette',
      role: 'user',
      roles: ['user'],
      firstName: 'Pia',
    });
    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(
      [
        'createdAt',
        'displayName',
        'email',
        'firstName',
        'id',
        'lastName',
        'profileImageUrl',
        'role',
        'roles',
        'username',
      ].sort(),
    );
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|password/i);

    const taken = await t
      .agent()
      .post('/api/register')
      .set(json)
      .send({ username: 'pIROUETTE', password: 'another-one' });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('Username already exists');
  });

  it('logs in with a new session id, and logs out destroying the session server-side', async () => {
    const browser = t.agent();
    const anonymous = await browser.get('/api/user');
    expect(anonymous.status).toBe(401);
    const login = await browser
      .post('/api/login')
      .set(json)
      .send({ username: 'member', password: 'drx-demo-2026' });
    expect(login.status).toBe(200);
    expect(login.body.username).toBe('member');
    const cookie = login.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^drx\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const logout = await browser.post('/api/logout').set(json).send({});
    expect(logout.status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(401);
    // Replaying the old cookie does not bring the session back.
    const replay = await t.agent().get('/api/user').set('cookie', cookie.split(';')[0]);
    expect(replay.status).toBe(401);
  });

  it('answers 401 with a message for wrong credentials', async () => {
    const res = await t
      .agent()
      .post('/api/login')
      .set(json)
      .send({ username: 'member', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid username or password');
  });
});
