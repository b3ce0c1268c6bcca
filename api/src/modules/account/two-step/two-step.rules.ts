import { GraphQLError } from 'graphql';
import { rule } from 'graphql-shield';
import { withAudience } from '../../../graphql/audience';
import type { Context } from '../../../graphql/context';
import { unauthenticated } from '../../../graphql/errors';
import {
  hasSecondFactor,
  TWO_STEP_FOR_PAYOUTS_MESSAGE,
  TWO_STEP_REQUIRED_MESSAGE,
  twoStepRequirementOf,
} from './two-step';

/**
 * FORBIDDEN with `extensions.reason: 'TWO_STEP_REQUIRED'` (the web sends the person to the set-up)
 * and a message naming the set-up.
 */
export function twoStepRequired(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN', reason: 'TWO_STEP_REQUIRED' } });
}

/**
 * Whether the viewer is staff (an admin or a curriculum officer) without the second factor the role
 * requires: what refuses their staff operations (below) and sends them from the admin area's pages
 * to the set-up (http/page-access.ts). False when the requirement is off (config.twoStepRequired:
 * tests); no query for anyone but staff.
 */
export async function staffLacksSecondFactor(
  ctx: Pick<Context, 'viewer' | 'em' | 'config'>,
): Promise<boolean> {
  if (!ctx.config.twoStepRequired || !ctx.viewer || twoStepRequirementOf(ctx.viewer) !== 'staff')
    return false;
  return !(await hasSecondFactor(ctx.em, ctx.viewer.id));
}

/**
 * The refusal of a staff operation to staff without their second factor, or null (once per
 * request: the rules that call this are contextual). Null when the requirement is off.
 */
export async function staffSecondFactorRefusal(ctx: Context): Promise<GraphQLError | null> {
  return (await staffLacksSecondFactor(ctx)) ? twoStepRequired(TWO_STEP_REQUIRED_MESSAGE) : null;
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
