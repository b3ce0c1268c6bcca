import type { Request } from 'express';
import type { GraphRoute } from '../../rest/graph-route';

/**
 * REST rows of the curriculum store, all readable by guests. Lists answer
 * `{ items, totalCount, pageInfo }`; the reviews rows answer the same shape (`items` is `[]` when a
 * resource has no reviews, or when it is not visible — the spec's client expects an empty list).
 */
const RESOURCE_FIELDS = `
  id title description type ageGroup skillLevel priceCents thumbnailUrl status featured downloadCount
  ratingAverage ratingCount createdAt updatedAt
  danceStyle { id name }
  category { id name slug }
  seller { id username displayName firstName lastName profileImageUrl }
  store { id storeName logoUrl }
`;
const DETAIL_FIELDS = `
  files { id fileName sizeBytes contentType }
  ratingSummary { average count histogram { stars count } }
`;
const REVIEW_FIELDS = `id rating body createdAt updatedAt author { id username displayName profileImageUrl }`;
const SELLER_FIELDS = `id storeName bio logoUrl stats { resourceCount ratingAverage ratingCount }
  user { id username displayName profileImageUrl }`;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const upper = (value: unknown) => text(value)?.toUpperCase() ?? null;
const boolOrNull = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : null);

type Page = { totalCount: number; pageInfo: unknown; nodes: unknown[] };
const asList = (root: Record<string, unknown>) => {
  const page = root as unknown as Page;
  return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
};

const LIST_OPERATION = `query Resources($first: Int, $after: String, $filter: ResourceFilter, $sort: ResourceSort) {
  resources(first: $first, after: $after, filter: $filter, sort: $sort) {
    totalCount pageInfo { hasNextPage endCursor } nodes { ${RESOURCE_FIELDS} } } }`;

/** ?search=&type=&danceStyleId=&ageGroup=&skillLevel=&categoryId=&minPriceCents=&maxPriceCents=&sellerId=&featured=true&sort=&first=&after= */
function listVariables(req: Request, fixed: Record<string, string> = {}) {
  return {
    first: intOrNull(req.query.first),
    after: text(req.query.after),
    sort: upper(req.query.sort),
    filter: {
      search: text(req.query.search),
      type: text(req.query.type),
      danceStyleId: text(req.query.danceStyleId),
      ageGroup: text(req.query.ageGroup),
      skillLevel: text(req.query.skillLevel),
      categoryId: text(req.query.categoryId),
      minPriceCents: intOrNull(req.query.minPriceCents),
      maxPriceCents: intOrNull(req.query.maxPriceCents),
      sellerId: text(req.query.sellerId),
      featured: boolOrNull(req.query.featured),
      ...fixed,
    },
  };
}

const listRow = (path: string): GraphRoute => ({
  method: 'get',
  path,
  operation: LIST_OPERATION,
  variables: (req) => listVariables(req),
  select: asList,
});

const detailRow = (path: string): GraphRoute => ({
  method: 'get',
  path,
  operation: `query Resource($id: ID!) { resource(id: $id) { ${RESOURCE_FIELDS} ${DETAIL_FIELDS} } }`,
  variables: (req) => ({ id: String(req.params.id) }),
  whenNull: { status: 404, message: 'Resource not found' },
});

const reviewsRow = (path: string): GraphRoute => ({
  method: 'get',
  path,
  operation: `query ResourceReviews($resourceId: ID!, $first: Int, $after: String) {
    resourceReviews(resourceId: $resourceId, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } nodes { ${REVIEW_FIELDS} } } }`,
  variables: (req) => ({
    resourceId: String(req.params.id),
    first: intOrNull(req.query.first),
    after: text(req.query.after),
  }),
  select: asList,
});

export const resourcesRoutes: GraphRoute[] = [
  listRow('/resources'),
  {
    method: 'get',
    path: '/resources/seller/:id',
    operation: LIST_OPERATION,
    variables: (req) => listVariables(req, { sellerId: String(req.params.id) }),
    select: asList,
  },
  {
    method: 'get',
    path: '/resources/category/:id',
    operation: LIST_OPERATION,
    variables: (req) => listVariables(req, { categoryId: String(req.params.id) }),
    select: asList,
  },
  {
    method: 'post',
    path: '/resources/:id/toggle-featured',
    operation: `mutation ResourceFeatureToggle($input: ResourceModerateInput!) {
      resourceFeatureToggle(input: $input) { resource { ${RESOURCE_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => ({ input: { resourceId: String(req.params.id) } }),
    select: (root) => root.resource,
  },
  detailRow('/resources/:id'),
  reviewsRow('/resources/:id/reviews'),
  listRow('/curriculum'),
  listRow('/curriculum-all'),
  detailRow('/curriculum/:id'),
  reviewsRow('/curriculum/:id/reviews'),
  {
    method: 'get',
    path: '/categories',
    operation: `query ResourceCategories { resourceCategories { id name slug description } }`,
  },
  {
    method: 'get',
    path: '/categories/:id',
    operation: `query ResourceCategory($id: ID!) { resourceCategory(id: $id) { id name slug description } }`,
    variables: (req) => ({ id: String(req.params.id) }),
    whenNull: { status: 404, message: 'Category not found' },
  },
  {
    method: 'get',
    path: '/sellers',
    operation: `query Sellers($first: Int, $after: String) {
      sellers(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { ${SELLER_FIELDS} } } }`,
    variables: (req) => ({ first: intOrNull(req.query.first), after: text(req.query.after) }),
    select: asList,
  },
  {
    method: 'get',
    path: '/sellers/:id',
    operation: `query Seller($id: ID!) { seller(id: $id) { ${SELLER_FIELDS} } }`,
    variables: (req) => ({ id: String(req.params.id) }),
    whenNull: { status: 404, message: 'Seller not found' },
  },
];
