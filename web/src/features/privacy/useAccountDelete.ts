import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { type AccountOutcome, settle } from '../account';
import { queueToastForNextPage } from '../../ui/toaster';
import { AccountDeleteMutationDocument } from './privacyDocuments';
import { PRIVACY_TEXT } from './privacyText';

type Payload = {
  success: boolean;
  message?: string | null;
  userErrors: { code: string; field?: string | null; message: string }[];
};

/**
 * Deletes the signed-in account. On success nothing of the session may survive: the cache is
 * cleared and / is loaded afresh (like signing out), where "Account deleted" is shown.
 */
export function useAccountDelete() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(AccountDeleteMutationDocument);

  const remove = useCallback(
    async (proof: { password: string } | { passkeyResponse: string }): Promise<AccountOutcome<Payload>> => {
      const outcome = await settle(
        mutate({ variables: { input: proof } }).then(({ data }) => data?.accountDelete),
      );
      if (!outcome.ok) return outcome;
      await client.clearStore();
      queueToastForNextPage({
        title: PRIVACY_TEXT.deletedTitle,
        description: outcome.payload.message || PRIVACY_TEXT.deletedFallback,
        type: 'success',
      });
      window.location.assign('/');
      return outcome;
    },
    [client, mutate],
  );

  return { remove, loading };
}
