/** The comp dialog's values as the inputs hold them. */
export interface CompFormValues {
  userId: string;
  planId: string;
  months: string;
  reason: string;
}

export interface CompInput {
  userId: string;
  planId: string;
  months: number;
  reason: string;
}

export type CompFormErrors = Partial<Record<keyof CompInput, string>>;

export const COMP_MAX_MONTHS = 36;
export const COMP_REASON_MAX = 500;

/** Checks the comp form: a member, a plan, 1–36 whole months and a reason of at most 500 characters. */
export function compInput(values: CompFormValues): { input: CompInput | null; errors: CompFormErrors } {
  const errors: CompFormErrors = {};
  if (!values.userId) errors.userId = 'Choose the member.';
  if (!values.planId) errors.planId = 'Choose a plan.';
  const monthsText = values.months.trim();
  const months = Number(monthsText);
  if (!/^\d+$/.test(monthsText) || months < 1 || months > COMP_MAX_MONTHS) {
    errors.months = `A whole number of months from 1 to ${COMP_MAX_MONTHS}.`;
  }
  const reason = values.reason.trim();
  if (!reason) errors.reason = 'Say why (it is kept in the membership’s history).';
  else if (reason.length > COMP_REASON_MAX) errors.reason = `At most ${COMP_REASON_MAX} characters.`;
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return { input: { userId: values.userId, planId: values.planId, months, reason }, errors };
}
