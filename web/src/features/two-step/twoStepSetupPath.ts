/**
 * Where a person who needs a second factor first is sent: the set-up on their profile, whose
 * message says why (staff pages: layouts/guardRule.ts; payout details: useStripeConnectStart.ts).
 */
export const TWO_STEP_SETUP_PATH = '/profile?twoStep=required#two-step';
