import { formatOrderDate } from '../purchases';
import { formatCents } from '../../lib/currency';

/** How often a membership is charged (`Subscription.interval`, `subscriptionCheckout`'s `interval`). */
export type BillingInterval = 'month' | 'year';

/** The displayed states of a membership (`Subscription.state`). */
export type MembershipState =
  'trialing' | 'active' | 'cancelling' | 'grace' | 'lapsed' | 'ended' | 'incomplete';

export const MEMBERSHIP_STATES: readonly MembershipState[] = [
  'trialing',
  'active',
  'cancelling',
  'grace',
  'lapsed',
  'ended',
  'incomplete',
];

const STATE_LABEL: Record<MembershipState, string> = {
  trialing: 'Free trial',
  active: 'Active',
  cancelling: 'Cancelling',
  grace: 'Payment failed',
  lapsed: 'Lapsed',
  ended: 'Ended',
  incomplete: 'Awaiting payment',
};

const STATE_PALETTE: Record<MembershipState, string> = {
  trialing: 'blue',
  active: 'green',
  cancelling: 'orange',
  grace: 'red',
  lapsed: 'red',
  ended: 'gray',
  incomplete: 'gray',
};

const isKnownState = (state: string): state is MembershipState => Object.hasOwn(STATE_LABEL, state);

/** A comp runs until its end and is never charged: it shows as "Complimentary", not "Cancelling". */
const isRunningComp = (state: string, provider?: string) =>
  provider === 'comp' && (state === 'active' || state === 'cancelling');

/** The badge text of a membership state; an unknown state shows as given. */
export function membershipStateLabel(state: string, provider?: string): string {
  if (isRunningComp(state, provider)) return 'Complimentary';
  return isKnownState(state) ? STATE_LABEL[state] : state;
}

/** The badge colour palette of a membership state (gray when unknown). */
export function membershipStatePalette(state: string, provider?: string): string {
  if (isRunningComp(state, provider)) return 'purple';
  return isKnownState(state) ? STATE_PALETTE[state] : 'gray';
}

/** The admin list's status filter (the server's `adminSubscriptions(status:)` values). */
export const MEMBERSHIP_STATUS_OPTIONS: { value: string; label: string }[] = [
  { value: 'trialing', label: 'Trialing' },
  { value: 'active', label: 'Active' },
  { value: 'cancelling', label: 'Cancelling' },
  { value: 'grace', label: 'Grace period' },
  { value: 'lapsed', label: 'Lapsed' },
  { value: 'ended', label: 'Ended' },
];

/** The parts of a plan that prices and benefits are read from. */
export interface PlanLike {
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  trialDays: number;
  memberOnlyCourses: boolean;
  resourceDiscountPercent: number;
  lessonCredits: number;
  /** Whether the free trial gives the lesson credits (false: they start with the first paid period). */
  trialGrantsCredits?: boolean;
}

/** The price of one period of the plan at the interval, cents. */
export function planPriceCents(
  plan: Pick<PlanLike, 'monthlyPriceCents' | 'yearlyPriceCents'>,
  interval: string,
) {
  return interval === 'year' ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

/** "/month" or "/year". */
export function intervalSuffix(interval: string): string {
  return interval === 'year' ? '/year' : '/month';
}

/** "Monthly" or "Yearly". */
export function intervalLabel(interval: string): string {
  return interval === 'year' ? 'Yearly' : 'Monthly';
}

/** "$12.00/month". */
export function formatPlanPrice(cents: number, interval: string): string {
  return `${formatCents(cents)}${intervalSuffix(interval)}`;
}

/**
 * What paying yearly saves against twelve monthly payments: the cents and the whole percent
 * (rounded down, so "save 17%" is never more than the truth); zero when yearly saves nothing.
 */
export function yearlySaving(plan: Pick<PlanLike, 'monthlyPriceCents' | 'yearlyPriceCents'>): {
  cents: number;
  percent: number;
} {
  const twelveMonths = plan.monthlyPriceCents * 12;
  const cents = twelveMonths - plan.yearlyPriceCents;
  if (cents <= 0 || twelveMonths <= 0) return { cents: 0, percent: 0 };
  return { cents, percent: Math.floor((cents * 100) / twelveMonths) };
}

/** The largest yearly saving in percent among the plans (for the switch's "save up to N%"). */
export function bestYearlySavingPercent(
  plans: readonly Pick<PlanLike, 'monthlyPriceCents' | 'yearlyPriceCents'>[],
) {
  return plans.reduce((best, plan) => Math.max(best, yearlySaving(plan).percent), 0);
}

/** The benefits of a plan as the lines of its card, in a fixed order. */
export function benefitLines(plan: PlanLike, interval: string): string[] {
  const lines: string[] = [];
  if (plan.memberOnlyCourses) lines.push('Member-only courses at no charge');
  if (plan.resourceDiscountPercent > 0) {
    lines.push(`${plan.resourceDiscountPercent}% off curriculum resources`);
  }
  if (plan.lessonCredits > 0) {
    const per = interval === 'year' ? 'year' : 'month';
    lines.push(
      `${plan.lessonCredits} private-lesson ${plan.lessonCredits === 1 ? 'credit' : 'credits'} per ${per}`,
    );
  }
  if (plan.trialDays > 0) {
    const noCredits = plan.lessonCredits > 0 && plan.trialGrantsCredits === false;
    lines.push(
      `${plan.trialDays}-day free trial for new members${noCredits ? ' (lesson credits start after it)' : ''}`,
    );
  }
  return lines;
}

/** A plan change as the server decides it: an upgrade takes effect now, a downgrade at the period end. */
export type PlanChangeKind = 'same' | 'upgrade' | 'downgrade';

/**
 * Mirrors the server's rule (api billing-period `isUpgrade`): month → year is an upgrade, year →
 * month a downgrade, else a higher price per month is an upgrade and a lower or equal one a downgrade.
 */
export function planChangeKind(
  current: { planId: string; interval: string; priceCents: number },
  next: { planId: string; interval: string; priceCents: number },
): PlanChangeKind {
  if (current.planId === next.planId && current.interval === next.interval) return 'same';
  if (current.interval === 'month' && next.interval === 'year') return 'upgrade';
  if (current.interval === 'year' && next.interval === 'month') return 'downgrade';
  const perMonth = (p: { interval: string; priceCents: number }) =>
    p.interval === 'year' ? p.priceCents / 12 : p.priceCents;
  return perMonth(next) > perMonth(current) ? 'upgrade' : 'downgrade';
}

/** The PDF receipt of an invoice: its HTML receipt's address + ".pdf". */
export function receiptPdfUrl(receiptUrl: string): string {
  return `${receiptUrl}.pdf`;
}

/** "Nov 21, 2026", or empty for a missing date. */
export const formatMembershipDate = (iso: unknown) => formatOrderDate(iso);

/** The fields of a membership its status line is made of. */
export interface MembershipTimeline {
  state: string;
  provider: string;
  currentPeriodEnd?: unknown;
  trialEnd?: unknown;
  graceEndsAt?: unknown;
  endedAt?: unknown;
  nextChargeAt?: unknown;
  nextChargeCents?: number | null;
}

/**
 * The one line that says what happens next to the membership: the next charge, the day it ends,
 * the end of the trial or of the grace period.
 */
export function membershipNextLine(sub: MembershipTimeline): string {
  const date = formatMembershipDate;
  const charge =
    sub.nextChargeAt && typeof sub.nextChargeCents === 'number'
      ? `${formatCents(sub.nextChargeCents)} on ${date(sub.nextChargeAt)}`
      : '';
  if (sub.provider === 'comp' && (sub.state === 'active' || sub.state === 'cancelling')) {
    return `Complimentary until ${date(sub.currentPeriodEnd)}`;
  }
  switch (sub.state) {
    case 'trialing':
      return `Trial ends ${date(sub.trialEnd ?? sub.currentPeriodEnd)}${charge ? `, then ${charge}` : ''}`;
    case 'cancelling':
      return `Ends on ${date(sub.currentPeriodEnd)}`;
    case 'grace':
      return `Payment failed — update your payment method by ${date(sub.graceEndsAt)}`;
    case 'lapsed':
      return 'Benefits paused: the last payment failed. Update your payment method to restore them.';
    case 'ended':
      return sub.endedAt ? `Ended on ${date(sub.endedAt)}` : 'Ended';
    case 'incomplete':
      return 'Waiting for the first payment';
    default:
      if (charge) return `Next charge ${charge}`;
      return sub.currentPeriodEnd ? `Current period ends ${date(sub.currentPeriodEnd)}` : '';
  }
}

/** Whether a membership still counts as "yours" (not ended): plans then offer a change, not a new checkout. */
export function isLiveMembership(sub: { state: string } | null | undefined): boolean {
  return Boolean(sub) && sub?.state !== 'ended';
}

/** The reasons of the cancellation survey (`subscriptionCancel`'s `reason`). */
export const CANCEL_REASONS: { value: string; label: string }[] = [
  { value: 'too_expensive', label: 'It is too expensive' },
  { value: 'not_using', label: 'I am not using it enough' },
  { value: 'missing_features', label: 'Features I need are missing' },
  { value: 'switching', label: 'I am switching to another service' },
  { value: 'technical', label: 'Technical problems' },
  { value: 'other', label: 'Something else' },
];

/** How /subscription/success waits for the membership to give its benefits. */
export const SUCCESS_POLL_MS = 2000;
export const SUCCESS_POLL_LIMIT_MS = 30_000;

/** "Changes to Member (monthly, $12.00/month) on Dec 1, 2026." for a downgrade waiting for the period end. */
export function pendingChangeLine(sub: {
  pendingPlan?: { name: string } | null;
  pendingInterval?: string | null;
  pendingPriceCents?: number | null;
  currentPeriodEnd?: unknown;
}): string {
  if (!sub.pendingPlan) return '';
  const details: string[] = [];
  if (sub.pendingInterval) details.push(intervalLabel(sub.pendingInterval).toLowerCase());
  if (sub.pendingInterval && typeof sub.pendingPriceCents === 'number') {
    details.push(formatPlanPrice(sub.pendingPriceCents, sub.pendingInterval));
  }
  const when = formatMembershipDate(sub.currentPeriodEnd);
  return `Changes to ${sub.pendingPlan.name}${details.length ? ` (${details.join(', ')})` : ''}${when ? ` on ${when}` : ' at the end of the period'}.`;
}
