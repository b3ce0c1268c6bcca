/** The coupon form's values (strings, as the inputs hold them) and their conversion to the API's. */
export interface CouponFormValues {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  /** Dollars, e.g. "5" or "12.50". */
  amountOff: string;
  /** `datetime-local` values in the browser's time zone; empty start means now, empty end never. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perMemberLimit: string;
  /** Dollars. */
  minSubtotal: string;
  scope: 'all' | 'courses' | 'resources';
  active: boolean;
}

/** A coupon as the list query returns it (the fields the form reads). */
export interface CouponLike {
  code: string;
  description: string;
  kind: string;
  percentOff?: number | null;
  amountOffCents?: number | null;
  startsAt: unknown;
  endsAt?: unknown;
  usageLimit?: number | null;
  perMemberLimit?: number | null;
  usedCount: number;
  minSubtotalCents: number;
  scope: string;
  active: boolean;
  status: string;
}

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  description: '',
  kind: 'percent',
  percentOff: '10',
  amountOff: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perMemberLimit: '1',
  minSubtotal: '',
  scope: 'all',
  active: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant; empty → null. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** "12.5" → 1250; empty → null; anything that is not a non-negative amount → NaN. */
export function dollarsToCents(value: string): number | null {
  const text = value.trim().replace(/^\$/, '');
  if (!text) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

export function centsToDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** "5" → 5; empty → null; a non-integer → NaN (the server answers with a clear message). */
export function wholeNumber(value: string): number | null {
  const text = value.trim();
  if (!text) return null;
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
}

export function formFromCoupon(coupon: CouponLike): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind === 'fixed' ? 'fixed' : 'percent',
    percentOff: coupon.percentOff == null ? '' : String(coupon.percentOff),
    amountOff: centsToDollars(coupon.amountOffCents),
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    usageLimit: coupon.usageLimit == null ? '' : String(coupon.usageLimit),
    perMemberLimit: coupon.perMemberLimit == null ? '' : String(coupon.perMemberLimit),
    minSubtotal: coupon.minSubtotalCents ? centsToDollars(coupon.minSubtotalCents) : '',
    scope: coupon.scope === 'courses' || coupon.scope === 'resources' ? coupon.scope : 'all',
    active: coupon.active,
  };
}

export type FormErrors = Partial<Record<string, string>>;

/** The API input of a form, or the field errors found before sending. */
export function couponInput(values: CouponFormValues): {
  input: Record<string, unknown>;
  errors: FormErrors;
} {
  const errors: FormErrors = {};
  const percentOff = values.kind === 'percent' ? wholeNumber(values.percentOff) : null;
  const amountOffCents = values.kind === 'fixed' ? dollarsToCents(values.amountOff) : null;
  const minSubtotalCents = dollarsToCents(values.minSubtotal);
  const usageLimit = wholeNumber(values.usageLimit);
  const perMemberLimit = wholeNumber(values.perMemberLimit);
  if (Number.isNaN(percentOff)) errors.percentOff = 'Enter a whole number from 1 to 100';
  if (Number.isNaN(amountOffCents)) errors.amountOffCents = 'Enter an amount in dollars, e.g. 5 or 12.50';
  if (Number.isNaN(minSubtotalCents)) errors.minSubtotalCents = 'Enter an amount in dollars, e.g. 25';
  if (Number.isNaN(usageLimit)) errors.usageLimit = 'Enter a whole number, or leave empty for no limit';
  if (Number.isNaN(perMemberLimit))
    errors.perMemberLimit = 'Enter a whole number, or leave empty for no limit';
  const input: Record<string, unknown> = {
    code: values.code.trim().toUpperCase(),
    description: values.description.trim(),
    kind: values.kind,
    percentOff,
    amountOffCents,
    endsAt: fromLocalInput(values.endsAt),
    usageLimit,
    perMemberLimit,
    minSubtotalCents: minSubtotalCents ?? 0,
    scope: values.scope,
    active: values.active,
  };
  const startsAt = fromLocalInput(values.startsAt);
  if (startsAt) input.startsAt = startsAt;
  return { input, errors };
}

export const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Inactive',
};

export const STATUS_PALETTE: Record<string, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  used_up: 'orange',
  inactive: 'red',
};

export const SCOPE_LABEL: Record<string, string> = {
  all: 'Whole cart',
  courses: 'Courses only',
  resources: 'Resources only',
};

const money = (cents: number) => `$${cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)}`;

/** "15% off" or "$5 off". */
export function discountLabel(coupon: Pick<CouponLike, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  if (coupon.kind === 'percent') return `${coupon.percentOff ?? 0}% off`;
  return `${money(coupon.amountOffCents ?? 0)} off`;
}

/** "3/10" or "3/∞". */
export function usageLabel(coupon: Pick<CouponLike, 'usedCount' | 'usageLimit'>): string {
  return `${coupon.usedCount}/${coupon.usageLimit ?? '∞'}`;
}

export function minimumLabel(cents: number): string {
  return cents > 0 ? `min ${money(cents)}` : '';
}
