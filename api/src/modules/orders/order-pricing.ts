import { inScope } from '../coupons/coupon-rules';
import type { CouponScope } from '../coupons/coupon.entity';

export interface PricedLine {
  itemType: 'course' | 'resource';
  itemId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl: string | null;
}

export interface AllocatedLine extends PricedLine {
  lineTotalCents: number;
  /** This line's share of the order discount. */
  discountCents: number;
}

/**
 * Splits an order discount over the lines in the coupon's scope, in proportion to their totals
 * (largest remainder, so the shares add up to the discount exactly and none exceeds its line).
 * Sellers' earnings are computed from what each line really brought in (total − share).
 */
export function allocateDiscount(
  lines: PricedLine[],
  discountCents: number,
  scope: CouponScope,
): AllocatedLine[] {
  const out: AllocatedLine[] = lines.map((l) => ({
    ...l,
    lineTotalCents: l.unitPriceCents * l.quantity,
    discountCents: 0,
  }));
  const eligible = out.filter((l) => inScope(scope, l.itemType) && l.lineTotalCents > 0);
  const base = eligible.reduce((s, l) => s + l.lineTotalCents, 0);
  const discount = Math.min(Math.max(0, Math.floor(discountCents)), base);
  if (!discount || !base) return out;
  const shares = eligible.map((l) => {
    const exact = (discount * l.lineTotalCents) / base;
    return { line: l, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = discount - shares.reduce((s, x) => s + x.floor, 0);
  for (const s of shares) s.line.discountCents = s.floor;
  for (const s of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (left <= 0) break;
    if (s.line.discountCents < s.line.lineTotalCents) {
      s.line.discountCents += 1;
      left -= 1;
    }
  }
  return out;
}
