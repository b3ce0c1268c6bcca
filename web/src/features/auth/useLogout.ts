import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../gql';
import { queueToastForNextPage, toaster } from '../../ui/toaster';
import { AUTH_TEXT } from './authMessages';

const LogoutMutationDocument = graphql(`
  mutation Logout {
    logout {
      success
      userErrors {
        code
        message
      }
    }
  }
`);

/**
 * Signs out: ends the server session, forgets every cached answer and loads / afresh, where
 * 'Logged out' is shown. A full page load (like sign-in's) is the one way to be sure nothing of the
 * session survives in memory, and no guard of the page being left can bounce to /auth on the way
 * out. A failure keeps the session and shows 'Logout failed'. Resolves to whether it succeeded.
 */
export function useLogout() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(LogoutMutationDocument);

  const logout = useCallback(async (): Promise<boolean> => {
    try {
      const { data } = await mutate();
      if (!data?.logout.success || data.logout.userErrors.length > 0) {
        throw new Error(data?.logout.userErrors[0]?.message ?? 'Logout was not confirmed');
      }
    } catch {
      toaster.error({
        title: AUTH_TEXT.logoutFailedTitle,
        description: AUTH_TEXT.logoutFailedDescription,
      });
      return false;
    }

    await client.clearStore();
    queueToastForNextPage({
      title: AUTH_TEXT.logoutSuccessTitle,
      description: AUTH_TEXT.logoutSuccessDescription,
      type: 'success',
    });
    window.location.assign('/');
    return true;
  }, [client, mutate]);

  return { logout, loading };
}
