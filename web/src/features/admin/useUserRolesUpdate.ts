import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../gql';
import { toaster } from '../../ui/toaster';

const UserRolesUpdateMutationDocument = graphql(`
  mutation UserRolesUpdate($input: UserRolesUpdateInput!) {
    userRolesUpdate(input: $input) {
      user {
        id
        role
        roles
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export interface RolesUserError {
  code: string;
  field?: string | null;
  message: string;
}

/**
 * Replaces a user's roles (admins only). Refusals — such as removing one's own admin role — come
 * back as `userErrors` and are kept for the page to show; success toasts 'Roles updated'. The
 * changed user merges into the cache, so every list and the session see the new roles.
 * Resolves to true on success.
 */
export function useUserRolesUpdate() {
  const [mutate, { loading }] = useMutation(UserRolesUpdateMutationDocument);
  const [userErrors, setUserErrors] = useState<RolesUserError[]>([]);

  const updateRoles = useCallback(
    async (userId: string, roles: string[]): Promise<boolean> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({ variables: { input: { userId, roles } } });
        const payload = data?.userRolesUpdate;
        if (!payload) throw new Error('The server did not answer.');
        if (payload.userErrors.length > 0) {
          setUserErrors(payload.userErrors);
          return false;
        }
        toaster.create({ title: 'Roles updated', type: 'success' });
        return true;
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : 'Please try again.';
        setUserErrors([{ code: 'UNEXPECTED', field: null, message }]);
        toaster.create({ title: 'Roles not updated', description: message, type: 'error' });
        return false;
      }
    },
    [mutate],
  );

  return { updateRoles, loading, userErrors };
}
