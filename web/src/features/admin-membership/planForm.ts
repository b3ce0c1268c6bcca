import { centsToDollars, dollarsToCents } from '../admin-coupons';

/** The plan form's values (strings, as the inputs hold them). */
export interface PlanFormValues {
  name: string;
  description: string;
  /** Dollars, e.g. "12" or "12.50". */
  monthlyPrice: string;
  yearlyPrice: string;
  trialDays: string;
  active: boolean;
  position: string;
  memberOnlyCourses: boolean;
  resourceDiscountPercent: string;
  lessonCredits: string;
  /** Dollars: what one lesson credit earns the instructor. */
  creditValue: string;
  trialGrantsCredits: boolean;
}

/** A plan as the admin list returns it (the fields the form reads). */
export interface PlanLike {
  name: string;
  description: string;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  trialDays: number;
  active: boolean;
  position: number;
  memberOnlyCourses: boolean;
  resourceDiscountPercent: number;
  lessonCredits: number;
  creditValueCents: number;
  trialGrantsCredits: boolean;
}

/** What the API's create and update inputs take (all money in cents). */
export interface PlanInput {
  name: string;
  description: string;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  trialDays: number;
  active: boolean;
  position: number;
  memberOnlyCourses: boolean;
  resourceDiscountPercent: number;
  lessonCredits: number;
  creditValueCents: number;
  trialGrantsCredits: boolean;
}

export type PlanFormErrors = Partial<Record<keyof PlanInput, string>>;

export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: '',
  description: '',
  monthlyPrice: '',
  yearlyPrice: '',
  trialDays: '0',
  active: true,
  position: '0',
  memberOnlyCourses: true,
  resourceDiscountPercent: '0',
  lessonCredits: '0',
  creditValue: '',
  trialGrantsCredits: false,
};

export function formFromPlan(plan: PlanLike): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description,
    monthlyPrice: centsToDollars(plan.monthlyPriceCents),
    yearlyPrice: centsToDollars(plan.yearlyPriceCents),
    trialDays: String(plan.trialDays),
    active: plan.active,
    position: String(plan.position),
    memberOnlyCourses: plan.memberOnlyCourses,
    resourceDiscountPercent: String(plan.resourceDiscountPercent),
    lessonCredits: String(plan.lessonCredits),
    creditValue: plan.creditValueCents ? centsToDollars(plan.creditValueCents) : '',
    trialGrantsCredits: plan.trialGrantsCredits,
  };
}

/** A whole number between min and max, or an error message. */
function wholeNumber(text: string, min: number, max: number, label: string): number | string {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return `${label}: a whole number, please.`;
  const value = Number(trimmed);
  if (value < min || value > max) return `${label}: between ${min} and ${max}.`;
  return value;
}

/** A price in dollars as cents, or an error message (required, more than zero). */
function price(text: string, label: string): number | string {
  const cents = dollarsToCents(text);
  if (cents === null) return `Enter the ${label.toLowerCase()}.`;
  if (Number.isNaN(cents)) return `${label}: an amount like 12 or 12.50, please.`;
  if (cents <= 0) return `${label}: more than $0, please.`;
  return cents;
}

/** A lesson credit's value is at most $100,000 (the server's limit). */
export const MAX_CREDIT_VALUE_CENTS = 10_000_000;

/**
 * A lesson credit's value in cents, or an error message: required (more than $0) when the plan has
 * credits, empty meaning $0 when it has none, at most $100,000.
 */
function creditValue(text: string, credits: number): number | string {
  const cents = dollarsToCents(text);
  if (cents === null) return credits > 0 ? 'Enter what a credit is worth to the instructor.' : 0;
  if (Number.isNaN(cents)) return 'Credit value: an amount like 40 or 42.50, please.';
  if (cents > MAX_CREDIT_VALUE_CENTS) return 'Credit value: at most $100,000.';
  if (cents <= 0 && credits > 0) return 'Credit value: more than $0 when the plan has credits.';
  return cents;
}

/**
 * Checks the form and converts it to the API's input (dollars → cents). The server checks again;
 * these are the rules a member of staff can fix before sending.
 */
export function planInput(values: PlanFormValues): { input: PlanInput; errors: PlanFormErrors } {
  const errors: PlanFormErrors = {};
  const take = (field: keyof PlanInput, result: number | string): number => {
    if (typeof result === 'string') {
      errors[field] = result;
      return 0;
    }
    return result;
  };
  const name = values.name.trim();
  if (!name) errors.name = 'Give the plan a name.';
  else if (name.length > 100) errors.name = 'At most 100 characters.';
  const input: PlanInput = {
    name,
    description: values.description.trim(),
    monthlyPriceCents: take('monthlyPriceCents', price(values.monthlyPrice, 'Monthly price')),
    yearlyPriceCents: take('yearlyPriceCents', price(values.yearlyPrice, 'Yearly price')),
    trialDays: take('trialDays', wholeNumber(values.trialDays, 0, 365, 'Trial days')),
    active: values.active,
    position: take('position', wholeNumber(values.position, 0, 1000, 'Position')),
    memberOnlyCourses: values.memberOnlyCourses,
    resourceDiscountPercent: take(
      'resourceDiscountPercent',
      wholeNumber(values.resourceDiscountPercent, 0, 100, 'Resource discount'),
    ),
    lessonCredits: take('lessonCredits', wholeNumber(values.lessonCredits, 0, 100, 'Lesson credits')),
    creditValueCents: 0,
    trialGrantsCredits: values.trialGrantsCredits,
  };
  input.creditValueCents = take('creditValueCents', creditValue(values.creditValue, input.lessonCredits));
  return { input, errors };
}

/** Whether an edit changes a price (current members keep theirs: the dialog says so). */
export function pricesChanged(
  plan: Pick<PlanLike, 'monthlyPriceCents' | 'yearlyPriceCents'>,
  input: PlanInput,
) {
  return (
    plan.monthlyPriceCents !== input.monthlyPriceCents || plan.yearlyPriceCents !== input.yearlyPriceCents
  );
}
