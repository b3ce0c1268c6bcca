import type { EntityManager } from '@mikro-orm/postgresql';
import { publicCoursePage } from '../courses';
import { isApprovedInstructor, publicInstructorPage } from '../instructors';
import { publicResourcePage, publicStorePage } from '../resources';
import { publicShopProductPage } from '../shop';
import { userNameParts } from '../users';
import { isUuid } from '../../lib/ids';
import { courseJsonLd, personJsonLd, productJsonLd, storeJsonLd } from './json-ld';
import { absoluteImageUrl, firstDescription, pageTitle, plainDescription, siteBase } from './meta-text';
import type { PageMeta } from './page-meta-html';
import { type EntityKind, matchPage, type StaticPage } from './page-routes';

/**
 * The metadata of a public page, read from the database through the owning modules' front doors:
 * one query for a resource, store or instructor page, three for a course (the course, its
 * instructor's name, whether the instructor's page is public), none for the catalogue pages. Only what anyone may see: a published course,
 * a published resource of a seller who is not suspended, a store that is not suspended, an
 * approved instructor (the rules of the graph's `course`, `resource`, `seller`, `instructor`);
 * anything else is not found.
 */

export type PageLookup =
  /** A page the server describes (meta), or any other page (null: index.html as it is). */
  | { status: 200; meta: PageMeta | null }
  /** An unknown, draft or hidden id: the web app shows its not-found page. */
  | { status: 404; meta: PageMeta };

/** The site's own title (web/index.html), kept on the home page. */
export const HOME_TITLE = 'DRX — Dance education marketplace';

/** The display-name rule of the users (User.displayName): first name, else username. */
function displayName(row: { first_name: string | null; username: string }): string {
  return row.first_name?.trim() || row.username || 'Guest';
}

/** A product description's HTML as text: tags dropped, the common entities read. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_ENTITIES[entity]);
}

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const NOT_FOUND_TEXT: Record<EntityKind, string> = {
  course: 'Course not found',
  resource: 'Resource not found',
  store: 'Store not found',
  instructor: 'Instructor not found',
  'shop-product': 'Product not found',
};

export class PageMetaSource {
  private readonly base: string;

  constructor(
    private readonly em: EntityManager,
    publicUrl: string,
  ) {
    this.base = siteBase(publicUrl);
  }

  /** The page at `pathname` (the request's path, percent-encoded). */
  async lookup(pathname: string): Promise<PageLookup> {
    const route = matchPage(pathname);
    if (!route) return { status: 200, meta: null };
    if (route.kind === 'static') return { status: 200, meta: this.staticPage(route.page) };
    const meta = await this.entityPage(route.kind, route.key);
    return meta ? { status: 200, meta } : { status: 404, meta: this.notFound(route.kind, pathname) };
  }

  private entityPage(kind: EntityKind, key: string): Promise<PageMeta | null> {
    switch (kind) {
      case 'course':
        return this.course(key);
      case 'resource':
        return this.resource(key);
      case 'store':
        return this.store(key);
      case 'instructor':
        return this.instructor(key);
      case 'shop-product':
        return this.shopProduct(key);
    }
  }

  private url(path: string): string {
    return `${this.base}${path}`;
  }

  private image(url: string | null | undefined): string | null {
    return absoluteImageUrl(this.base, url);
  }

  private staticPage(page: StaticPage): PageMeta {
    return {
      title: page.title === null ? HOME_TITLE : pageTitle(page.title),
      description: page.description,
      url: this.url(page.path),
      type: 'website',
      image: null,
    };
  }

  private notFound(kind: EntityKind, pathname: string): PageMeta {
    return {
      title: pageTitle(NOT_FOUND_TEXT[kind]),
      description: 'This page does not exist or is no longer available.',
      url: this.url(pathname),
      type: 'website',
      image: null,
      noindex: true,
    };
  }

  private async course(key: string): Promise<PageMeta | null> {
    // Like the graph's `course(id:)`: an id or a slug (slugs are lower-case and never UUID-shaped).
    // (`as unknown`: isUuid's type guard would leave a non-UUID string as `never`.)
    const course = isUuid(key as unknown)
      ? await publicCoursePage(this.em, { id: key })
      : key && key.length <= 220
        ? await publicCoursePage(this.em, { slug: key.toLowerCase() })
        : null;
    if (!course) return null;
    const name = await userNameParts(this.em, course.instructor_id);
    if (!name) return null;
    const row = {
      ...course,
      ...name,
      instructor_public: await isApprovedInstructor(this.em, course.instructor_id),
    };
    // By id, as in the sitemap: the slug changes with the title, the id never.
    const url = this.url(`/courses/${row.id}`);
    const instructor = displayName(row);
    const description = firstDescription(
      row.summary,
      row.description,
      `A certification course for dance teachers by ${instructor} on DRX.`,
    );
    const image = this.image(row.cover_image_url);
    // A members-only course is not sold on its own: it has no price.
    const priceCents = row.member_only ? null : row.price_cents;
    return {
      title: pageTitle(row.title),
      description,
      url,
      type: priceCents === null ? 'website' : 'product',
      image,
      priceCents,
      jsonLd: courseJsonLd({
        url,
        name: row.title,
        description,
        image,
        priceCents,
        base: this.base,
        instructor: {
          name: instructor,
          url: row.instructor_public ? this.url(`/instructors/${row.instructor_id}`) : '',
        },
      }),
    };
  }

  private async resource(key: string): Promise<PageMeta | null> {
    const row = isUuid(key) ? await publicResourcePage(this.em, key) : null;
    if (!row) return null;
    const url = this.url(`/curriculum/${row.id}`);
    const storeName = row.store_name ?? displayName(row);
    const description = firstDescription(
      row.description,
      `A ${row.type} teaching resource for dance educators from ${storeName} on DRX.`,
    );
    const image = this.image(row.thumbnail_url);
    return {
      title: pageTitle(row.title),
      description,
      url,
      type: 'product',
      image,
      priceCents: row.price_cents,
      jsonLd: productJsonLd({
        url,
        id: row.id,
        name: row.title,
        description,
        image,
        priceCents: row.price_cents,
        ratingAverage: Number(row.rating_average),
        ratingCount: row.rating_count,
        // The store page exists only for sellers with a store profile.
        store: { name: storeName, url: row.store_name === null ? '' : this.url(`/sellers/${row.seller_id}`) },
      }),
    };
  }

  private async store(key: string): Promise<PageMeta | null> {
    const row = isUuid(key) ? await publicStorePage(this.em, key) : null;
    if (!row) return null;
    const url = this.url(`/sellers/${row.user_id}`);
    const count = row.resource_count;
    const description = firstDescription(
      row.bio,
      `${row.store_name}: ${count} teaching ${count === 1 ? 'resource' : 'resources'} for dance educators on DRX.`,
    );
    const logo = this.image(row.logo_url);
    return {
      title: pageTitle(row.store_name),
      description,
      url,
      type: 'website',
      image: logo,
      jsonLd: storeJsonLd({
        url,
        name: row.store_name,
        description,
        logo,
        locality: row.city,
        region: row.state,
        ratingAverage: row.rating_average ?? 0,
        ratingCount: row.rating_count,
      }),
    };
  }

  private async instructor(key: string): Promise<PageMeta | null> {
    const row = isUuid(key) ? await publicInstructorPage(this.em, key) : null;
    if (!row) return null;
    const url = this.url(`/instructors/${row.user_id}`);
    const name = displayName(row);
    const headline = plainDescription(row.headline, 120);
    const description = firstDescription(
      headline && row.bio ? `${headline} — ${row.bio}` : '',
      headline,
      row.bio,
      `${name}, dance instructor on DRX: private lessons online or in person.`,
    );
    const image = this.image(row.profile_image_url);
    return {
      title: pageTitle(name),
      description,
      url,
      type: 'profile',
      image,
      jsonLd: personJsonLd({
        url,
        name,
        jobTitle: 'Dance instructor',
        description,
        image,
        locality: row.city,
        region: row.state,
        knowsAbout: row.styles ?? [],
        knowsLanguage: row.languages ?? [],
      }),
    };
  }

  private async shopProduct(key: string): Promise<PageMeta | null> {
    const handle = key.trim();
    const row = handle && handle.length <= 255 ? await publicShopProductPage(this.em, handle) : null;
    if (!row) return null;
    return {
      title: pageTitle(row.title),
      description: firstDescription(
        htmlText(row.description_html),
        `${row.title}, from the DRX shop: sold and shipped by the store.`,
      ),
      url: this.url(`/shop/${encodeURIComponent(row.handle)}`),
      // No price: the store's currency is its own, and Open Graph's price here is in dollars.
      type: 'website',
      image: this.image(row.images?.[0]?.url),
    };
  }
}
