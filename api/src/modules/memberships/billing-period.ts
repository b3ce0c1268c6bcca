import { DateTime } from 'luxon';
import type { BillingInterval } from './subscription.entity';

/** The end of a billing period that starts at `start` (calendar months/years in UTC; Jan 31 + 1 month = Feb 28/29). */
export function periodEnd(start: Date, interval: BillingInterval, count = 1): Date {
  const at = DateTime.fromJSDate(start, { zone: 'utc' });
  return (interval === 'year' ? at.plus({ years: count }) : at.plus({ months: count })).toJSDate();
}

/** A price per month, to compare plans across intervals (cents, fractional). */
export function monthlyEquivalent(priceCents: number, interval: BillingInterval): number {
  return interval === 'year' ? priceCents / 12 : priceCents;
}

/**
 * Whether moving from the current plan to another takes effect at once (an upgrade: a higher price
 * per month, or month → year) rather than at the period end (a downgrade or a shorter interval).
 */
export function isUpgrade(
  current: { priceCents: number; interval: BillingInterval },
  next: { priceCents: number; interval: BillingInterval },
): boolean {
  if (current.interval === 'month' && next.interval === 'year') return true;
  if (current.interval === 'year' && next.interval === 'month') return false;
  return (
    monthlyEquivalent(next.priceCents, next.interval) >
    monthlyEquivalent(current.priceCents, current.interval)
  );
}

/**
 * What an immediate upgrade charges now: the new price for the rest of the period minus what is
 * left of the current one (same interval), or the new price minus the unused part (month → year,
 * which starts a new yearly period). Never below 0; cents rounded half up.
 */
export function prorationCents(args: {
  currentPriceCents: number;
  nextPriceCents: number;
  sameInterval: boolean;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const length = args.periodEnd.getTime() - args.periodStart.getTime();
  const left = Math.min(Math.max(args.periodEnd.getTime() - args.now.getTime(), 0), length);
  const unused = length > 0 ? (args.currentPriceCents * left) / length : 0;
  const charge = args.sameInterval
    ? length > 0
      ? ((args.nextPriceCents - args.currentPriceCents) * left) / length
      : 0
    : args.nextPriceCents - unused;
  return Math.max(0, Math.round(charge));
}
