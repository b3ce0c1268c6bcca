import { GraphQLError } from 'graphql';
import { rule } from 'graphql-shield';
import { withAudience } from '../../../graphql/audience';
import type { Context } from '../../../graphql/context';
import { unauthenticated } from '../../../graphql/errors';
import { hasSecondFactor, TWO_STEP_FOR_PAYOUTS_MESSAGE, TWO_STEP_REQUIRED_MESSAGE } from './two-step';

/**
 * FORBIDDEN with `extensions.reason: 'TWO_STEP_REQUIRED'` (the web sends the person to the set-up)
 * and a message naming the set-up.
 */
export function twoStepRequired(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN', reason: 'TWO_STEP_REQUIRED' } });
}

/**
 * Whether the viewer has the second factor its staff role requires (once per request: the rules
 * that call this are contextual). True when the requirement is off (config.twoStepRequired: tests).
 */
export async function staffSecondFactorRefusal(ctx: Context): Promise<GraphQLError | null> {
  if (!ctx.config.twoStepRequired || !ctx.viewer) return null;
  return (await hasSecondFactor(ctx.em, ctx.viewer.id)) ? null : twoStepRequired(TWO_STEP_REQUIRED_MESSAGE);
}

/** Changing payout details (Stripe Connect) needs a second factor, as Stripe asks of its own users. */
export const hasSecondFactorForPayouts = withAudience(
  rule({ cache: 'contextual' })(async (_parent, _args, ctx: Context) => {
    if (!ctx.viewer) return unauthenticated();
    if (!ctx.config.twoStepRequired) return true;
    return (await hasSecondFactor(ctx.em, ctx.viewer.id))
      ? true
      : twoStepRequired(TWO_STEP_FOR_PAYOUTS_MESSAGE);
  }),
  'accounts with two-step sign-in or a passkey (FORBIDDEN, reason TWO_STEP_REQUIRED, otherwise)',
);
