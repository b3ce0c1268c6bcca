/**
 * The price a client shows for a line it adds (spec sections 3 and 5): `price`, a number or text
 * such as "$12.00" (non-numeric characters stripped, an unparseable price counts as 0), else the
 * optional `details.price` read the same way. The server never charges it (the catalogue's price
 * wins); the REST answer only says whether it differed (cart.routes.ts). Null when neither was sent.
 */
export function sentPrice(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const { price, details } = body as { price?: unknown; details?: unknown };
  const detailsPrice =
    details && typeof details === 'object' ? (details as { price?: unknown }).price : undefined;
  if (isGiven(price)) {
    const direct = parsePrice(price);
    if (direct !== 0 || !isGiven(detailsPrice)) return direct;
  }
  return isGiven(detailsPrice) ? parsePrice(detailsPrice) : null;
}

const isGiven = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A price from a number or from text with a currency symbol, separators or other decoration
 * ("$1,234.50", "USD 12"): digits, the first decimal point and a minus sign before the first digit
 * are kept; anything unparseable is 0. The same rule as the web app's `lib/price.ts`.
 */
export function parsePrice(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  let digits = '';
  let negative = false;
  let seenDecimalPoint = false;
  for (const char of value) {
    if (char >= '0' && char <= '9') digits += char;
    else if (char === '.' && !seenDecimalPoint) {
      seenDecimalPoint = true;
      digits += char;
    } else if (char === '-' && digits === '') negative = true;
  }
  const parsed = Number.parseFloat(digits);
  if (!Number.isFinite(parsed) || parsed === 0) return 0;
  return negative ? -parsed : parsed;
}

/** Whether a shown price (dollars) is not the charged one (US cents), to the cent. */
export function differsFromCharged(shown: number, chargedCents: number): boolean {
  return Math.round(shown * 100) !== chargedCents;
}
