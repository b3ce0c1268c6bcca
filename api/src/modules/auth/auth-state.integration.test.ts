import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/auth', () => {
  it('tells a guest they are signed out, without a 401', async () => {
    const res = await t.agent().get('/api/auth');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ authenticated: false, user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives a member their user as GET /api/user does, and signed out again after logout', async () => {
    const member = t.agent();
    await member.post('/api/login').set(json).send({ username: 'member', password: PASSWORD });
    const res = await member.get('/api/auth');
    expect(res.status).toBe(200);
    expect(res.body.authenticated).toBe(true);
    const user = await member.get('/api/user');
    expect(res.body.user).toEqual(user.body);
    expect(res.body.user).toMatchObject({ username: 'member', roles: expect.any(Array) });
    expect(res.body.user.passwordHash).toBeUndefined();
    await member.post('/api/logout');
    expect((await member.get('/api/auth')).body).toEqual({ authenticated: false, user: null });
  });
});
