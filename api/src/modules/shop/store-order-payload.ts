/**
 * The store's order and refund webhook payloads (Shopify's REST webhook JSON, the subset DRX reads)
 * turned into checked values. Ids become what the GraphQL APIs use: `gid://shopify/Order/<n>`,
 * `gid://shopify/ProductVariant/<n>`, `gid://shopify/Product/<n>`; an order line is known by its
 * numeric id (as text), which refunds name too. A payload that is not what Shopify sends throws
 * StorePayloadError (the webhook answers 400 and changes nothing).
 */

export class StorePayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorePayloadError';
  }
}

export interface StoreOrderLineData {
  /** The line item's numeric id, as text. */
  id: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** Unit price, a decimal string in the order's currency. */
  price: string;
  sku: string | null;
  variantId: string | null;
  productId: string | null;
}

export interface StoreOrderData {
  id: string;
  name: string;
  email: string | null;
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  cancelledAt: Date | null;
  currencyCode: string;
  totalPrice: string;
  lines: StoreOrderLineData[];
  trackingNumber: string | null;
  trackingUrl: string | null;
  trackingCompany: string | null;
  statusUrl: string | null;
  customerName: string | null;
  /** The token of the store cart the order was checked out from (`cart_token`); null when none. */
  cartToken: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoreRefundData {
  id: string;
  orderId: string;
  /** When the store made the refund; null when the payload does not say. */
  createdAt: Date | null;
  lines: { lineId: string; quantity: number }[];
}

/** A DRX item named by a SKU: `DRX-COURSE-<uuid>` or `DRX-RESOURCE-<uuid>` (any letter case). */
export interface DrxSkuItem {
  itemType: 'course' | 'resource';
  itemId: string;
}

const DRX_SKU = /^DRX-(COURSE|RESOURCE)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function parseDrxSku(sku: string | null | undefined): DrxSkuItem | null {
  const match = typeof sku === 'string' ? DRX_SKU.exec(sku.trim()) : null;
  if (!match) return null;
  return {
    itemType: match[1].toLowerCase() === 'course' ? 'course' : 'resource',
    itemId: match[2].toLowerCase(),
  };
}

/**
 * JSON.parse for the store's webhook bodies, keeping integers too long for a JS number exact:
 * Shopify's ids are 64-bit, and one above 2^53 would silently change as a number. Integers of 16 or
 * more digits outside strings are read as their digit strings (ids are all this code reads them
 * for). Throws SyntaxError like JSON.parse.
 */
export function parseStoreJson(text: string): unknown {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c >= '0' && c <= '9') {
      let end = i;
      while (end < text.length && text[end] >= '0' && text[end] <= '9') end++;
      const next = text[end];
      // A whole number on its own: not the fraction or exponent of one, nor negative.
      const whole = !'.eE+-'.includes(text[i - 1] ?? ' ') && next !== '.' && next !== 'e' && next !== 'E';
      if (end - i >= 16 && whole) {
        out += `${text.slice(from, i)}"${text.slice(i, end)}"`;
        from = end;
      }
      i = end - 1;
    }
  }
  return JSON.parse(out + text.slice(from));
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A numeric id (a JSON number or digits), as text. */
function numericId(value: unknown, what: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return value;
  throw new StorePayloadError(`${what} is missing or not a numeric id`);
}

function optionalNumericId(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  try {
    return numericId(value, 'id');
  } catch {
    return null;
  }
}

/** The gid of `kind`: the payload's `admin_graphql_api_id` when it is one, else built from `id`. */
function gidOf(kind: string, source: Json, idKey = 'id'): string {
  const gid = source.admin_graphql_api_id;
  const prefix = `gid://shopify/${kind}/`;
  if (typeof gid === 'string' && gid.startsWith(prefix) && /^\d{1,20}$/.test(gid.slice(prefix.length))) {
    return gid;
  }
  return prefix + numericId(source[idKey], `${kind} id`);
}

export function orderGid(numeric: string): string {
  return `gid://shopify/Order/${numeric}`;
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

function date(value: unknown, what: string): Date {
  const parsed = typeof value === 'string' ? new Date(value) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) throw new StorePayloadError(`${what} is not a date`);
  return parsed;
}

function optionalDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  return date(value, 'A date');
}

function money(value: unknown, what: string): string {
  const raw = typeof value === 'number' ? String(value) : value;
  if (typeof raw !== 'string' || !/^\d{1,12}(\.\d{1,4})?$/.test(raw.trim())) {
    throw new StorePayloadError(`${what} is not an amount`);
  }
  return Number(raw).toFixed(2);
}

function email(value: unknown): string | null {
  const address = text(value, 254);
  return address && address.includes('@') ? address : null;
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    const found = text(value, 255);
    if (found) return found;
  }
  return null;
}

function nameOf(value: unknown): string | null {
  if (!isObject(value)) return null;
  const full = [text(value.first_name, 100), text(value.last_name, 100)].filter(Boolean).join(' ');
  return full || text(value.name, 255);
}

/** The tracking of the newest fulfillment that has one (by created_at, else the last listed). */
function tracking(
  fulfillments: unknown,
): Pick<StoreOrderData, 'trackingNumber' | 'trackingUrl' | 'trackingCompany'> {
  const list = Array.isArray(fulfillments) ? fulfillments.filter(isObject) : [];
  const ordered = list
    .map((f, index) => ({ f, index, at: Date.parse(String(f.created_at ?? '')) }))
    .sort((a, b) =>
      Number.isNaN(a.at) || Number.isNaN(b.at) ? a.index - b.index : a.at - b.at || a.index - b.index,
    )
    .map((x) => x.f)
    .filter((f) => f.status !== 'cancelled');
  for (let i = ordered.length - 1; i >= 0; i--) {
    const f = ordered[i];
    const numbers = Array.isArray(f.tracking_numbers) ? f.tracking_numbers : [];
    const urls = Array.isArray(f.tracking_urls) ? f.tracking_urls : [];
    const trackingNumber = firstText(f.tracking_number, numbers[0]);
    const trackingUrl = firstText(f.tracking_url, urls[0]);
    if (trackingNumber || trackingUrl) {
      return {
        trackingNumber,
        trackingUrl: trackingUrl && /^https?:\/\//i.test(trackingUrl) ? trackingUrl : null,
        trackingCompany: firstText(f.tracking_company),
      };
    }
  }
  return { trackingNumber: null, trackingUrl: null, trackingCompany: null };
}

function lineOf(value: unknown): StoreOrderLineData {
  if (!isObject(value)) throw new StorePayloadError('A line item is not an object');
  const quantity = value.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > 1_000_000) {
    throw new StorePayloadError('A line item has no valid quantity');
  }
  const variant = optionalNumericId(value.variant_id);
  const product = optionalNumericId(value.product_id);
  return {
    id: numericId(value.id, 'A line item id'),
    title: text(value.title, 255) ?? text(value.name, 255) ?? 'Item',
    variantTitle: text(value.variant_title, 255),
    quantity,
    price: money(value.price ?? '0', 'A line item price'),
    sku: text(value.sku, 255),
    variantId: variant ? `gid://shopify/ProductVariant/${variant}` : null,
    productId: product ? `gid://shopify/Product/${product}` : null,
  };
}

/**
 * The token of a Storefront cart id (`gid://shopify/Cart/<token>?key=<key>`): what the store's
 * order payload names as its `cart_token`. Null when the id is not a cart's.
 */
export function cartTokenOf(cartId: string): string | null {
  const match = /^gid:\/\/shopify\/Cart\/([^?/]{1,200})(?:\?.*)?$/.exec(cartId);
  return match ? match[1] : null;
}

/** An orders/* payload. */
export function parseOrderPayload(body: unknown): StoreOrderData {
  if (!isObject(body)) throw new StorePayloadError('The order payload is not an object');
  const lineItems = body.line_items ?? [];
  if (!Array.isArray(lineItems)) throw new StorePayloadError('line_items is not a list');
  const createdAt = date(body.created_at, 'created_at');
  const currency = text(body.currency ?? body.presentment_currency, 3);
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    throw new StorePayloadError('currency is not a currency code');
  const id = gidOf('Order', body);
  const customer = isObject(body.customer) ? body.customer : null;
  return {
    id,
    name: text(body.name, 100) ?? `#${id.slice(id.lastIndexOf('/') + 1)}`,
    email: email(body.email) ?? email(body.contact_email) ?? email(customer?.email),
    financialStatus: text(body.financial_status, 40)?.toLowerCase() ?? null,
    fulfillmentStatus: text(body.fulfillment_status, 40)?.toLowerCase() ?? null,
    cancelledAt: optionalDate(body.cancelled_at),
    currencyCode: currency,
    totalPrice: money(body.total_price ?? '0', 'total_price'),
    lines: lineItems.map(lineOf),
    ...tracking(body.fulfillments),
    statusUrl: (() => {
      const url = text(body.order_status_url, 2000);
      return url && /^https?:\/\//i.test(url) ? url : null;
    })(),
    customerName: nameOf(customer) ?? nameOf(body.shipping_address) ?? nameOf(body.billing_address),
    cartToken: text(body.cart_token, 200),
    createdAt,
    // Without updated_at the order is as old as it was created (an update with one wins).
    updatedAt:
      body.updated_at === undefined || body.updated_at === null
        ? createdAt
        : date(body.updated_at, 'updated_at'),
  };
}

/** A refunds/create payload. */
export function parseRefundPayload(body: unknown): StoreRefundData {
  if (!isObject(body)) throw new StorePayloadError('The refund payload is not an object');
  const items = body.refund_line_items ?? [];
  if (!Array.isArray(items)) throw new StorePayloadError('refund_line_items is not a list');
  return {
    id: numericId(body.id, 'The refund id'),
    orderId: orderGid(numericId(body.order_id, 'order_id')),
    createdAt: optionalDate(body.created_at),
    lines: items.map((item) => {
      if (!isObject(item)) throw new StorePayloadError('A refund line is not an object');
      const quantity = item.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0) {
        throw new StorePayloadError('A refund line has no valid quantity');
      }
      return { lineId: numericId(item.line_item_id, 'A refund line_item_id'), quantity };
    }),
  };
}

/** The product gid of a products/* payload. */
export function parseProductId(body: unknown): string {
  if (!isObject(body)) throw new StorePayloadError('The product payload is not an object');
  return gidOf('Product', body);
}
