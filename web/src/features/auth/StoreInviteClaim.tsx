import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';

const StoreClaimInviteDocument = graphql(`
  mutation StoreClaimInvite($token: String!) {
    storeClaimInvite(token: $token) {
      claimed
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const STORE_INVITE_TEXT = {
  claimed: 'Your store purchase is now in your account',
  nothingLeft: 'This store purchase is already in an account',
  failedTitle: 'Could not add your store purchase',
  failedRetry: 'Please try again later.',
} as const;

/**
 * A signed-in member opened a store purchase invitation (/register?storeInvite=…): claims it once
 * for their account, says how it went in a toast, then goes on to My Purchases (or the dashboard
 * when it was refused).
 */
export function StoreInviteClaim({ token }: { token: string }) {
  const [claim] = useMutation(StoreClaimInviteDocument);
  const [next, setNext] = useState<string | null>(null);
  // Once per token: StrictMode runs effects twice on the same instance (refs survive it).
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (startedFor.current === token) return;
    startedFor.current = token;
    void (async () => {
      try {
        const { data } = await claim({ variables: { token } });
        const payload = data?.storeClaimInvite;
        const refusal = payload?.userErrors[0]?.message;
        if (!payload || refusal) {
          toaster.error({
            title: STORE_INVITE_TEXT.failedTitle,
            description: refusal ?? STORE_INVITE_TEXT.failedRetry,
          });
          setNext('/dashboard');
        } else if (payload.claimed > 0) {
          toaster.success({ title: STORE_INVITE_TEXT.claimed });
          setNext('/my-purchases');
        } else {
          toaster.info({ title: STORE_INVITE_TEXT.nothingLeft });
          setNext('/my-purchases');
        }
      } catch {
        toaster.error({ title: STORE_INVITE_TEXT.failedTitle, description: STORE_INVITE_TEXT.failedRetry });
        setNext('/dashboard');
      }
    })();
  }, [claim, token]);

  if (next) return <Navigate to={next} replace />;
  return <PageSpinner label="Adding your store purchase..." />;
}
