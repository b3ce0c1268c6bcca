import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toaster } from '../../ui/toaster';
import { LicenceRevokeDocument } from './licenceDocuments';

/** Takes back a licence given to a colleague; the line in the cache takes the server's answer. */
export function useLicenceRevoke() {
  const [mutate, state] = useMutation(LicenceRevokeDocument);

  const revoke = useCallback(
    async (orderLineId: string, username: string): Promise<boolean> => {
      try {
        const { data } = await mutate({ variables: { input: { orderLineId, username } } });
        const problem = data?.licenceRevoke.userErrors[0]?.message ?? (data ? null : 'Please try again.');
        if (problem) {
          toaster.create({
            type: 'error',
            title: 'The licence could not be taken back',
            description: problem,
          });
          return false;
        }
        toaster.create({
          type: 'success',
          title: 'Licence taken back',
          description: `${username} no longer has this licence; you can give it again.`,
        });
        return true;
      } catch (error) {
        toaster.create({
          type: 'error',
          title: 'The licence could not be taken back',
          description: error instanceof Error ? error.message : 'Please try again.',
        });
        return false;
      }
    },
    [mutate],
  );

  return { revoke, loading: state.loading };
}
