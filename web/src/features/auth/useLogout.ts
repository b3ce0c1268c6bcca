import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearApolloStore } from '../../apollo/client';
import { graphql } from '../../gql';
import { toaster } from '../../ui/toaster';
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
 * Signs out: ends the server session, goes to /, forgets every cached answer (the session
 * query, asked again, now says signed out) and shows 'Logged out'. A failure keeps the session and shows
 * 'Logout failed'. Resolves to whether the sign-out succeeded.
 */
export function useLogout() {
  const client = useApolloClient();
  const navigate = useNavigate();
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

    // Leave the (possibly protected) page first, so no guard bounces to /auth on the way out.
    await navigate('/');
    await clearApolloStore(client);
    toaster.success({
      title: AUTH_TEXT.logoutSuccessTitle,
      description: AUTH_TEXT.logoutSuccessDescription,
    });
    return true;
  }, [client, mutate, navigate]);

  return { logout, loading };
}
