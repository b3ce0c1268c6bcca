// Labels, money and form helpers of the store admin pages (/admin/store*).

/** A sum in the store's currency as the graph gives it (`ShopMoney`: a decimal string). */
export interface Money {
  amount: string;
  currencyCode: string;
}

/** Shopify's current API version, the default of a new connection. */
export const DEFAULT_API_VERSION = '2026-04';

/** What a secret field shows when a value is stored (the value itself is never sent back). */
export const SAVED_SECRET_PLACEHOLDER = 'Saved — leave blank to keep';

/** The placeholder of a write-only secret field: the saved notice, or nothing when none is stored. */
export function secretPlaceholder(saved: boolean): string {
  return saved ? SAVED_SECRET_PLACEHOLDER : '';
}

/** "$12.50" (or "€12.50", "12.50 XYZ" for a code Intl does not know); '' without an amount. */
export function formatMoney(money: Money | null | undefined): string {
  if (!money) return '';
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currencyCode}`.trim();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currencyCode }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${money.currencyCode}`;
  }
}

/** "$12.00" for one price, "$12.00 – $30.00" for a range. */
export function formatPriceRange(min: Money, max: Money): string {
  const low = formatMoney(min);
  const high = formatMoney(max);
  return Number(min.amount) === Number(max.amount) ? low : `${low} – ${high}`;
}

/** Whole cents of a DRX item as US dollars ("$49.00"). */
export function formatDrxCents(cents: number): string {
  return formatMoney({ amount: (cents / 100).toFixed(2), currencyCode: 'USD' });
}

/**
 * The stock column: "12 in stock", "Out of stock", "Sold without stock" (none counted but the store
 * keeps selling, e.g. a DRX course), or "Not tracked" when the store keeps no count.
 */
export function stockLabel(totalInventory: number | null | undefined, available: boolean): string {
  if (totalInventory === null || totalInventory === undefined)
    return available ? 'Not tracked' : 'Unavailable';
  if (totalInventory > 0) return `${totalInventory} in stock`;
  return available ? 'Sold without stock' : 'Out of stock';
}

export interface ConnectionState {
  status: string;
  demo: boolean;
}

/** The status badge of the connection: "Demo store", "Connected" or "Disconnected", with its colour. */
export function connectionBadge(connection: ConnectionState): { label: string; palette: string } {
  if (connection.status !== 'CONNECTED') return { label: 'Disconnected', palette: 'gray' };
  if (connection.demo) return { label: 'Demo store', palette: 'orange' };
  return { label: 'Connected', palette: 'green' };
}

/**
 * How DRX reaches the Admin API: an admin-created custom app's access token, or a Dev Dashboard
 * app's client ID and secret (DRX gets and renews the expiring tokens itself).
 */
export type AdminAuth = 'token' | 'client';

/** The connect form's fields as typed; secrets start empty (write-only). */
export interface ConnectFormValues {
  shopDomain: string;
  apiVersion: string;
  adminAuth: AdminAuth;
  storefrontToken: string;
  adminToken: string;
  /** Not a secret: prefilled with the saved one. */
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
}

/** Which secrets the server holds (`StoreConnection.has…`), and for which shop. */
export interface SavedSecrets {
  shopDomain?: string | null;
  hasStorefrontToken: boolean;
  hasAdminToken: boolean;
  hasWebhookSecret: boolean;
  clientId?: string | null;
  hasClientSecret?: boolean;
}

/** A shop domain as the server compares it: no scheme, no trailing slash, lower case. */
export function normalizeShopDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/**
 * The saved secrets that a blank field keeps: the server keeps them only for the same shop, so
 * typing another domain asks for all three again. None for the demo store (its are not the admin's).
 */
export function keptSecrets(
  values: Pick<ConnectFormValues, 'shopDomain'>,
  connection: (SavedSecrets & { demo: boolean }) | null | undefined,
): SavedSecrets | null {
  if (!connection || connection.demo || !connection.shopDomain) return null;
  return normalizeShopDomain(values.shopDomain) === normalizeShopDomain(connection.shopDomain)
    ? connection
    : null;
}

export const SECRET_FIELDS = [
  { name: 'storefrontToken', saved: 'hasStorefrontToken', label: 'Storefront API access token' },
  { name: 'adminToken', saved: 'hasAdminToken', label: 'Admin API access token' },
  { name: 'clientSecret', saved: 'hasClientSecret', label: 'Client secret' },
  { name: 'webhookSecret', saved: 'hasWebhookSecret', label: 'Webhook signing secret' },
] as const satisfies readonly {
  name: keyof ConnectFormValues;
  saved: keyof SavedSecrets;
  label: string;
}[];

export type SecretField = (typeof SECRET_FIELDS)[number];

/** The secret fields the chosen kind of app needs (the client ID is a plain field). */
export function secretFieldsFor(auth: AdminAuth): SecretField[] {
  return SECRET_FIELDS.filter((f) => f.name !== (auth === 'token' ? 'clientSecret' : 'adminToken'));
}

/** Whether a blank secret field keeps a saved value (a client secret only for the same client ID). */
export function isSecretSaved(
  field: SecretField,
  values: Pick<ConnectFormValues, 'clientId'>,
  saved: SavedSecrets | null | undefined,
): boolean {
  if (!saved?.[field.saved]) return false;
  if (field.name === 'clientSecret' || (field.name === 'webhookSecret' && saved.clientId)) {
    return (saved.clientId ?? '') === values.clientId.trim();
  }
  return true;
}

/** The form's first values: the saved domain and version (a demo connection's are not offered), secrets empty. */
export function initialConnectValues(
  connection:
    | {
        demo: boolean;
        shopDomain?: string | null;
        apiVersion?: string | null;
        clientId?: string | null;
        hasAdminToken?: boolean;
      }
    | null
    | undefined,
): ConnectFormValues {
  const own = connection && !connection.demo;
  const clientId = (own ? connection.clientId : null) ?? '';
  return {
    shopDomain: own ? (connection.shopDomain ?? '') : '',
    apiVersion: (own ? connection.apiVersion : null) || DEFAULT_API_VERSION,
    adminAuth: clientId && !connection?.hasAdminToken ? 'client' : 'token',
    storefrontToken: '',
    adminToken: '',
    clientId,
    clientSecret: '',
    webhookSecret: '',
  };
}

/** The `storeConnect` / `storeTestConnection` input: trimmed; a blank secret is left out (the saved one stays). */
export interface ConnectInput {
  shopDomain: string;
  apiVersion: string;
  storefrontToken?: string;
  adminToken?: string;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
}

export function connectInput(values: ConnectFormValues): ConnectInput {
  const input: ConnectInput = {
    shopDomain: values.shopDomain.trim(),
    apiVersion: values.apiVersion.trim() || DEFAULT_API_VERSION,
  };
  const clientId = values.clientId.trim();
  if (values.adminAuth === 'client' && clientId) input.clientId = clientId;
  for (const { name } of secretFieldsFor(values.adminAuth)) {
    const secret = values[name].trim();
    if (secret) input[name] = secret;
  }
  return input;
}

/**
 * The form's own checks before anything is sent: a domain, a version like 2026-04, and every
 * secret the server does not keep for this shop (see keptSecrets). Field name → message.
 */
export function connectFormErrors(
  values: ConnectFormValues,
  saved: SavedSecrets | null | undefined,
): Partial<Record<keyof ConnectFormValues, string>> {
  const errors: Partial<Record<keyof ConnectFormValues, string>> = {};
  if (!values.shopDomain.trim()) errors.shopDomain = 'Enter the shop’s domain, e.g. your-shop.myshopify.com.';
  const version = values.apiVersion.trim();
  if (version && !/^\d{4}-(01|04|07|10)$/.test(version)) {
    errors.apiVersion = `A Shopify API version such as ${DEFAULT_API_VERSION} (year and month 01, 04, 07 or 10).`;
  }
  if (values.adminAuth === 'client' && !values.clientId.trim()) {
    errors.clientId = 'Enter the app’s client ID (Dev Dashboard → the app → Settings).';
  }
  for (const field of secretFieldsFor(values.adminAuth)) {
    // A Dev Dashboard app signs webhooks with its client secret: the webhook secret is optional.
    if (field.name === 'webhookSecret' && values.adminAuth === 'client') continue;
    if (!values[field.name].trim() && !isSecretSaved(field, values, saved)) {
      errors[field.name] = `Enter the ${field.label.replace(/^\w/, (c) => c.toLowerCase())}.`;
    }
  }
  return errors;
}

/** Whether the form only repeats the saved settings (same domain and version, no new secret). */
export function isUnchangedConnection(
  values: ConnectFormValues,
  connection: {
    demo: boolean;
    status: string;
    shopDomain?: string | null;
    apiVersion?: string | null;
    clientId?: string | null;
  },
): boolean {
  if (connection.demo || connection.status !== 'CONNECTED') return false;
  const input = connectInput(values);
  return (
    normalizeShopDomain(input.shopDomain) === normalizeShopDomain(connection.shopDomain ?? '') &&
    input.apiVersion === (connection.apiVersion || DEFAULT_API_VERSION) &&
    (input.clientId ?? '') === (connection.clientId ?? '') &&
    SECRET_FIELDS.every(({ name }) => input[name] === undefined)
  );
}

/** The outcome of "Test connection": the shop it reached, or why it failed. */
export type TestOutcome = { ok: true; message: string } | { ok: false; message: string };

export function testConnectionOutcome(payload: {
  shopName?: string | null;
  currencyCode?: string | null;
  userErrors: readonly { message: string }[];
}): TestOutcome {
  if (payload.userErrors.length > 0) {
    return { ok: false, message: payload.userErrors.map((e) => e.message).join(' ') };
  }
  const name = payload.shopName || 'the store';
  return {
    ok: true,
    message: payload.currencyCode ? `Connected to ${name} (${payload.currencyCode})` : `Connected to ${name}`,
  };
}

/** The three DRX tag groups of a store product, with their labels. */
export const TAG_GROUPS = [
  { key: 'danceStyles', label: 'Dance styles' },
  { key: 'ageGroups', label: 'Age groups' },
  { key: 'skillLevels', label: 'Skill levels' },
] as const;

export type TagGroupKey = (typeof TAG_GROUPS)[number]['key'];
export type ProductTags = Record<TagGroupKey, string[]>;

/** The choices of a tag group: the reference list, plus values a product has that the list lacks. */
export function tagChoices(reference: readonly string[], current: readonly string[]): string[] {
  const known = new Set(reference.map((value) => value.toLowerCase()));
  return [...reference, ...current.filter((value) => !known.has(value.toLowerCase()))];
}

/** Whether two tag sets hold the same values in each group (order aside). */
export function sameTags(a: ProductTags, b: ProductTags): boolean {
  return TAG_GROUPS.every(({ key }) => {
    const left = [...a[key]].sort();
    const right = [...b[key]].sort();
    return left.length === right.length && left.every((value, i) => value === right[i]);
  });
}

/** The visibility filter of the products list (`StoreProductVisibility`; '' is every product). */
export const VISIBILITY_OPTIONS = [
  { value: 'VISIBLE', label: 'Shown on DRX' },
  { value: 'HIDDEN', label: 'Hidden' },
  { value: 'REMOVED', label: 'Removed from the store' },
] as const;

/**
 * A store order's status badge colour (StoreOrder.status: Cancelled, Refunded, Voided, Partially
 * refunded, Fulfilled, Partially fulfilled, Paid, Partially paid or Pending).
 */
export function storeOrderPalette(status: string): string {
  switch (status.toLowerCase()) {
    case 'paid':
      return 'green';
    case 'fulfilled':
    case 'partially fulfilled':
      return 'blue';
    case 'refunded':
    case 'partially refunded':
      return 'purple';
    case 'cancelled':
    case 'voided':
      return 'gray';
    default:
      return 'orange';
  }
}

/** A published DRX item's status badge: label and colour. */
export function publishStatusBadge(status: string): { label: string; palette: string } {
  switch (status) {
    case 'published':
      return { label: 'In the store', palette: 'green' };
    case 'publishing':
      return { label: 'Publishing…', palette: 'blue' };
    case 'unpublished':
      return { label: 'Unpublished', palette: 'gray' };
    case 'failed':
      return { label: 'Failed', palette: 'red' };
    default:
      return { label: status, palette: 'gray' };
  }
}

/** "2 × Ballet slippers (38 / Pink)" for an order line. */
export function orderLineLabel(line: {
  title: string;
  variantTitle?: string | null;
  quantity: number;
}): string {
  const variant = line.variantTitle && line.variantTitle !== 'Default Title' ? ` (${line.variantTitle})` : '';
  return `${line.quantity} × ${line.title}${variant}`;
}
