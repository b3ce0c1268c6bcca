/** Whole cents as US dollars ("$12.50"). */
export { formatCents } from '../../lib/currency';

/** A percent with up to two decimals ("10%", "12.5%"). */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

export const PAYOUT_STATUS_LABEL: Record<string, string> = {
  not_started: 'Not connected',
  pending: 'Onboarding pending',
  active: 'Payouts active',
};
export const PAYOUT_STATUS_PALETTE: Record<string, string> = {
  not_started: 'gray',
  pending: 'orange',
  active: 'green',
};

/** A ledger row's `payoutState`: where its money stands (the row's `status` stays available once transferred). */
export const EARNING_STATE_LABEL: Record<string, string> = {
  pending: 'Pending',
  available: 'Available',
  transferring: 'Transferring',
  transfer_failed: 'Transfer failed',
  transferred: 'Transferred',
  paid_out: 'Paid out',
  offset: 'Offset',
  reversed: 'Refunded',
};
export const EARNING_STATE_PALETTE: Record<string, string> = {
  pending: 'orange',
  available: 'green',
  transferring: 'blue',
  transfer_failed: 'red',
  transferred: 'blue',
  paid_out: 'gray',
  offset: 'gray',
  reversed: 'red',
};

/** A readable Stripe requirement ("external_account" → "External account"). */
export function requirementLabel(key: string): string {
  const words = key.replace(/[._]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/** The top of a chart's value axis: a round number ≥ max (1, 2, 2.5 or 5 × a power of ten). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** `count` evenly spaced axis values from 0 to `top` (inclusive). */
export function axisTicks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (top * i) / count);
}

/** "2026-11-21" → "Nov 21" (the date is a UTC calendar day). */
export function shortDate(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Where the onboarding return lands: `?onboarding=return` or `refresh`, else null. */
export function onboardingStep(search: string): 'return' | 'refresh' | null {
  const value = new URLSearchParams(search).get('onboarding');
  return value === 'return' || value === 'refresh' ? value : null;
}
