import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { PayoutPage } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { TWO_STEP_SETUP_PATH } from '../two-step';
import { StripeConnectStartMutationDocument } from './sellerDocuments';

const needsTwoStep = (error: unknown) =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.reason === 'TWO_STEP_REQUIRED');

/** Starts Stripe Connect onboarding and sends the browser to Stripe's (or the test) link. */
export function useStripeConnectStart(
  navigate: (url: string) => void = (url) => window.location.assign(url),
  /** Where Stripe's onboarding sends the browser back (default: the server's choice by role). */
  returnTo?: PayoutPage,
) {
  const [mutate] = useMutation(StripeConnectStartMutationDocument);
  const [loading, setLoading] = useState(false);

  async function start() {
    setLoading(true);
    try {
      const { data } = await mutate({ variables: { returnTo: returnTo ?? null } });
      const payload = data?.stripeConnectStart;
      const problem = payload?.userErrors[0]?.message ?? (payload?.url ? null : 'The server did not answer.');
      if (problem) {
        toaster.create({ title: 'Stripe onboarding could not start', description: problem, type: 'error' });
        setLoading(false);
        return;
      }
      // Keep the button busy while the browser leaves for the onboarding page.
      navigate(payload!.url!);
    } catch (error) {
      // Payout details need two-step sign-in (or a passkey) first: the profile's set-up, which says why.
      if (needsTwoStep(error)) {
        toaster.create({
          title: 'Set up two-step sign-in first',
          description: 'It is required before changing payout details.',
          type: 'info',
        });
        navigate(TWO_STEP_SETUP_PATH);
        return;
      }
      toaster.create({
        title: 'Stripe onboarding could not start',
        description: error instanceof Error ? error.message : 'Please try again.',
        type: 'error',
      });
      setLoading(false);
    }
  }

  return { start, loading };
}
