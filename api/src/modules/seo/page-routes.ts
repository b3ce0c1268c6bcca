/**
 * The web app's public pages the server describes in their HTML (web/src/router.tsx): the pages
 * of one course, resource, store, instructor or shop product, and the catalogue pages.
 */

export type EntityKind = 'course' | 'resource' | 'store' | 'instructor' | 'shop-product';

export interface StaticPage {
  /** The canonical path. */
  path: string;
  /** The title as the web app sets it; null keeps the site's own title (the home page). */
  title: string | null;
  description: string;
}

export type PageRoute = { kind: 'static'; page: StaticPage } | { kind: EntityKind; key: string };

const HOME_DESCRIPTION =
  'DRX — certification courses, curriculum resources, instructors and memberships for dance educators.';

const HOME: StaticPage = { path: '/', title: null, description: HOME_DESCRIPTION };
const COURSES: StaticPage = {
  path: '/courses',
  title: 'Certification courses',
  description:
    'Online certification courses for dance teachers: ballet, hip hop, jazz, contemporary and more, with lessons, quizzes and a certificate.',
};
const CURRICULUM: StaticPage = {
  path: '/curriculum',
  title: 'Curriculum store',
  description:
    'Lesson plans, choreography notes, music and teaching resources for dance educators, from independent sellers.',
};
const CONNECT: StaticPage = {
  path: '/connect',
  title: 'Connect with an instructor',
  description:
    'Find a dance instructor for private lessons online or in person, see their reviews and book a session.',
};
const SHOP: StaticPage = {
  path: '/shop',
  title: 'Shop',
  description:
    'Dance shoes, apparel, practice gear and printed syllabi — sold and shipped by the store, checkout on its own secure page.',
};
const SUBSCRIPTION: StaticPage = {
  path: '/subscription',
  title: 'Membership',
  description:
    'DRX membership plans: members-only courses and member prices for dance educators, billed monthly or yearly.',
};

/** Paths (aliases included) of the catalogue pages. */
const STATIC_PAGES = new Map<string, StaticPage>([
  ['/', HOME],
  ['/courses', COURSES],
  ['/curriculum', CURRICULUM],
  ['/resources', CURRICULUM],
  ['/connect', CONNECT],
  ['/connect-updated', CONNECT],
  ['/connect-old', CONNECT],
  ['/subscription', SUBSCRIPTION],
  ['/pricing', SUBSCRIPTION],
  ['/shop', SHOP],
]);

/** First path segment of an entity page (aliases included) → its kind. */
const ENTITY_PAGES = new Map<string, EntityKind>([
  ['courses', 'course'],
  ['course', 'course'],
  ['curriculum', 'resource'],
  ['resources', 'resource'],
  ['sellers', 'store'],
  ['seller-store', 'store'],
  ['instructors', 'instructor'],
  ['shop', 'shop-product'],
]);

/** Static routes beside an entity page's (the seller's upload page, the shop bag: the visitor's own). */
const OTHER_PAGES = new Set(['/curriculum/upload', '/shop/bag']);

/**
 * The public page at `pathname` (as the request has it: percent-encoded, maybe with one trailing
 * slash); null for any other path (signed-in pages, unknown paths, files).
 */
export function matchPage(pathname: string): PageRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const page = STATIC_PAGES.get(path);
  if (page) return { kind: 'static', page };
  if (OTHER_PAGES.has(path)) return null;
  const match = /^\/([a-z-]+)\/([^/]+)$/.exec(path);
  const kind = match ? ENTITY_PAGES.get(match[1]) : undefined;
  if (!match || !kind) return null;
  try {
    return { kind, key: decodeURIComponent(match[2]) };
  } catch {
    // Not percent-encoded text: no id is that.
    return { kind, key: '' };
  }
}
