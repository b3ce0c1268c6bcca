import express from 'express';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { Course } from '../courses/course.entity';
import { InstructorProfile } from '../instructors/instructor-profile.entity';
import { InstructorStatus } from '../instructors/instructors.enums';
import { Resource, type ResourceStatus } from '../resources/resource.entity';
import { SellerProfile } from '../resources/seller-profile.entity';
import { User } from '../users/user.entity';
import { DISALLOWED_PATHS } from './robots';
import { STATIC_PUBLIC_PATHS } from './sitemap';
import { sitemapRoutes } from './sitemap.route';

const parser = new XMLParser({
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/** A document that must be well-formed XML, parsed. */
function parseXml(xml: string): any {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

/** loc → lastmod (null when absent) of a `<urlset>`. */
function urlsOf(xml: string): Map<string, string | null> {
  const doc = parseXml(xml);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const urls: { loc: string; lastmod?: string }[] = doc.urlset.url ?? [];
  const map = new Map<string, string | null>();
  for (const url of urls) {
    expect(map.has(url.loc), `${url.loc} listed twice`).toBe(false);
    map.set(url.loc, url.lastmod ?? null);
  }
  return map;
}

const at = (iso: string) => new Date(iso);

let t: TestApp;
const ids = {} as Record<
  | 'publishedCourse'
  | 'draftCourse'
  | 'publishedResource'
  | 'pendingResource'
  | 'draftResource'
  | 'rejectedResource'
  | 'suspendedSellersResource'
  | 'openStore'
  | 'suspendedStore'
  | 'approvedInstructor'
  | 'pendingInstructor'
  | 'suspendedInstructor',
  string
>;

beforeAll(async () => {
  t = await startTestApp();
  const em = t.orm.em.fork();
  const user = (name: string) => {
    const username = `${name}-${randomUUID().slice(0, 8)}`;
    return em.create(User, { username, usernameKey: username.toLowerCase(), passwordHash: 'x' });
  };
  const teacher = user('teacher');
  const published = em.create(Course, {
    title: 'Sitemap: published course',
    slug: `sitemap-published-${randomUUID()}`,
    instructor: teacher,
    summary: '',
    description: '',
    published: true,
    updatedAt: at('2026-01-02T03:04:05.678Z'),
  });
  const draft = em.create(Course, {
    title: 'Sitemap: draft course',
    slug: `sitemap-draft-${randomUUID()}`,
    instructor: teacher,
    summary: '',
    description: '',
    published: false,
  });

  const openSeller = user('open-seller');
  const suspendedSeller = user('suspended-seller');
  em.create(SellerProfile, {
    user: openSeller,
    storeName: 'Open & <Honest> Store',
    updatedAt: at('2025-06-01T00:00:00Z'),
  });
  em.create(SellerProfile, {
    user: suspendedSeller,
    storeName: 'Suspended Store',
    suspended: true,
    suspendedReason: 'test',
    suspendedAt: new Date(),
  });
  const resource = (seller: User, status: ResourceStatus, updatedAt = new Date()) =>
    em.create(Resource, { title: `Sitemap: ${status}`, type: 'document', seller, status, updatedAt });
  const publishedResource = resource(openSeller, 'published', at('2026-02-03T04:05:06Z'));
  const pending = resource(openSeller, 'pending_review', at('2026-09-09T00:00:00Z'));
  const draftResource = resource(openSeller, 'draft', at('2026-09-09T00:00:00Z'));
  const rejected = resource(openSeller, 'rejected', at('2026-09-09T00:00:00Z'));
  const hidden = resource(suspendedSeller, 'published');

  const approved = user('approved-instructor');
  const pendingInstructor = user('pending-instructor');
  const suspendedInstructor = user('suspended-instructor');
  em.create(InstructorProfile, {
    user: approved,
    status: InstructorStatus.APPROVED,
    approvedAt: new Date(),
    updatedAt: at('2026-03-04T05:06:07Z'),
  });
  em.create(InstructorProfile, { user: pendingInstructor, status: InstructorStatus.PENDING });
  em.create(InstructorProfile, { user: suspendedInstructor, status: InstructorStatus.SUSPENDED });
  await em.flush();

  Object.assign(ids, {
    publishedCourse: published.id,
    draftCourse: draft.id,
    publishedResource: publishedResource.id,
    pendingResource: pending.id,
    draftResource: draftResource.id,
    rejectedResource: rejected.id,
    suspendedSellersResource: hidden.id,
    openStore: openSeller.id,
    suspendedStore: suspendedSeller.id,
    approvedInstructor: approved.id,
    pendingInstructor: pendingInstructor.id,
    suspendedInstructor: suspendedInstructor.id,
  });
});
afterAll(() => t.close());

const url = (path: string) => t.config.publicUrl.replace(/\/+$/, '') + path;

describe('GET /sitemap.xml', () => {
  it('lists the public pages with absolute URLs and each record’s last change, and nothing hidden', async () => {
    const res = await request(t.handle.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const urls = urlsOf(res.text);

    for (const path of STATIC_PUBLIC_PATHS) expect(urls.has(url(path)), path).toBe(true);
    expect(urls.get(url(`/courses/${ids.publishedCourse}`))).toBe('2026-01-02T03:04:05Z');
    expect(urls.get(url(`/curriculum/${ids.publishedResource}`))).toBe('2026-02-03T04:05:06Z');
    // A store changed when its profile or one of its published resources did (not a draft's edit).
    expect(urls.get(url(`/sellers/${ids.openStore}`))).toBe('2026-02-03T04:05:06Z');
    expect(urls.get(url(`/instructors/${ids.approvedInstructor}`))).toBe('2026-03-04T05:06:07Z');

    const locs = [...urls.keys()];
    for (const hidden of [
      ids.draftCourse,
      ids.pendingResource,
      ids.draftResource,
      ids.rejectedResource,
      ids.suspendedSellersResource,
      ids.suspendedStore,
      ids.pendingInstructor,
      ids.suspendedInstructor,
    ]) {
      expect(locs.filter((loc) => loc.includes(hidden))).toEqual([]);
    }

    // Every record page (the seeded catalogue's too) carries its last change; every URL is ours.
    for (const [loc, lastmod] of urls) {
      expect(loc.startsWith(url('/'))).toBe(true);
      const path = loc.slice(url('').length);
      if (!(STATIC_PUBLIC_PATHS as readonly string[]).includes(path)) {
        expect(lastmod, loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      }
    }
    // The seeded catalogue is there too: as many courses as the catalogue lists to a guest.
    const catalogue = await t.gql<{ courses: { totalCount: number } }>(
      t.agent(),
      'query { courses(first: 1) { totalCount } }',
    );
    expect(locs.filter((loc) => loc.startsWith(url('/courses/')))).toHaveLength(
      catalogue.data.courses.totalCount,
    );
  });

  it('follows a record out of public view: an unpublished course leaves the sitemap', async () => {
    const before = urlsOf((await request(t.handle.app).get('/sitemap.xml')).text);
    expect(before.has(url(`/courses/${ids.publishedCourse}`))).toBe(true);
    const conn = t.orm.em.fork().getConnection();
    await conn.execute('update courses set published = false where id = ?', [ids.publishedCourse]);
    try {
      const after = urlsOf((await request(t.handle.app).get('/sitemap.xml')).text);
      expect(after.has(url(`/courses/${ids.publishedCourse}`))).toBe(false);
      expect(after.size).toBe(before.size - 1);
    } finally {
      await conn.execute('update courses set published = true where id = ?', [ids.publishedCourse]);
    }
  });

  it('becomes a sitemap index of files that together list every URL once when one file is not enough', async () => {
    const whole = urlsOf((await request(t.handle.app).get('/sitemap.xml')).text);
    const perFile = 4;
    const app = express().use(
      sitemapRoutes(t.orm.em, { publicUrl: 'https://drx.example/', urlsPerFile: perFile }),
    );

    const index = await request(app).get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files: string[] = parseXml(index.text).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    const count = Math.ceil(whole.size / perFile);
    expect(files).toEqual(
      Array.from({ length: count }, (_, i) => `https://drx.example/sitemap-${i + 1}.xml`),
    );

    const seen = new Map<string, string | null>();
    for (const file of files) {
      const res = await request(app).get(new URL(file).pathname);
      expect(res.status).toBe(200);
      const urls = urlsOf(res.text);
      expect(urls.size).toBeLessThanOrEqual(perFile);
      for (const [loc, lastmod] of urls) {
        expect(seen.has(loc), `${loc} in two files`).toBe(false);
        seen.set(loc, lastmod);
      }
    }
    const rebased = new Map(
      [...whole].map(([loc, lastmod]) => [loc.replace(url(''), 'https://drx.example'), lastmod]),
    );
    expect(seen).toEqual(rebased);

    expect((await request(app).get(`/sitemap-${count + 1}.xml`)).status).toBe(404);
    expect((await request(app).get('/sitemap-0.xml')).status).toBe(404);
  });
});

/** RFC 9309 matching of Disallow rules (`*` any characters, a final `$` the end of the path). */
function disallowedBy(rules: string[], path: string): boolean {
  return rules.some((rule) => {
    const anchored = rule.endsWith('$');
    const body = (anchored ? rule.slice(0, -1) : rule)
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
  });
}

describe('GET /robots.txt', () => {
  it('asks crawlers to keep out of the private pages, keeps the public ones open and names the sitemap', async () => {
    const res = await request(t.handle.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${url('/sitemap.xml')}`);
    const rules = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(rules).toEqual([...DISALLOWED_PATHS]);

    for (const path of [
      '/admin',
      '/admin/users',
      '/dashboard',
      '/dashboard/user',
      '/multi-dashboard',
      '/seller-dashboard',
      '/seller',
      '/seller/resources',
      '/instructor',
      '/instructor/courses',
      '/my-courses',
      '/my-purchases',
      '/checkout',
      '/checkout/stripe',
      '/simple-checkout',
      '/cart',
      '/graphql',
      '/graphql/stream',
      '/api/user',
      '/messages',
      '/messages/abc',
      '/notifications',
      '/notifications/unsubscribe',
      '/profile',
      '/profile/edit',
      `/courses/${ids.publishedCourse}/modules/x/lessons/y`,
      `/curriculum/${ids.publishedResource}/edit`,
      `/instructors/${ids.approvedInstructor}/book`,
    ]) {
      expect(disallowedBy(rules, path), path).toBe(true);
    }
    // Every page of the sitemap stays open to crawlers.
    const sitemap = urlsOf((await request(t.handle.app).get('/sitemap.xml')).text);
    const paths = [...sitemap.keys()].map((loc) => loc.slice(url('').length));
    expect(paths).toContain(`/instructors/${ids.approvedInstructor}`);
    expect(paths).toContain(`/sellers/${ids.openStore}`);
    for (const path of paths) expect(disallowedBy(rules, path), path).toBe(false);
  });
});
