import fs from 'node:fs';
import path from 'node:path';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { PERMISSIONS_POLICY, WEB_APP_PERMISSIONS_POLICY } from './security-headers';

type Response = request.Response;

const json = { 'content-type': 'application/json' };
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // A web app page as Vite builds it with `html.cspNonce`.
  fs.writeFileSync(
    path.join(t.config.webDist, 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="DRX_CSP_NONCE">' +
      '<script type="module" crossorigin src="/assets/index.js" nonce="DRX_CSP_NONCE"></script><title>DRX</title>',
  );
  const uploads = t.config.uploadsDir;
  fs.mkdirSync(path.join(uploads, 'avatars'), { recursive: true });
  fs.writeFileSync(path.join(uploads, 'avatars', 'real.png'), PNG);
  fs.writeFileSync(path.join(uploads, 'avatars', 'moving.gif'), GIF);
  // Files whose bytes are not an image, whatever their names say.
  fs.writeFileSync(
    path.join(uploads, 'avatars', 'page.png'),
    '<html><script>alert(document.cookie)</script>',
  );
  fs.writeFileSync(
    path.join(uploads, 'avatars', 'vector.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  fs.writeFileSync(path.join(uploads, 'avatars', 'page.html'), '<h1>hi</h1>');
  // A real image just outside the uploads folder: never reachable through /uploads.
  fs.writeFileSync(path.join(uploads, '..', 'secret.png'), PNG);
});
afterAll(() => t.close());

/** The headers every response carries. */
function expectBaseline(res: Response, permissionsPolicy = PERMISSIONS_POLICY) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['permissions-policy']).toBe(permissionsPolicy);
  expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
  if (permissionsPolicy === PERMISSIONS_POLICY)
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\)/);
  expect(res.headers['x-powered-by']).toBeUndefined();
  // HSTS only with Secure cookies (HTTPS); the test app runs plain HTTP.
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

/** The CSP as a map of directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers['content-security-policy'] as string;
  expect(header).toBeTruthy();
  return new Map(
    header.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources] as [string, string[]];
    }),
  );
}

function expectLockedDown(res: Response) {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.has('sandbox')).toBe(true);
}

describe('security headers', () => {
  it('an app page: own scripts only, styles by the page nonce, no framing, Stripe nowhere', async () => {
    const res = await t.agent().get('/courses');
    expect(res.status).toBe(200);
    // The camera and microphone for the site itself only (recording an assignment), elsewhere none.
    expectBaseline(res, WEB_APP_PERMISSIONS_POLICY);
    expect(res.headers['permissions-policy']).toMatch(/camera=\(self\), microphone=\(self\)/);
    const policy = csp(res);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    const nonce = /nonce="([^"]+)"/.exec(res.text)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(res.text).not.toContain('DRX_CSP_NONCE');
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|stripe/);
    // index.html asked for by name is the same page, never the template with its placeholder
    const byName = await t.agent().get('/index.html');
    expect(byName.text).not.toContain('DRX_CSP_NONCE');
    expect(csp(byName).get('style-src')?.[1]).toMatch(/^'nonce-/);
    // a fresh nonce for every page
    const again = await t.agent().get('/courses');
    expect(/nonce="([^"]+)"/.exec(again.text)?.[1]).not.toBe(nonce);
  });

  it('the card page alone may load Stripe.js and its frames', async () => {
    const policy = csp(await t.agent().get('/checkout/stripe?order=x'));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
  });

  it('API JSON: locked down', async () => {
    const res = await t.agent().get('/api/courses');
    expect(res.status).toBe(200);
    expectBaseline(res);
    expectLockedDown(res);
    const missing = await t.agent().get('/api/no-such-endpoint');
    expect(missing.status).toBe(404);
    expectLockedDown(missing);
  });

  it('GraphQL: locked down, also for refused requests', async () => {
    const res = await t.agent().post('/graphql').set(json).send({ query: '{ me { id } }' });
    expect(res.status).toBe(200);
    expectBaseline(res);
    expectLockedDown(res);
    const bad = await t.agent().post('/graphql').set(json).send({ query: '{ nope }' });
    expect(bad.status).toBe(400);
    expectLockedDown(bad);
  });

  it('the GraphiQL page: its inline scripts by hash, no unsafe-eval, no framing', async () => {
    const res = await t.agent().get('/graphql').set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('ruru');
    expectBaseline(res);
    const policy = csp(res);
    const scripts = policy.get('script-src')!;
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).length).toBeGreaterThan(0);
    for (const source of scripts.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('an upload image: its real type, sandboxed', async () => {
    const res = await t.agent().get('/uploads/avatars/real.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectBaseline(res);
    expectLockedDown(res);
    const gif = await t.agent().get('/uploads/avatars/moving.gif');
    expect(gif.headers['content-type']).toBe('image/gif');
  });

  it.each([
    'page.png',
    'vector.svg',
    'page.html',
    'nothing.png',
    '../../secret.png',
    '..%2f..%2fsecret.png',
    '%2e%2e/%2e%2e/secret.png',
  ])('never serves %s, whose bytes are not an image, as anything', async (name) => {
    const res = await t.agent().get(`/uploads/avatars/${name}`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectLockedDown(res);
  });

  it('a paid download: an attachment with its checked type, sandboxed', async () => {
    const seller = t.agent();
    const login = await seller
      .post('/api/login')
      .set(json)
      .send({ username: 'seller', password: 'drx-demo-2026' });
    expect(login.status).toBe(200);
    const db = t.orm.em.fork().getConnection();
    const [file] = await db.execute<{ resource_id: string; storage_key: string; content_type: string }[]>(
      `select f.resource_id, f.storage_key, f.content_type from resource_files f
         join resources r on r.id = f.resource_id
        where r.seller_id = ? order by f.position limit 1`,
      [login.body.id],
    );
    const absolute = path.join(t.config.privateDir, file.storage_key);
    fs.mkdirSync(path.dirname(absolute), { recursive: true });
    fs.writeFileSync(absolute, '%PDF-1.4 the bytes\n');
    const res = await seller.get(`/api/resources/${file.resource_id}/download`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(res.headers['content-type']).toBe(file.content_type);
    expectBaseline(res);
    expectLockedDown(res);
  });

  it('HSTS with Secure cookies (production behind HTTPS)', async () => {
    const secure = await startTestApp({ cookieSecure: true });
    try {
      const res = await secure.agent().get('/api/courses');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('field suggestions', () => {
  const typo = '{ me { usernam } }';

  it('are hidden from guests', async () => {
    const { errors } = await t.gql(t.agent(), typo);
    expect(errors?.[0].message).toBe('Cannot query field "usernam" on type "User".');
  });

  it('are kept for signed-in callers, and introspection stays open to guests', async () => {
    const member = t.agent();
    await member.post('/api/login').set(json).send({ username: 'member', password: 'drx-demo-2026' });
    const { errors } = await t.gql(member, typo);
    expect(errors?.[0].message).toMatch(
      /^Cannot query field "usernam" on type "User"\. Did you mean "username"/,
    );
    const { data } = await t.gql(t.agent(), '{ __schema { queryType { name } } }');
    expect(data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
