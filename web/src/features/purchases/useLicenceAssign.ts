import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toaster } from '../../ui/toaster';
import { LicenceAssignDocument } from './licenceDocuments';

/**
 * Gives one licence of an order line to a colleague by username. The line in the cache takes the
 * server's answer (licences left, holders); a refusal (unknown member, none left, already has it,
 * yourself) comes back as the message to show under the field, and as a toast.
 */
export function useLicenceAssign() {
  const [mutate, state] = useMutation(LicenceAssignDocument);

  const assign = useCallback(
    async (orderLineId: string, username: string): Promise<{ ok: boolean; error: string | null }> => {
      try {
        const { data } = await mutate({ variables: { input: { orderLineId, username } } });
        const problem = data?.licenceAssign.userErrors[0]?.message ?? (data ? null : 'Please try again.');
        if (problem) {
          toaster.create({ type: 'error', title: 'The licence could not be given', description: problem });
          return { ok: false, error: problem };
        }
        toaster.create({
          type: 'success',
          title: 'Licence given',
          description: `${username} can now download it.`,
        });
        return { ok: true, error: null };
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Please try again.';
        toaster.create({ type: 'error', title: 'The licence could not be given', description: message });
        return { ok: false, error: message };
      }
    },
    [mutate],
  );

  return { assign, loading: state.loading };
}
