import { priceAmount, SITE_NAME } from './meta-text';

/**
 * schema.org structured data (JSON-LD) of the public pages: a course is a `Course` offered by DRX,
 * a resource a `Product` with an `Offer` (and an `AggregateRating` once it has reviews), a store an
 * `Organization`, an instructor a `Person`. https://schema.org, and Google's structured data guides.
 */

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
const CURRENCY = 'USD';

/** The marketplace itself, the provider of every course. */
export function siteOrganization(base: string): JsonLd {
  return { '@type': 'Organization', name: SITE_NAME, url: `${base}/` };
}

function offer(priceCents: number, url: string, seller?: JsonLd): JsonLd {
  return {
    '@type': 'Offer',
    price: priceAmount(priceCents),
    priceCurrency: CURRENCY,
    availability: 'https://schema.org/InStock',
    category: priceCents === 0 ? 'Free' : 'Paid',
    url,
    ...(seller ? { seller } : {}),
  };
}

/** Only with at least one rating: an AggregateRating of none is invalid. */
function aggregateRating(average: number, count: number): JsonLd | undefined {
  if (!(count > 0) || !(average > 0)) return undefined;
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(average * 100) / 100,
    ratingCount: count,
    reviewCount: count,
    bestRating: 5,
    worstRating: 1,
  };
}

function withoutEmpty(value: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '' && !isEmptyList(v)),
  );
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

export interface CourseLd {
  url: string;
  name: string;
  description: string;
  image: string | null;
  /** Null for a members-only course: it is not sold on its own. */
  priceCents: number | null;
  /** Its url: empty when the instructor has no public page. */
  instructor: { name: string; url: string };
  base: string;
}

export function courseJsonLd(course: CourseLd): JsonLd {
  return withoutEmpty({
    '@context': CONTEXT,
    '@type': 'Course',
    '@id': course.url,
    url: course.url,
    name: course.name,
    description: course.description,
    image: course.image,
    provider: siteOrganization(course.base),
    offers: course.priceCents === null ? undefined : offer(course.priceCents, course.url),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      instructor: withoutEmpty({
        '@type': 'Person',
        name: course.instructor.name,
        url: course.instructor.url,
      }),
    },
  });
}

export interface ProductLd {
  url: string;
  id: string;
  name: string;
  description: string;
  image: string | null;
  priceCents: number;
  ratingAverage: number;
  ratingCount: number;
  /** Its url: empty when the seller has no store page. */
  store: { name: string; url: string };
}

export function productJsonLd(product: ProductLd): JsonLd {
  const seller = withoutEmpty({ '@type': 'Organization', name: product.store.name, url: product.store.url });
  return withoutEmpty({
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': product.url,
    url: product.url,
    sku: product.id,
    name: product.name,
    description: product.description,
    image: product.image,
    brand: { '@type': 'Brand', name: product.store.name },
    offers: offer(product.priceCents, product.url, seller),
    aggregateRating: aggregateRating(product.ratingAverage, product.ratingCount),
  });
}

export interface StoreLd {
  url: string;
  name: string;
  description: string;
  logo: string | null;
  locality: string | null;
  region: string | null;
  ratingAverage: number;
  ratingCount: number;
}

export function storeJsonLd(store: StoreLd): JsonLd {
  const address =
    store.locality || store.region
      ? withoutEmpty({
          '@type': 'PostalAddress',
          addressLocality: store.locality,
          addressRegion: store.region,
        })
      : undefined;
  return withoutEmpty({
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': store.url,
    url: store.url,
    name: store.name,
    description: store.description,
    logo: store.logo,
    address,
    aggregateRating: aggregateRating(store.ratingAverage, store.ratingCount),
  });
}

export interface PersonLd {
  url: string;
  name: string;
  jobTitle: string;
  description: string;
  image: string | null;
  locality: string | null;
  region: string | null;
  knowsAbout: string[];
  knowsLanguage: string[];
}

export function personJsonLd(person: PersonLd): JsonLd {
  const address =
    person.locality || person.region
      ? withoutEmpty({
          '@type': 'PostalAddress',
          addressLocality: person.locality,
          addressRegion: person.region,
        })
      : undefined;
  return withoutEmpty({
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': person.url,
    url: person.url,
    name: person.name,
    jobTitle: person.jobTitle,
    description: person.description,
    image: person.image,
    address,
    knowsAbout: person.knowsAbout,
    knowsLanguage: person.knowsLanguage,
  });
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` as \u escapes (so no
 * `</script>` or `<!--` in a title can end the element early), and the line separators U+2028 and
 * U+2029 too. JSON parsers read the escapes back as the same characters.
 */
export function serializeJsonLd(value: JsonLd): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
