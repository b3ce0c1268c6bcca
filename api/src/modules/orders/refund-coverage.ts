/** A line of an order and what the buyer paid for it (line total − member discount − coupon share). */
export interface LineRow {
  id: string;
  title: string;
  paid_cents: number;
}

/**
 * Which lines a refund takes back (provider-refunds.ts): all of them when the whole order is
 * refunded; for a part, the lines in their order (position) while the refunded amount, `refundedCents`
 * (all refunds of the order so far), covers what was paid for each line and every paid line before
 * it. A line covered only in part, and every line after it, is kept; lines that cost nothing go only
 * with a full refund.
 */
export function coveredLines(
  lines: readonly LineRow[],
  refundedCents: number,
  whole: boolean,
): { covered: LineRow[]; kept: LineRow[] } {
  if (whole) return { covered: [...lines], kept: [] };
  const covered: LineRow[] = [];
  let sum = 0;
  for (const line of lines) {
    if (line.paid_cents <= 0) continue;
    sum += line.paid_cents;
    if (sum > refundedCents) break;
    covered.push(line);
  }
  return { covered, kept: lines.filter((l) => !covered.includes(l)) };
}
