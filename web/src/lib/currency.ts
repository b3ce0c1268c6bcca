import { parsePrice } from './price';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount as US dollars with two decimals ("$1,234.50").
 * Numeric strings, with or without a currency symbol, are accepted;
 * an empty or invalid value shows $0.00.
 */
export function formatCurrency(value: unknown): string {
  let amount = 0;
  if (typeof value === 'number') {
    amount = Number.isFinite(value) ? value : 0;
  } else if (typeof value === 'string') {
    amount = /\d/.test(value) ? parsePrice(value) : 0;
  } else if (typeof value === 'bigint') {
    amount = Number(value);
  }
  // Avoid "-$0.00" for negative zero and amounts that round to zero.
  const formatted = usd.format(amount);
  return formatted === '-$0.00' ? '$0.00' : formatted;
}

/**
 * Formats whole cents as US dollars ("$1,234.50"): the one formatter of the amounts the web keeps
 * and adds up in integer cents, as the server counts them; missing shows $0.00.
 */
export function formatCents(cents: number | null | undefined): string {
  return formatCurrency((cents ?? 0) / 100);
}
