import { memberLineDiscount } from '../cart';
import { inScope } from '../coupons';
import type { CouponScope } from '../coupons';

export interface PricedLine {
  itemType: 'course' | 'resource';
  itemId: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl: string | null;
}

/** A line with what the member's discount takes off it (0 for courses and non-members). */
export interface MemberPricedLine extends PricedLine {
  memberDiscountCents: number;
}

export interface AllocatedLine extends MemberPricedLine {
  lineTotalCents: number;
  /** This line's share of the order's coupon discount. */
  discountCents: number;
}

/**
 * The member discount step of pricing (docs/memberships.md "Discounts"): `percent` (the member's
 * plan, 0 for everyone else) off each resource line, per line, rounded half up. It comes first;
 * the coupon is then quoted on what is left of each line.
 */
export function applyMemberDiscount(lines: PricedLine[], percent: number): MemberPricedLine[] {
  return lines.map((l) => ({ ...l, memberDiscountCents: memberLineDiscount(l, percent) }));
}

/**
 * Splits an order's coupon discount over the lines in the coupon's scope, in proportion to what is
 * left of them after the member discount (largest remainder, so the shares add up to the discount
 * exactly and none exceeds what is left of its line). Sellers' earnings are computed from what each
 * line really brought in (total − member discount − share).
 */
export function allocateDiscount(
  lines: (PricedLine & { memberDiscountCents?: number })[],
  discountCents: number,
  scope: CouponScope,
): AllocatedLine[] {
  const out: AllocatedLine[] = lines.map((l) => ({
    ...l,
    memberDiscountCents: l.memberDiscountCents ?? 0,
    lineTotalCents: l.unitPriceCents * l.quantity,
    discountCents: 0,
  }));
  const left = (l: AllocatedLine) => l.lineTotalCents - l.memberDiscountCents;
  const eligible = out.filter((l) => inScope(scope, l.itemType) && left(l) > 0);
  const base = eligible.reduce((s, l) => s + left(l), 0);
  const discount = Math.min(Math.max(0, Math.floor(discountCents)), base);
  if (!discount || !base) return out;
  const shares = eligible.map((l) => {
    const exact = (discount * left(l)) / base;
    return { line: l, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let rest = discount - shares.reduce((s, x) => s + x.floor, 0);
  for (const s of shares) s.line.discountCents = s.floor;
  for (const s of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (rest <= 0) break;
    if (s.line.discountCents < left(s.line)) {
      s.line.discountCents += 1;
      rest -= 1;
    }
  }
  return out;
}
