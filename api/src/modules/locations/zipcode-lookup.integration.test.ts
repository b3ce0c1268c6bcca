import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { ZIP_LOOKUP_LIMIT_PER_MINUTE } from './zipcode-lookup.route';

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/zipcode-lookup/{zip}', () => {
  it('answers a guest with the place of a US ZIP code', async () => {
    const res = await t.agent().get('/api/zipcode-lookup/10001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      zip: '10001',
      city: 'New York',
      state: 'NY',
      stateName: 'New York',
      latitude: 40.7484,
      longitude: -73.9967,
      timeZone: 'America/New_York',
    });
    const la = await t.agent().get('/api/zipcode-lookup/90210-1234');
    expect(la.status).toBe(200);
    expect(la.body).toMatchObject({
      zip: '90210',
      city: 'Beverly Hills',
      state: 'CA',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('answers a member the same', async () => {
    const member = t.agent();
    expect(
      (await member.post('/api/login').set(json).send({ username: 'member', password: PASSWORD })).status,
    ).toBe(200);
    const res = await member.get('/api/zipcode-lookup/07030');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ zip: '07030', city: 'Hoboken', state: 'NJ', stateName: 'New Jersey' });
  });

  it('refuses a malformed code with 400 and an unknown one with 404, each with a message', async () => {
    for (const bad of ['1234', '123456', 'abcde', '10001-12', 'M5V%203L9']) {
      const res = await t.agent().get(`/api/zipcode-lookup/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/5 digits/);
    }
    const unknown = await t.agent().get('/api/zipcode-lookup/00000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'ZIP code 00000 was not found', code: 'NOT_FOUND' });
  });

  it('limits the lookups of one address per minute (429), not those of others', async () => {
    const from = (address: string) =>
      t.agent().get('/api/zipcode-lookup/10001').set('x-forwarded-for', address);
    for (let i = 0; i < ZIP_LOOKUP_LIMIT_PER_MINUTE; i++) {
      expect((await from('203.0.113.7')).status).toBe(200);
    }
    const refused = await from('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many ZIP code lookups/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).status).toBe(200);
  });
});
