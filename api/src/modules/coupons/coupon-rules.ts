import { DomainError } from '../../graphql/errors';
import { COUPON_KINDS, COUPON_SCOPES, type Coupon, type CouponKind, type CouponScope } from './coupon.entity';

export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
export const DESCRIPTION_MAX = 500;

/** A cart line as the orders engineer passes it to `quote` (prices from the catalog, in cents). */
export interface QuoteLine {
  itemType: string;
  unitPriceCents: number;
  quantity: number;
  /**
   * What the member's discount already took off this line (resource lines of a member; see
   * docs/memberships.md "Discounts"). A coupon is measured on what is left: its percent, its cap
   * and its minimum subtotal all use line total − member discount. Absent: 0.
   */
  memberDiscountCents?: number;
}

/** Codes are matched case-insensitively: trimmed and upper-cased before storing or looking up. */
export function normalizeCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

/** Display status: inactive, scheduled, expired, used_up or active (in that order of precedence). */
export type CouponStatus = 'inactive' | 'scheduled' | 'expired' | 'used_up' | 'active';

export function couponStatus(coupon: Coupon, now = new Date()): CouponStatus {
  if (!coupon.active) return 'inactive';
  if (coupon.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (coupon.endsAt && coupon.endsAt.getTime() <= now.getTime()) return 'expired';
  if (coupon.usageLimit != null && coupon.usedCount >= coupon.usageLimit) return 'used_up';
  return 'active';
}

/** What a line costs before the coupon: its total less the member discount on it. */
const lineTotal = (line: QuoteLine) => line.unitPriceCents * line.quantity - (line.memberDiscountCents ?? 0);

/** Does a line of this item type fall under the coupon's scope? */
export function inScope(scope: CouponScope, itemType: string): boolean {
  if (scope === 'courses') return itemType === 'course';
  if (scope === 'resources') return itemType === 'resource';
  return true;
}

/**
 * The discount in cents for the lines the coupon applies to: a percentage of their subtotal rounded
 * half-up, or the fixed amount capped at that subtotal.
 */
export function discountFor(
  coupon: Pick<Coupon, 'kind' | 'percentOff' | 'amountOffCents' | 'scope'>,
  lines: QuoteLine[],
): number {
  const applicable = lines
    .filter((l) => inScope(coupon.scope, l.itemType))
    .reduce((s, l) => s + lineTotal(l), 0);
  if (applicable <= 0) return 0;
  if (coupon.kind === 'percent') return Math.floor((applicable * (coupon.percentOff ?? 0) + 50) / 100);
  return Math.min(coupon.amountOffCents ?? 0, applicable);
}

export function subtotalOf(lines: QuoteLine[]): number {
  return lines.reduce((s, l) => s + lineTotal(l), 0);
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The editable fields of a coupon after validation (what create and update store). */
export interface CouponFields {
  code: string;
  description: string;
  kind: CouponKind;
  percentOff: number | null;
  amountOffCents: number | null;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perMemberLimit: number | null;
  minSubtotalCents: number;
  scope: CouponScope;
  active: boolean;
}

const invalid = (field: string, message: string) => new DomainError('INVALID_INPUT', message, field);

function limit(value: number | null, field: string, label: string): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 1)
    throw invalid(field, `${label} must be a whole number of at least 1`);
  return value;
}

/** Validates a complete set of fields (create, or update merged over the stored coupon). */
export function validateCouponFields(fields: CouponFields): CouponFields {
  const code = normalizeCode(fields.code);
  if (!CODE_PATTERN.test(code)) {
    throw invalid('code', 'Code must be 3 to 32 characters: letters, digits, - or _');
  }
  const description = (fields.description ?? '').trim();
  if (description.length > DESCRIPTION_MAX) {
    throw invalid('description', `Description can be at most ${DESCRIPTION_MAX} characters`);
  }
  if (!COUPON_KINDS.includes(fields.kind)) throw invalid('kind', 'Kind must be percent or fixed');
  let percentOff: number | null = null;
  let amountOffCents: number | null = null;
  if (fields.kind === 'percent') {
    const p = fields.percentOff;
    if (p === null || !Number.isInteger(p) || p < 1 || p > 100) {
      throw invalid('percentOff', 'Percent off must be a whole number from 1 to 100');
    }
    percentOff = p;
  } else {
    const a = fields.amountOffCents;
    if (a === null || !Number.isInteger(a) || a <= 0) {
      throw invalid('amountOffCents', 'Amount off must be greater than $0.00');
    }
    amountOffCents = a;
  }
  if (Number.isNaN(fields.startsAt.getTime())) throw invalid('startsAt', 'Start date is not a valid date');
  if (fields.endsAt && Number.isNaN(fields.endsAt.getTime())) {
    throw invalid('endsAt', 'End date is not a valid date');
  }
  if (fields.endsAt && fields.endsAt.getTime() <= fields.startsAt.getTime()) {
    throw invalid('endsAt', 'End date must be after the start date');
  }
  const minSubtotalCents = fields.minSubtotalCents;
  if (!Number.isInteger(minSubtotalCents) || minSubtotalCents < 0) {
    throw invalid('minSubtotalCents', 'Minimum subtotal cannot be negative');
  }
  if (!COUPON_SCOPES.includes(fields.scope)) {
    throw invalid('scope', 'Scope must be all, courses or resources');
  }
  return {
    code,
    description,
    kind: fields.kind,
    percentOff,
    amountOffCents,
    startsAt: fields.startsAt,
    endsAt: fields.endsAt,
    usageLimit: limit(fields.usageLimit, 'usageLimit', 'Usage limit'),
    perMemberLimit: limit(fields.perMemberLimit, 'perMemberLimit', 'Per-member limit'),
    minSubtotalCents,
    scope: fields.scope,
    active: fields.active,
  };
}
