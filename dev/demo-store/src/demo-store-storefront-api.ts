import { randomBytes } from 'node:crypto';
import type { DemoStoreDb } from './demo-store-db';
import { loadVariants, type VariantWithProduct } from './demo-store-catalog';
import { DEMO_STORE_DOMAIN } from './demo-store-constants';
import { absoluteUrl } from './demo-store-products';
import { DEMO_SHOP } from './demo-store-seed';
import { decimal, gid, iso, parseId } from './demo-store-ids';

/**
 * The Storefront API's resolvers (root value for graphql's `execute` over Shopify's published
 * Storefront schema): `shop`, `cartCreate` and `cart`. Other fields of the schema validate but
 * resolve null (an error where Shopify's schema says non-null).
 */

export interface StorefrontContext {
  db: DemoStoreDb;
  publicUrl: string;
}

type Args = Record<string, any>;

export interface CartLineData {
  variantId: number;
  quantity: number;
}

export function checkoutUrl(token: string, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/demo-store/checkouts/${token}`;
}

const moneyV2 = (amount: number) => ({ amount: decimal(amount), currencyCode: DEMO_SHOP.currencyCode });

function storefrontShop() {
  return {
    id: gid('Shop', 1),
    name: DEMO_SHOP.name,
    description: 'The built-in demo store of DRX: dance shoes, apparel, practice gear and printed syllabi.',
    moneyFormat: '${{amount}}',
    paymentSettings: {
      acceptedCardBrands: [],
      cardVaultUrl: 'https://elb.deposit.shopifycs.com/sessions',
      countryCode: 'US',
      currencyCode: DEMO_SHOP.currencyCode,
      enabledPresentmentCurrencies: [DEMO_SHOP.currencyCode],
      shopifyPaymentsAccountId: null,
      supportedDigitalWallets: [],
    },
    primaryDomain: { host: DEMO_STORE_DOMAIN, sslEnabled: true, url: `https://${DEMO_STORE_DOMAIN}` },
    shipsToCountries: ['US', 'CA', 'GB'],
    metafields: () => [],
    socialLoginProviders: [],
    brand: null,
  };
}

function storefrontVariant(v: VariantWithProduct, ctx: StorefrontContext) {
  const image = v.imageUrl ?? v.productImage;
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    title: v.title,
    sku: v.sku,
    availableForSale: v.productStatus === 'ACTIVE' && (v.inventory === null || v.inventory > 0),
    currentlyNotInStock: v.inventory !== null && v.inventory <= 0,
    quantityAvailable: v.inventory,
    requiresShipping: true,
    taxable: true,
    price: moneyV2(Number(v.price)),
    priceV2: moneyV2(Number(v.price)),
    compareAtPrice: v.compareAtPrice === null ? null : moneyV2(Number(v.compareAtPrice)),
    selectedOptions: v.selectedOptions,
    image: image
      ? { url: absoluteUrl(image, ctx.publicUrl), altText: v.productTitle, width: null, height: null }
      : null,
    product: {
      __typename: 'Product',
      id: gid('Product', v.productId),
      handle: v.productHandle,
      title: v.productTitle,
    },
    metafields: () => [],
  };
}

/** The Storefront `Cart` of a stored cart (lines priced as the variants are now). */
async function storefrontCart(row: Record<string, any>, ctx: StorefrontContext) {
  const lines: CartLineData[] = row.lines;
  const variants = await loadVariants(
    ctx.db,
    lines.map((l) => l.variantId),
  );
  const present = lines.filter((l) => variants.has(l.variantId));
  const nodes = present.map((l, i) => {
    const v = variants.get(l.variantId)!;
    const each = Number(v.price);
    return {
      __typename: 'CartLine',
      id: gid('CartLine', `${row.token}-${i + 1}`),
      quantity: l.quantity,
      merchandise: storefrontVariant(v, ctx),
      attributes: [],
      discountAllocations: [],
      cost: {
        amountPerQuantity: moneyV2(each),
        compareAtAmountPerQuantity: v.compareAtPrice === null ? null : moneyV2(Number(v.compareAtPrice)),
        subtotalAmount: moneyV2(each * l.quantity),
        totalAmount: moneyV2(each * l.quantity),
      },
    };
  });
  const subtotal = nodes.reduce((sum, n) => sum + Number(n.cost.totalAmount.amount), 0);
  const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
  return {
    id: gid('Cart', row.token),
    checkoutUrl: checkoutUrl(row.token, ctx.publicUrl),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    note: row.note,
    totalQuantity: present.reduce((sum, l) => sum + l.quantity, 0),
    attributes: [],
    appliedGiftCards: [],
    discountCodes: [],
    discountAllocations: [],
    metafields: () => [],
    buyerIdentity: {
      email: row.email,
      phone: null,
      countryCode: null,
      customer: null,
      deliveryAddressPreferences: [],
      preferences: null,
      purchasingCompany: null,
    },
    cost: {
      subtotalAmount: moneyV2(subtotal),
      subtotalAmountEstimated: false,
      totalAmount: moneyV2(subtotal),
      totalAmountEstimated: false,
      checkoutChargeAmount: moneyV2(subtotal),
      totalTaxAmount: null,
      totalTaxAmountEstimated: false,
      totalDutyAmount: null,
      totalDutyAmountEstimated: false,
    },
    lines: () => ({
      nodes,
      edges: nodes.map((node, i) => ({ node, cursor: cursor(i) })),
      pageInfo: {
        hasNextPage: false,
        hasPreviousPage: false,
        startCursor: nodes.length ? cursor(0) : null,
        endCursor: nodes.length ? cursor(nodes.length - 1) : null,
      },
    }),
  };
}

async function cartCreate(args: Args, ctx: StorefrontContext) {
  const input = args.input ?? {};
  const userErrors: { code: string; field: string[]; message: string }[] = [];
  const warnings: { code: string; message: string; target: string }[] = [];
  const lines: CartLineData[] = [];
  const wanted: { variantId: number | null; quantity: number; raw: string }[] = (input.lines ?? []).map(
    (l: Args) => ({
      variantId: parseId(l.merchandiseId, 'ProductVariant'),
      quantity: l.quantity ?? 1,
      raw: String(l.merchandiseId),
    }),
  );
  const variants = await loadVariants(
    ctx.db,
    wanted.map((w) => w.variantId).filter((id): id is number => id !== null),
  );
  for (const [i, w] of wanted.entries()) {
    const v = w.variantId ? variants.get(w.variantId) : undefined;
    if (!v || v.productStatus !== 'ACTIVE') {
      userErrors.push({
        code: 'INVALID_MERCHANDISE_LINE',
        field: ['input', 'lines', String(i), 'merchandiseId'],
        message: `The merchandise with id ${w.raw} does not exist.`,
      });
      continue;
    }
    if (!Number.isInteger(w.quantity) || w.quantity < 1) {
      userErrors.push({
        code: 'INVALID',
        field: ['input', 'lines', String(i), 'quantity'],
        message: 'The quantity must be at least 1.',
      });
      continue;
    }
    if (v.inventory !== null && v.inventory < w.quantity) {
      warnings.push({
        code: v.inventory === 0 ? 'MERCHANDISE_OUT_OF_STOCK' : 'MERCHANDISE_NOT_ENOUGH_STOCK',
        message:
          v.inventory === 0
            ? `${v.productTitle} is sold out.`
            : `Only ${v.inventory} items were added to your cart due to availability.`,
        target: gid('ProductVariant', v.id),
      });
    }
    const existing = lines.find((l) => l.variantId === v.id);
    if (existing) existing.quantity += w.quantity;
    else lines.push({ variantId: v.id, quantity: w.quantity });
  }
  const email = input.buyerIdentity?.email;
  if (email != null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    userErrors.push({
      code: 'INVALID',
      field: ['input', 'buyerIdentity', 'email'],
      message: 'Email is invalid',
    });
  }
  if (userErrors.length) return { cart: null, userErrors, warnings };
  const [row] = await ctx.db.query(
    `insert into demo_store.carts (token, email, note, lines) values ($1, $2, $3, $4) returning *`,
    [randomBytes(16).toString('hex'), email ?? null, input.note ?? null, JSON.stringify(lines)],
  );
  return { cart: await storefrontCart(row, ctx), userErrors: [], warnings };
}

export function storefrontRoot(ctx: StorefrontContext): Record<string, unknown> {
  return {
    shop: storefrontShop,
    cart: async (args: Args) => {
      const token = /^gid:\/\/shopify\/Cart\/([0-9a-f]+)/.exec(String(args.id))?.[1];
      const [row] = token
        ? await ctx.db.query('select * from demo_store.carts where token = $1', [token])
        : [];
      return row ? storefrontCart(row, ctx) : null;
    },
    cartCreate: (args: Args) => cartCreate(args, ctx),
  };
}
