import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

type Agent = ReturnType<typeof request.agent>;

const json = { 'content-type': 'application/json' };
const EVIL = 'https://evil.example';
const REFUSED = { message: 'Cross-site requests are not allowed' };

let t: TestApp;
let instructorId: string;
beforeAll(async () => {
  t = await startTestApp();
  const rows: { id: string }[] = await db().execute(`select id from users where username = 'instructor'`);
  instructorId = rows[0].id;
});
afterAll(() => t.close());

const db = () => t.orm.em.fork().getConnection();

let counter = 0;
/** A freshly registered, signed-in member. */
async function member(): Promise<Agent> {
  const browser = t.agent();
  const res = await browser
    .post('/api/register')
    .set(json)
    .send({ username: `origin${++counter}`, password: 'long-enough' });
  expect(res.status).toBe(201);
  return browser;
}

/**
 * The server's own origin as a browser on it sends it. Supertest listens on a new port for each
 * request, so the requests that use it name their host (`Host: drx.test:8080`).
 */
const OWN_HOST = 'drx.test:8080';
const OWN = `http://${OWN_HOST}`;

/** A new published course to put in carts. */
async function newCourse(): Promise<string> {
  const id = randomUUID();
  await db().execute(
    `insert into courses (id, title, slug, instructor_id, published, price_cents)
     values (?, ?, ?, ?, true, 1000)`,
    [id, `Origin course ${id.slice(0, 8)}`, `origin-course-${id}`, instructorId],
  );
  return id;
}

async function addToCart(browser: Agent): Promise<string> {
  const res = await browser
    .post('/api/cart')
    .set(json)
    .send({ itemType: 'course', itemId: await newCourse() });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function cartIds(browser: Agent): Promise<string[]> {
  const res = await browser.get('/api/cart');
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).map((line) => line.id).sort();
}

async function signedIn(browser: Agent): Promise<boolean> {
  return (await browser.get('/api/user')).status === 200;
}

describe("the spec's bodiless calls (no JSON, no extra header)", () => {
  it('POST /api/logout signs out', async () => {
    const browser = await member();
    const res = await browser.post('/api/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await signedIn(browser)).toBe(false);
  });

  it('DELETE /api/cart/{id} removes that line only', async () => {
    const browser = await member();
    const gone = await addToCart(browser);
    const kept = await addToCart(browser);
    const res = await browser.delete(`/api/cart/${gone}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await cartIds(browser)).toEqual([kept]);
  });

  it('DELETE /api/cart empties the cart', async () => {
    const browser = await member();
    await addToCart(browser);
    await addToCart(browser);
    const res = await browser.delete('/api/cart');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await cartIds(browser)).toEqual([]);
  });
});

describe('cross-site state-changing calls to /api', () => {
  it('refuses a text/plain POST /api/cart from another origin, leaving the cart unchanged', async () => {
    // given a member with one line
    const browser = await member();
    const line = await addToCart(browser);
    const itemId = await newCourse();
    const body = JSON.stringify({ itemType: 'course', itemId });
    // when another site's form posts JSON text to the cart
    const res = await browser
      .post('/api/cart')
      .set('content-type', 'text/plain')
      .set('origin', EVIL)
      .send(body);
    // then it is refused and the cart holds the same line
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await cartIds(browser)).toEqual([line]);
    // and the same call from our own origin adds the item
    const ours = await browser
      .post('/api/cart')
      .set(json)
      .set('host', OWN_HOST)
      .set('origin', OWN)
      .send(body);
    expect(ours.status).toBe(201);
    expect((await cartIds(browser)).length).toBe(2);
  });

  it('refuses POST /api/logout with Sec-Fetch-Site: cross-site, and the session still works', async () => {
    const browser = await member();
    const res = await browser.post('/api/logout').set('sec-fetch-site', 'cross-site');
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await signedIn(browser)).toBe(true);
    // the browser's own same-origin logout works
    const ours = await browser.post('/api/logout').set('sec-fetch-site', 'same-origin');
    expect(ours.status).toBe(200);
    expect(await signedIn(browser)).toBe(false);
  });

  it('refuses DELETE /api/cart with Origin: null, and accepts our own Origin', async () => {
    const browser = await member();
    const line = await addToCart(browser);
    const refused = await browser.delete('/api/cart').set('origin', 'null');
    expect(refused.status).toBe(403);
    expect(await cartIds(browser)).toEqual([line]);
    const ours = await browser.delete(`/api/cart/${line}`).set('host', OWN_HOST).set('origin', OWN);
    expect(ours.status).toBe(200);
    expect(await cartIds(browser)).toEqual([]);
  });

  it('refuses a POST carrying only a foreign Referer, and accepts our own', async () => {
    const browser = await member();
    const refused = await browser.post('/api/logout').set('referer', `${EVIL}/win-a-prize`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REFUSED);
    expect(await signedIn(browser)).toBe(true);
    const ours = await browser.post('/api/logout').set('host', OWN_HOST).set('referer', `${OWN}/account`);
    expect(ours.status).toBe(200);
    expect(await signedIn(browser)).toBe(false);
  });

  it('accepts the configured public URL as an origin', async () => {
    const browser = await member();
    const res = await browser.post('/api/logout').set('origin', new URL(t.config.publicUrl).origin);
    expect(res.status).toBe(200);
    expect(await signedIn(browser)).toBe(false);
  });

  it('honours the origin a trusted proxy forwards', async () => {
    const browser = await member();
    const res = await browser
      .post('/api/logout')
      .set('x-forwarded-proto', 'https')
      .set('x-forwarded-host', 'shop.drx.example')
      .set('origin', 'https://shop.drx.example');
    expect(res.status).toBe(200);
    expect(await signedIn(browser)).toBe(false);
  });
});

describe('cross-site mutations to /graphql', () => {
  const ADD = `mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { item { id } userErrors { code } } }`;

  it('refuses a JSON mutation from another origin (nothing changes) and answers our own', async () => {
    // given a member with an empty cart
    const browser = await member();
    const itemId = await newCourse();
    const body = { query: ADD, variables: { input: { itemType: 'course', itemId } } };
    // when another site posts the mutation as JSON
    const refused = await browser.post('/graphql').set(json).set('origin', EVIL).send(body);
    // then it is refused before it runs
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REFUSED);
    expect(await cartIds(browser)).toEqual([]);
    // and our own origin's mutation is answered
    const ours = await browser.post('/graphql').set(json).set('host', OWN_HOST).set('origin', OWN).send(body);
    expect(ours.status).toBe(200);
    expect(ours.body.errors).toBeUndefined();
    expect(ours.body.data.cartItemAdd.userErrors).toEqual([]);
    expect(await cartIds(browser)).toEqual([ours.body.data.cartItemAdd.item.id]);
  });

  it('refuses a logout mutation with Sec-Fetch-Site: cross-site, keeping the session', async () => {
    const browser = await member();
    const res = await browser
      .post('/graphql')
      .set(json)
      .set('sec-fetch-site', 'cross-site')
      .send({ query: 'mutation { logout { success } }' });
    expect(res.status).toBe(403);
    expect(await signedIn(browser)).toBe(true);
  });
});
