import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

/** The metadata of the public pages in the HTML the server sends (page-meta.ts, web-app.ts). */

const PUBLIC_URL = 'https://drx.example/';
const SITE = 'https://drx.example';
/** index.html as Vite builds it: default title and description, nonced script, placeholder. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="DRX — certification courses, curriculum resources, instructors and memberships for dance educators."
    />
    <title>DRX — Dance education marketplace</title>
    <meta property="csp-nonce" nonce="DRX_CSP_NONCE">
    <script type="module" crossorigin src="/assets/index.js" nonce="DRX_CSP_NONCE"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ publicUrl: PUBLIC_URL });
  fs.writeFileSync(path.join(t.config.webDist, 'index.html'), INDEX_HTML);
});

afterAll(async () => {
  await t?.close();
});

async function sql<T = Record<string, any>>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute<T[]>(query, params);
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

interface Head {
  title: string | null;
  titles: number;
  descriptions: number;
  meta: Map<string, string>;
  canonical: string | null;
  jsonLd: Record<string, any> | null;
  jsonLdNonce: string | null;
  pageNonce: string | null;
}

/** What a crawler reads from the page's <head>. */
function head(res: request.Response): Head {
  const html = res.text;
  const headHtml = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const m of headHtml.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    meta.set(m[1], unescapeHtml(m[2]));
  }
  const script = /<script type="application\/ld\+json" nonce="([^"]*)">([\s\S]*?)<\/script>/.exec(headHtml);
  return {
    title: unescapeHtml(/<title>([\s\S]*?)<\/title>/.exec(headHtml)?.[1] ?? '') || null,
    titles: headHtml.match(/<title>/g)?.length ?? 0,
    descriptions: headHtml.match(/name="description"/g)?.length ?? 0,
    meta,
    canonical: unescapeHtml(/<link rel="canonical" href="([^"]*)" \/>/.exec(headHtml)?.[1] ?? '') || null,
    jsonLd: script ? JSON.parse(script[2]) : null,
    jsonLdNonce: script?.[1] ?? null,
    pageNonce: /<meta property="csp-nonce" nonce="([^"]+)">/.exec(headHtml)?.[1] ?? null,
  };
}

async function page(pathname: string) {
  const res = await t.agent().get(pathname);
  return { res, head: head(res) };
}

async function publishedCourse() {
  const [course] = await sql<{ id: string; slug: string; title: string; summary: string }>(
    `select c.id, c.slug, c.title, c.summary from courses c where c.published and not c.member_only
       order by c.title limit 1`,
  );
  return course;
}

describe('page metadata for crawlers', () => {
  it('a published course: its title, description, canonical URL, Open Graph, Twitter card and Course JSON-LD', async () => {
    const course = await publishedCourse();
    const [instructor] = await sql<{ id: string; first_name: string | null; username: string }>(
      `select u.id, u.first_name, u.username from courses c join users u on u.id = c.instructor_id where c.id = ?`,
      [course.id],
    );
    await sql(
      `update courses set price_cents = 4950, cover_image_url = '/uploads/covers/a.png' where id = ?`,
      [course.id],
    );

    for (const pathname of [`/courses/${course.id}`, `/courses/${course.slug}`, `/course/${course.slug}/`]) {
      const { res, head: h } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(h.title).toBe(`${course.title} — DRX`);
      expect(h.titles).toBe(1);
      expect(h.descriptions).toBe(1);
      const url = `${SITE}/courses/${course.id}`;
      expect(h.canonical).toBe(url);
      expect(h.meta.get('description')).toBe(course.summary.replace(/\s+/g, ' ').trim().slice(0, 160));
      expect(h.meta.get('og:title')).toBe(`${course.title} — DRX`);
      expect(h.meta.get('og:description')).toBe(h.meta.get('description'));
      expect(h.meta.get('og:url')).toBe(url);
      expect(h.meta.get('og:type')).toBe('product');
      expect(h.meta.get('og:image')).toBe(`${SITE}/uploads/covers/a.png`);
      expect(h.meta.get('product:price:amount')).toBe('49.50');
      expect(h.meta.get('product:price:currency')).toBe('USD');
      expect(h.meta.get('twitter:card')).toBe('summary_large_image');
      expect(h.meta.get('twitter:image')).toBe(`${SITE}/uploads/covers/a.png`);
      expect(h.meta.get('twitter:data1')).toBe('$49.50');
      // JSON-LD carries the page's CSP nonce.
      expect(h.jsonLdNonce).toBe(h.pageNonce);
      expect(h.jsonLdNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(h.jsonLd).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: course.title,
        url,
        description: h.meta.get('description'),
        image: `${SITE}/uploads/covers/a.png`,
        provider: { '@type': 'Organization', name: 'DRX', url: `${SITE}/` },
        offers: { '@type': 'Offer', price: '49.50', priceCurrency: 'USD', category: 'Paid' },
        hasCourseInstance: {
          '@type': 'CourseInstance',
          instructor: { '@type': 'Person', name: instructor.first_name || instructor.username },
        },
      });
    }
    // The app itself still loads: the nonce placeholder is filled everywhere.
    const { res } = await page(`/courses/${course.id}`);
    expect(res.text).not.toContain('DRX_CSP_NONCE');
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('a draft course, an unknown id or slug: 404 with the web app (its not-found page), not indexed', async () => {
    const [draft] = await sql<{ id: string; slug: string }>(
      `select id, slug from courses where published order by title desc limit 1`,
    );
    await sql(`update courses set published = false where id = ?`, [draft.id]);
    for (const pathname of [
      `/courses/${draft.id}`,
      `/courses/${draft.slug}`,
      '/courses/00000000-0000-4000-8000-000000000000',
      '/courses/no-such-course',
    ]) {
      const { res, head: h } = await page(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('DRX_CSP_NONCE');
      expect(h.title).toBe('Course not found — DRX');
      expect(h.meta.get('robots')).toBe('noindex');
      expect(h.canonical).toBeNull();
      expect(h.jsonLd).toBeNull();
    }
    await sql(`update courses set published = true where id = ?`, [draft.id]);
    expect((await page(`/courses/${draft.id}`)).res.status).toBe(200);
  });

  it('a resource with reviews: Product with Offer and AggregateRating; without reviews none; hidden ones 404', async () => {
    const [reviewed] = await sql<{ id: string; title: string; rating_average: string; rating_count: number }>(
      `select id, title, rating_average, rating_count from resources
         where title = 'Ballet Basics Lesson Plan Pack' and status = 'published'`,
    );
    expect(reviewed.rating_count).toBeGreaterThan(0);
    const [seller] = await sql<{ user_id: string; store_name: string }>(
      `select sp.user_id, sp.store_name from resources r join seller_profiles sp on sp.user_id = r.seller_id
         where r.id = ?`,
      [reviewed.id],
    );
    for (const pathname of [`/curriculum/${reviewed.id}`, `/resources/${reviewed.id}`]) {
      const { res, head: h } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      const url = `${SITE}/curriculum/${reviewed.id}`;
      expect(h.title).toBe(`${reviewed.title} — DRX`);
      expect(h.canonical).toBe(url);
      expect(h.meta.get('og:type')).toBe('product');
      expect(h.meta.get('product:price:currency')).toBe('USD');
      expect(h.jsonLd).toMatchObject({
        '@type': 'Product',
        name: reviewed.title,
        url,
        sku: reviewed.id,
        offers: {
          '@type': 'Offer',
          priceCurrency: 'USD',
          url,
          seller: {
            '@type': 'Organization',
            name: seller.store_name,
            url: `${SITE}/sellers/${seller.user_id}`,
          },
        },
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: Number(reviewed.rating_average),
          reviewCount: reviewed.rating_count,
          bestRating: 5,
          worstRating: 1,
        },
      });
      expect(h.jsonLd!.offers.price).toBe(h.meta.get('product:price:amount'));
    }

    const [unreviewed] = await sql<{ id: string }>(
      `select id from resources where status = 'published' and rating_count = 0 limit 1`,
    );
    const plain = await page(`/curriculum/${unreviewed.id}`);
    expect(plain.res.status).toBe(200);
    expect(plain.head.jsonLd).toMatchObject({ '@type': 'Product', offers: { '@type': 'Offer' } });
    expect(plain.head.jsonLd).not.toHaveProperty('aggregateRating');

    // A draft, and a published resource of a suspended seller: hidden.
    await sql(`update resources set status = 'draft' where id = ?`, [unreviewed.id]);
    expect((await page(`/curriculum/${unreviewed.id}`)).res.status).toBe(404);
    await sql(`update seller_profiles set suspended = true where user_id = ?`, [seller.user_id]);
    expect((await page(`/curriculum/${reviewed.id}`)).res.status).toBe(404);
    expect((await page(`/sellers/${seller.user_id}`)).res.status).toBe(404);
    await sql(`update seller_profiles set suspended = false where user_id = ?`, [seller.user_id]);
    await sql(`update resources set status = 'published' where id = ?`, [unreviewed.id]);
    expect((await page('/curriculum/not-a-uuid')).res.status).toBe(404);
    // The seller's upload page is not a resource.
    const upload = await page('/curriculum/upload');
    expect(upload.res.status).toBe(200);
    expect(upload.head.title).toBe('DRX — Dance education marketplace');
  });

  it('a seller store: its name, bio and an Organization with the rating of its resources', async () => {
    const [store] = await sql<{ user_id: string; store_name: string }>(
      `select sp.user_id, sp.store_name from seller_profiles sp
         where exists (select 1 from resources r where r.seller_id = sp.user_id and r.status = 'published' and r.rating_count > 0)
         order by sp.store_name limit 1`,
    );
    await sql(
      `update seller_profiles set bio = 'Lesson plans   for\nballet teachers.', logo_url = 'https://cdn.example/logo.png' where user_id = ?`,
      [store.user_id],
    );
    for (const pathname of [`/sellers/${store.user_id}`, `/seller-store/${store.user_id}`]) {
      const { res, head: h } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(h.title).toBe(`${store.store_name} — DRX`);
      expect(h.canonical).toBe(`${SITE}/sellers/${store.user_id}`);
      expect(h.meta.get('description')).toBe('Lesson plans for ballet teachers.');
      expect(h.meta.get('og:image')).toBe('https://cdn.example/logo.png');
      expect(h.jsonLd).toMatchObject({
        '@type': 'Organization',
        name: store.store_name,
        logo: 'https://cdn.example/logo.png',
        aggregateRating: { '@type': 'AggregateRating' },
      });
      expect(h.jsonLd!.aggregateRating.ratingCount).toBeGreaterThan(0);
    }
    expect((await page('/sellers/00000000-0000-4000-8000-000000000000')).res.status).toBe(404);
  });

  it('an approved instructor: a Person; a pending one and an unknown id 404', async () => {
    const [instructor] = await sql<{
      user_id: string;
      first_name: string | null;
      username: string;
      headline: string;
    }>(
      `select p.user_id, u.first_name, u.username, p.headline from instructor_profiles p join users u on u.id = p.user_id
         where p.status = 'approved' order by u.username limit 1`,
    );
    const { res, head: h } = await page(`/instructors/${instructor.user_id}`);
    expect(res.status).toBe(200);
    const name = instructor.first_name || instructor.username;
    expect(h.title).toBe(`${name} — DRX`);
    expect(h.canonical).toBe(`${SITE}/instructors/${instructor.user_id}`);
    expect(h.meta.get('og:type')).toBe('profile');
    expect(h.meta.get('description')).toContain(instructor.headline.trim());
    expect(h.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name,
      jobTitle: 'Dance instructor',
      url: `${SITE}/instructors/${instructor.user_id}`,
    });

    await sql(`update instructor_profiles set status = 'pending' where user_id = ?`, [instructor.user_id]);
    expect((await page(`/instructors/${instructor.user_id}`)).res.status).toBe(404);
    await sql(`update instructor_profiles set status = 'approved' where user_id = ?`, [instructor.user_id]);
    expect((await page('/instructors/00000000-0000-4000-8000-000000000000')).res.status).toBe(404);
    // The booking page under it is not the profile.
    expect((await page(`/instructors/${instructor.user_id}/book`)).head.title).toBe(
      'DRX — Dance education marketplace',
    );
  });

  it('a hostile title and description stay text: escaped in tags, \\u003c in JSON-LD', async () => {
    const course = await publishedCourse();
    const hostile = `</title></script><script>alert("x")</script> "Quotes" & 'apostrophes' <!-- $& DRX_CSP_NONCE`;
    const summary = `Summary"/><script>alert(1)</script> & more`;
    await sql(`update courses set title = ?, summary = ? where id = ?`, [hostile, summary, course.id]);
    const { res, head: h } = await page(`/courses/${course.id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('</title></script>');
    // Exactly the app's script and the JSON-LD: nothing the title brought in.
    expect(res.text.match(/<script\b/g)).toHaveLength(2);
    expect(h.titles).toBe(1);
    expect(h.title).toBe(`${hostile} — DRX`);
    expect(h.meta.get('og:title')).toBe(`${hostile} — DRX`);
    expect(h.meta.get('description')).toBe(summary);
    const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(res.text)![1];
    expect(script).not.toMatch(/[<>]/);
    expect(script).toContain('\\u003c/script\\u003e');
    expect(h.jsonLd).toMatchObject({ name: hostile, description: summary });
    // The placeholder in the title is text, not the page's nonce.
    expect(h.title).toContain('DRX_CSP_NONCE');
    // …in <title>, og:title, twitter:title and the JSON-LD; the nonce only in the three nonce attributes.
    expect(res.text.split('DRX_CSP_NONCE')).toHaveLength(5);
    expect(res.text.split(h.pageNonce!)).toHaveLength(4);
  });

  it('the catalogue pages: their own title, description and canonical URL; other pages as built', async () => {
    const pages: [string, string, string][] = [
      ['/', 'DRX — Dance education marketplace', '/'],
      ['/courses', 'Certification courses — DRX', '/courses'],
      ['/curriculum', 'Curriculum store — DRX', '/curriculum'],
      ['/connect', 'Connect with an instructor — DRX', '/connect'],
      ['/subscription', 'Membership — DRX', '/subscription'],
      ['/pricing', 'Membership — DRX', '/subscription'],
    ];
    for (const [pathname, title, canonical] of pages) {
      const { res, head: h } = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(h.title).toBe(title);
      expect(h.titles).toBe(1);
      expect(h.canonical).toBe(`${SITE}${canonical}`);
      expect(h.meta.get('description')!.length).toBeGreaterThan(40);
      expect(h.meta.get('description')!.length).toBeLessThanOrEqual(160);
      expect(h.meta.get('og:type')).toBe('website');
      expect(h.meta.get('og:url')).toBe(`${SITE}${canonical}`);
      // shared with DRX's raster card, as a large image
      expect(h.meta.get('og:image')).toBe(`${SITE}/images/og-default.png`);
      expect(h.meta.get('twitter:image')).toBe(`${SITE}/images/og-default.png`);
      expect(h.meta.get('twitter:card')).toBe('summary_large_image');
    }
    // and the card the web build serves there is a 1200 × 630 PNG
    const card = await sharp(
      path.resolve(__dirname, '../../../../web/public/images/og-default.png'),
    ).metadata();
    expect([card.format, card.width, card.height]).toEqual(['png', 1200, 630]);
    // A signed-in page: index.html as built (its default title and description), nothing added.
    const cart = await page('/cart');
    expect(cart.res.status).toBe(200);
    expect(cart.head.title).toBe('DRX — Dance education marketplace');
    expect(cart.head.descriptions).toBe(1);
    expect(cart.head.canonical).toBeNull();
    expect(cart.head.jsonLd).toBeNull();
    expect(cart.res.text).toBe(INDEX_HTML.replaceAll('DRX_CSP_NONCE', cart.head.pageNonce!));
  });
});
