/**
 * Parses a price that may arrive as a number or as text with a currency symbol,
 * thousands separators or other decoration ("$1,234.50", "USD 12", "-$5").
 *
 * Non-numeric characters are stripped: digits, the first decimal point and a minus
 * sign placed before the first digit are kept. Anything unparseable counts as 0.
 */
export function parsePrice(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;

  let digits = '';
  let negative = false;
  let seenDecimalPoint = false;
  for (const char of value) {
    if (char >= '0' && char <= '9') {
      digits += char;
    } else if (char === '.' && !seenDecimalPoint) {
      seenDecimalPoint = true;
      digits += char;
    } else if (char === '-' && digits === '') {
      negative = true;
    }
  }

  const parsed = Number.parseFloat(digits);
  if (!Number.isFinite(parsed)) return 0;
  if (parsed === 0) return 0;
  return negative ? -parsed : parsed;
}

/** A price in dollars (a number, or text such as "$7.00") in whole cents. */
export function dollarsToCents(value: string | number | null | undefined): number {
  return Math.round(parsePrice(value) * 100);
}
