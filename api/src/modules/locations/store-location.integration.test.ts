import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };

const STORE_UPDATE = `mutation($input: StoreProfileUpdateInput!) { storeProfileUpdate(input: $input) {
  store { id storeName bio zip city state } userErrors { code field message } } }`;

let t: TestApp;
let seller: ReturnType<TestApp['agent']>;
beforeAll(async () => {
  t = await startTestApp();
  seller = t.agent();
  expect(
    (await seller.post('/api/login').set(json).send({ username: 'seller', password: PASSWORD })).status,
  ).toBe(200);
});
afterAll(() => t.close());

const update = async (input: Record<string, unknown>) =>
  (await t.gql(seller, STORE_UPDATE, { input: { storeName: 'Sam’s Steps', ...input } })).data
    .storeProfileUpdate;

describe('the store’s location (storeProfileUpdate)', () => {
  it('keeps the city and state typed with the ZIP code', async () => {
    const res = await update({ zip: '10001', city: 'Manhattan', state: 'NY' });
    expect(res.userErrors).toEqual([]);
    expect(res.store).toMatchObject({ zip: '10001', city: 'Manhattan', state: 'NY' });
  });

  it('fills an empty city and state from a US ZIP code', async () => {
    const res = await update({ zip: '90210', city: '', state: null });
    expect(res.store).toMatchObject({ zip: '90210', city: 'Beverly Hills', state: 'CA' });
  });

  it('keeps the location when a client leaves the fields out, clears it with empty values', async () => {
    expect((await update({ bio: 'Tap and jazz' })).store).toMatchObject({
      zip: '90210',
      city: 'Beverly Hills',
    });
    expect((await update({ zip: '', city: '', state: '' })).store).toMatchObject({
      zip: null,
      city: null,
      state: null,
    });
  });

  it('keeps another postal code as typed, and refuses over-long values', async () => {
    expect((await update({ zip: 'SE1 9DT', city: 'London', state: 'England' })).store).toMatchObject({
      zip: 'SE1 9DT',
      city: 'London',
    });
    const res = await update({ zip: '12345678901' });
    expect(res.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'zip' });
    expect((await update({ city: 'x'.repeat(101) })).userErrors[0]).toMatchObject({ field: 'city' });
  });
});
