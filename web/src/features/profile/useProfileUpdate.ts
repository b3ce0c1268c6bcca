import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../gql';
import type { ProfileUpdateInput } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';

const ProfileUpdateMutationDocument = graphql(`
  mutation ProfileUpdate($input: ProfileUpdateInput!) {
    profileUpdate(input: $input) {
      user {
        id
        firstName
        lastName
        displayName
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export interface ProfileUserError {
  code: string;
  field?: string | null;
  message: string;
}

/**
 * Saves first and last name. Refusals come back as `userErrors` and are kept for the form to
 * show inline; success toasts 'Profile updated'. The changed user merges into the cache, so
 * the header and profile pages update without a refetch. Resolves to true on success.
 */
export function useProfileUpdate() {
  const [mutate, { loading }] = useMutation(ProfileUpdateMutationDocument);
  const [userErrors, setUserErrors] = useState<ProfileUserError[]>([]);

  const update = useCallback(
    async (input: ProfileUpdateInput): Promise<boolean> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({ variables: { input } });
        const payload = data?.profileUpdate;
        if (!payload) throw new Error('The server did not answer.');
        if (payload.userErrors.length > 0) {
          setUserErrors(payload.userErrors);
          return false;
        }
        toaster.create({ title: 'Profile updated', type: 'success' });
        return true;
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : 'Please try again.';
        setUserErrors([{ code: 'UNEXPECTED', field: null, message }]);
        toaster.create({
          title: 'Profile not updated',
          description: message,
          type: 'error',
        });
        return false;
      }
    },
    [mutate],
  );

  return { update, loading, userErrors };
}
