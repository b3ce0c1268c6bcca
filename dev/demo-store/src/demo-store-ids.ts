/** Shopify-style ids and money formatting for the demo store. */

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** The numeric id of `gid://shopify/<type>/<n>` (or of a bare `<n>`); null for anything else. */
export function parseId(value: unknown, type: string): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = new RegExp(`^(?:gid://shopify/${type}/)?(\\d{1,15})(?:\\?.*)?$`).exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** A `Money` scalar as Shopify writes it: two decimals (`"24.00"`). */
export function money(amount: string | number): string {
  return Number(amount).toFixed(2);
}

/** A `Decimal` (MoneyV2.amount) as Shopify writes it: no trailing zeros but one (`"24.0"`, `"19.5"`). */
export function decimal(amount: string | number): string {
  const text = String(Number(Number(amount).toFixed(2)));
  return text.includes('.') ? text : `${text}.0`;
}

/** Whole cents of a decimal string. */
export function cents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/** A decimal string of cents. */
export function fromCents(value: number): string {
  return (value / 100).toFixed(2);
}

export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A product handle from a title (lowercase words joined by hyphens). */
export function handleize(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200) || 'product'
  );
}
