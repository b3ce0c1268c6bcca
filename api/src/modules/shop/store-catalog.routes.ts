import type { GraphRoute } from '../../rest/graph-route';

/**
 * REST rows of the shop's catalogue (docs/api.md): the same operations as the graph, for everyone.
 * Errors `{ message, code }`: BAD_USER_INPUT 400 (a bad number or cursor); an unknown handle 404.
 */
export const SHOP_PRODUCT_FIELDS = `id handle title descriptionHtml productType vendor danceStyles ageGroups skillLevels
  images { url altText width height } options { name values }
  variants { id title sku price { amount currencyCode } compareAtPrice { amount currencyCode } available
    quantityAvailable selectedOptions { name value } imageUrl }
  minPrice { amount currencyCode } maxPrice { amount currencyCode } available totalInventory featured`;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** A query-string number as the graph's argument; anything else passes through to be refused there. */
const number = (value: unknown) => {
  const raw = text(value);
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw;
};
const int = (value: unknown) => {
  const n = number(value);
  return typeof n === 'number' && Number.isInteger(n) ? n : n === null ? null : String(n);
};
const bool = (value: unknown) => {
  const raw = text(value)?.toLowerCase();
  if (raw === undefined || raw === null) return null;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return raw;
};

export const storeCatalogRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/store/products',
    operation: `query ShopProducts($first: Int, $after: String, $search: String, $danceStyle: String,
        $productType: String, $minPrice: Float, $maxPrice: Float, $featured: Boolean, $sort: ShopProductSort) {
      shopProducts(first: $first, after: $after, search: $search, danceStyle: $danceStyle, productType: $productType,
        minPrice: $minPrice, maxPrice: $maxPrice, featured: $featured, sort: $sort) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${SHOP_PRODUCT_FIELDS} } } }`,
    // ?search=&danceStyle=&productType=&minPrice=&maxPrice=&featured=true|false&sort=featured|title|price_asc|price_desc|newest&first=&after=
    variables: (req) => ({
      first: int(req.query.first),
      after: text(req.query.after),
      search: text(req.query.search),
      danceStyle: text(req.query.danceStyle),
      productType: text(req.query.productType),
      minPrice: number(req.query.minPrice),
      maxPrice: number(req.query.maxPrice),
      featured: bool(req.query.featured),
      sort: text(req.query.sort)?.toUpperCase() ?? null,
    }),
    select: (root) => {
      const page = root as { totalCount: number; pageInfo: unknown; nodes: unknown[] };
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'get',
    path: '/store/products/:handle',
    operation: `query ShopProduct($handle: String!) { shopProduct(handle: $handle) { ${SHOP_PRODUCT_FIELDS} } }`,
    variables: (req) => ({ handle: String(req.params.handle) }),
    whenNull: { status: 404, message: 'Product not found' },
  },
];
