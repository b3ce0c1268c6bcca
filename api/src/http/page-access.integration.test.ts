import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seeders/demo-password';
import { SoftwareAuthenticator } from '../modules/passkeys/test/software-authenticator';
import { buildServerRender, type ServerRenderBuild } from '../test/server-render-build';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Guarded pages answered by the server (page-access.ts) with the web app's own route tree and
 * guard rule, and a member's own pages rendered with their session (signed-in-render.ts). The
 * server render's bundle is built from the current source into a folder of this test's own.
 */

type Agent = ReturnType<typeof request.agent>;

let build: ServerRenderBuild | undefined;
let webDist: string;
let t: TestApp;

beforeAll(async () => {
  build = await buildServerRender('drx-page-access-');
  webDist = build.webDist;
  // Vite's build manifest, in its shape: the entry, the app (boot) and a page sharing a vendor chunk.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e1.js', isEntry: true },
      'src/boot.tsx': { file: 'assets/boot-b1.js', imports: ['index.html', '_vendor-v1.js'] },
      '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
      'src/features/learning/MyCoursesPage.tsx': {
        file: 'assets/MyCoursesPage-m1.js',
        imports: ['src/boot.tsx', '_vendor-v1.js'],
      },
    }),
  );
  t = await startTestApp({ webDist });
}, 120_000);

afterAll(async () => {
  await t?.close();
  build?.remove();
});

async function signIn(username: string, app: TestApp = t): Promise<Agent> {
  const browser = app.agent();
  const res = await browser
    .post('/api/login')
    .set('content-type', 'application/json')
    .send({ username, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return browser;
}

const MEMBER_PAGES = [
  '/my-courses',
  '/my-purchases',
  '/messages',
  '/profile',
  '/seller/analytics',
  '/courses/c/modules/m',
];
const ADMIN_PAGES = ['/admin', '/admin/users', '/admin/store/orders', '/curriculum-officer-dashboard'];

describe('a guarded page the viewer may not open', () => {
  it('sends a visitor to /auth from signed-in and admin pages, before any HTML, to come back after', async () => {
    for (const page of [...MEMBER_PAGES, ...ADMIN_PAGES, '/my-courses?tab=done']) {
      const res = await t.agent().get(page);
      expect(res.status, page).toBe(302);
      expect(res.headers.location, page).toBe(`/auth?returnTo=${encodeURIComponent(page)}`);
      expect(res.headers['cache-control'], page).toBe('no-store');
      expect(res.text, page).not.toContain('<div id="root">');
    }
  });

  it('sends a signed-in user without an admin role from the admin area to /', async () => {
    for (const username of ['member', 'seller', 'multi']) {
      const browser = await signIn(username);
      for (const page of ADMIN_PAGES) {
        const res = await browser.get(page);
        expect(res.status, `${username} ${page}`).toBe(302);
        expect(res.headers.location, `${username} ${page}`).toBe('/');
      }
    }
  });

  it('lets admins and curriculum officers into the admin area, and members onto their pages', async () => {
    for (const username of ['admin', 'officer']) {
      const browser = await signIn(username);
      for (const page of ADMIN_PAGES)
        expect((await browser.get(page)).status, `${username} ${page}`).toBe(200);
    }
    const member = await signIn('member');
    for (const page of MEMBER_PAGES) expect((await member.get(page)).status, page).toBe(200);
  });

  it('leaves public pages alone, and answers HEAD as GET', async () => {
    for (const page of ['/', '/courses', '/cart', '/auth', '/no-such-page']) {
      expect((await t.agent().get(page)).status, page).toBe(200);
    }
    const head = await t.agent().head('/admin');
    expect(head.status).toBe(302);
    expect(head.headers.location).toBe('/auth?returnTo=%2Fadmin');
  });

  it('goes by the session of the request: a signed-out browser is sent away again', async () => {
    const browser = await signIn('admin');
    expect((await browser.get('/admin')).status).toBe(200);
    expect((await browser.post('/api/logout').set('content-type', 'application/json').send({})).status).toBe(
      200,
    );
    const res = await browser.get('/admin');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth?returnTo=%2Fadmin');
  });
});

describe('an old address of a page (spec section 2)', () => {
  it('is answered with a 301 to where it moved, before any HTML, keeping the query', async () => {
    for (const [from, to] of [
      ['/pricing', '/subscription'],
      ['/course/42', '/courses/42'],
      ['/resources', '/curriculum'],
      ['/resources/7?ref=mail', '/curriculum/7?ref=mail'],
      ['/resources/a%20b/edit', '/curriculum/a%20b/edit'],
    ]) {
      const res = await t.agent().get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
      expect(res.text, from).not.toContain('<div id="root">');
    }
    // Where it moved may be guarded: the browser follows on and is sent to sign in from there.
    const edit = await t.agent().get('/curriculum/7/edit');
    expect(edit.status).toBe(302);
  });
});

describe('the admin area for staff without a second factor (the requirement on, as outside tests)', () => {
  const SETUP_PATH = '/profile?twoStep=required#two-step';
  const ERRORS = 'userErrors { code field message }';
  let strict: TestApp;

  beforeAll(async () => {
    strict = await startTestApp({ webDist, twoStepRequired: true });
  }, 60_000);
  afterAll(() => strict?.close());

  const isRedirectedToSetUp = async (browser: Agent, who: string) => {
    for (const page of ADMIN_PAGES) {
      const res = await browser.get(page);
      expect(res.status, `${who} ${page}`).toBe(302);
      expect(res.headers.location, `${who} ${page}`).toBe(SETUP_PATH);
      expect(res.headers['cache-control'], `${who} ${page}`).toBe('no-store');
      expect(res.headers.vary, `${who} ${page}`).toMatch(/cookie/i);
      expect(res.text, `${who} ${page}`).not.toContain('<div id="root">');
    }
  };

  it('sends them to the set-up the browser gate sends them to, and lets them onto it', async () => {
    for (const username of ['admin', 'officer']) {
      const browser = await signIn(username, strict);
      await isRedirectedToSetUp(browser, username);
      // The set-up's page is theirs: no loop.
      expect((await browser.get('/profile?twoStep=required')).status, username).toBe(200);
    }
  });

  it('sends a member from the admin area to / as before, and a visitor to /auth', async () => {
    const member = await signIn('member', strict);
    const res = await member.get('/admin');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await strict.agent().get('/admin')).headers.location).toBe('/auth?returnTo=%2Fadmin');
  });

  it('lets them in while the requirement is off (test apps), as their staff operations are', async () => {
    expect(t.config.twoStepRequired).toBe(false);
    for (const username of ['admin', 'officer']) {
      const browser = await signIn(username, t);
      for (const page of ADMIN_PAGES)
        expect((await browser.get(page)).status, `${username} ${page}`).toBe(200);
      expect((await t.gql(browser, '{ myTwoStep { requiredFor hasSecondFactor } }')).data.myTwoStep).toEqual({
        requiredFor: null,
        hasSecondFactor: false,
      });
    }
  });

  it('lets them in once two-step sign-in is on', async () => {
    const admin = await signIn('admin', strict);
    await isRedirectedToSetUp(admin, 'admin');
    const started = await strict.gql(admin, `mutation { twoStepSetupStart { key ${ERRORS} } }`);
    const key = started.data.twoStepSetupStart.key as string;
    const confirmed = await strict.gql(
      admin,
      `mutation($code: String!) { twoStepSetupConfirm(input: { code: $code }) { recoveryCodes ${ERRORS} } }`,
      { code: await generate({ secret: key }) },
    );
    expect(confirmed.data.twoStepSetupConfirm.userErrors).toEqual([]);
    for (const page of ADMIN_PAGES) expect((await admin.get(page)).status, page).toBe(200);
  });

  it('lets them in once they have a passkey', async () => {
    const officer = await signIn('officer', strict);
    await isRedirectedToSetUp(officer, 'officer');
    const options = await strict.gql(
      officer,
      `mutation { passkeyRegistrationOptions(input: {}) { options ${ERRORS} } }`,
    );
    const { json: response } = new SoftwareAuthenticator().create(
      options.data.passkeyRegistrationOptions.options as string,
      new URL(strict.config.publicUrl).origin,
    );
    const added = await strict.gql(
      officer,
      `mutation($input: PasskeyAddInput!) { passkeyAdd(input: $input) { passkey { id } ${ERRORS} } }`,
      { input: { response } },
    );
    expect(added.data.passkeyAdd.userErrors).toEqual([]);
    for (const page of ADMIN_PAGES) expect((await officer.get(page)).status, page).toBe(200);
  });
});

describe("a member's own pages", () => {
  it('come rendered with their content, never kept by a cache', async () => {
    const member = await signIn('member');
    const res = await member.get('/my-courses');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toMatch(/<div id="root">.*My Courses/s);
    expect(res.text).toContain('data-start="now"');
    expect(res.text).not.toContain('Verifying authentication');
    // The app's and the page's code asked for at once, each chunk once, with the page's nonce, at
    // the end of the body (after the page's content).
    const tail = res.text.slice(res.text.indexOf('id="drx-server-state"'), res.text.indexOf('</body>'));
    const preloads = [
      ...tail.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" nonce="([^"]+)">/g),
    ];
    expect(preloads.map((m) => m[1])).toEqual([
      '/assets/boot-b1.js',
      '/assets/vendor-v1.js',
      '/assets/MyCoursesPage-m1.js',
    ]);
    const nonce = /<script type="module"[^>]* nonce="([^"]+)"/.exec(res.text)?.[1];
    for (const m of preloads) expect(m[2]).toBe(nonce);
    const cart = await member.get('/cart');
    expect(cart.headers['cache-control']).toBe('private, no-store');
    expect(cart.text).toMatch(/<div id="root">.*Your Cart.*Your cart is empty/s);
  });

  it('are sent for the browser to render when a query fails (a lesson of a course they are not in)', async () => {
    const member = await signIn('member');
    const found = await t.gql<{ courses: { edges: { node: { id: string; title: string } }[] } }>(
      member,
      '{ courses(first: 50) { edges { node { id title } } } }',
    );
    const course = found.data.courses.edges.find((e) => e.node.title.startsWith('Teaching Classical Ballet'));
    expect(course).toBeDefined();
    const outline = await t.gql<{ course: { modules: { id: string; lessons: { id: string }[] }[] } }>(
      member,
      'query ($id: ID!) { course(id: $id) { modules { id lessons { id } } } }',
      { id: course?.node.id },
    );
    const module = outline.data.course.modules[0];
    const res = await member.get(
      `/courses/${course?.node.id}/modules/${module.id}/lessons/${module.lessons[0].id}`,
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('are not rendered for a visitor (the cart) or for pages not marked for it', async () => {
    const cart = await t.agent().get('/cart');
    expect(cart.text).toContain('<div id="root"></div>');
    expect(cart.headers['cache-control']).toBe('no-cache');
    const member = await signIn('member');
    expect((await member.get('/profile')).text).toContain('<div id="root"></div>');
  });
});
